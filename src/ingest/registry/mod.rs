//! Registry declarations (spec/decisions.md 1) into catalogs: `tools`, `info`,
//! `components` and `cli`, normalised as upstream's `tool_registry_from` and
//! `tool_registry_catalog` would (spec/contract.md a.2–a.5).

pub mod define;
mod entry;
pub mod raw;
pub mod rules;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde_json::Value;

use super::{Document, SplitDocument, json};
use crate::contract::{ToolCatalog, ToolCatalogEntry, ToolCatalogSchemaVersion};
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::pointer::Pointer;
use crate::provenance::{EntryOrigin, Provenance};
use crate::source::SourceFile;

/// A registry declaration normalised into a catalog. The catalog holds every entry
/// that normalised; when `diagnostics` has errors it is partial and only good for
/// further checking, never for output.
pub struct Normalized {
    pub catalog: ToolCatalog,
    pub provenance: Provenance,
    /// Definitions replaced by a later one of the same name. Upstream compiles every
    /// definition's schemas as it is defined (spec/contract.md a.3 step 7), so these are
    /// still checked for that. Boxed: an entry is large, and a generated registry may
    /// redefine one tool hundreds of thousands of times.
    pub superseded: Vec<(Box<ToolCatalogEntry>, EntryOrigin)>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A tool's entry and where it was defined.
pub(crate) type Entry = (ToolCatalogEntry, EntryOrigin);

/// A tool spec that had a usable name: the name, where it is written, and its entry
/// unless a field was refused.
pub(crate) struct Named {
    pub name: String,
    pub name_at: Pointer,
    pub entry: Option<Entry>,
}

/// A tool's entry, boxed, and where it was defined.
type Defined = (Box<ToolCatalogEntry>, EntryOrigin);

/// One tool spec after `tool_define` and normalisation: its name, where that is
/// written and its entry (`None` when a field was refused), unless the spec had no
/// usable name; and what was found on the way.
struct Definition {
    named: Option<(String, Pointer, Option<Defined>)>,
    found: Vec<Diagnostic>,
}

/// One tool spec (the value at `at` in `source`) through `tool_define` and the
/// normaliser: its name and where that is written, with its entry and origin unless a
/// field was refused; nothing when the spec has no usable name. With what was found on
/// the way. Every spec of a registry goes through it, and so does each tool's schema
/// document of a harness directory (`ingest::harness`).
pub(crate) fn define_tool(
    source: &std::sync::Arc<crate::source::SourceFile>,
    spec: Value,
    at: Pointer,
) -> (Option<Named>, Vec<Diagnostic>) {
    let mut found = Vec::new();
    let Some(raw) = define::define(source, spec, at, &mut found) else {
        return (None, found);
    };
    let (name, name_at) = (raw.name.clone(), raw.name_at.clone());
    let entry = entry::normalize(source, raw, &mut found);
    (Some(Named { name, name_at, entry }), found)
}

pub fn normalize(document: Document) -> Normalized {
    let Document { source, value } = document;
    let specs = |source: &Arc<SourceFile>, tools, out: &mut Vec<Diagnostic>| {
        rules::registry_shape::tool_specs(source, tools, out)
    };
    normalize_specs(source, value, specs, Some).expect("a spec already read is always read")
}

/// [`normalize`] of a large registry whose tools are read as they are normalised,
/// each on the thread that normalises it (see [`SplitDocument`]): their parsed values
/// never all exist at once, and the memory one leaves is reused by the next. `Err`
/// gives the source back when an element does not read: the whole-document reader
/// then words the error.
pub fn normalize_split(document: SplitDocument) -> Result<Normalized, Arc<SourceFile>> {
    let SplitDocument { source, split } = document;
    let floats = AtomicBool::new(split.floats);
    let text = source.clone();
    let read = |range: std::ops::Range<usize>| {
        let (value, float) = json::element(&text.text, range)?;
        if float {
            floats.store(true, Ordering::Relaxed);
        }
        Some(value)
    };
    let tools = split.tools;
    let specs = move |_: &Arc<SourceFile>, _, _: &mut Vec<Diagnostic>| tools;
    let Some(mut normalized) = normalize_specs(source.clone(), Value::Object(split.root), specs, read) else {
        return Err(source);
    };
    // Only a literal read as a float can be rounded (see ingest::parse_shared); what
    // the readers report comes before what normalisation does.
    if floats.into_inner() {
        let mut read = super::rules::inexact_number::in_json(&source);
        read.append(&mut normalized.diagnostics);
        normalized.diagnostics = read;
    }
    Ok(normalized)
}

/// The normaliser of a registry `value`, its tools' specs found by `specs_of` (from
/// the `tools` member) and each read by `read` as it is normalised; `None` when one
/// does not read.
fn normalize_specs<S: Send>(
    source: Arc<SourceFile>,
    value: Value,
    specs_of: impl FnOnce(&Arc<SourceFile>, Option<Value>, &mut Vec<Diagnostic>) -> Vec<S>,
    read: impl Fn(S) -> Option<Value> + Sync,
) -> Option<Normalized> {
    let mut diagnostics = Vec::new();
    let mut catalog = ToolCatalog {
        schema_version: ToolCatalogSchemaVersion::V2,
        info: None,
        cli: None,
        tools: Vec::new(),
        components: None,
    };
    let mut provenance = Provenance::identity(source.clone(), 0);
    let root = Pointer::root();
    let Value::Object(top) = value else {
        diagnostics.push(rules::registry_shape::not_an_object(&source, root));
        return Some(Normalized { catalog, provenance, superseded: Vec::new(), diagnostics });
    };
    let mut tools = None;
    for (key, value) in top {
        let at = root.key(&key);
        match key.as_str() {
            "tools" => tools = Some(value),
            "info" => catalog.info = rules::registry_info::info(&source, value, &at, &mut diagnostics),
            "components" => {
                catalog.components = rules::registry_components::components(&source, value, &at, &mut diagnostics)
            }
            "cli" => catalog.cli = rules::registry_cli::cli(&source, value, &at, &mut diagnostics),
            extension if rules::registry_shape::is_extension(extension) => {}
            // An editor's pointer to the declaration's JSON Schema (spec/declarations.md).
            "$schema" => {}
            _ => diagnostics.push(rules::registry_shape::unknown_key(&source, &key, at)),
        }
    }
    let specs = specs_of(&source, tools, &mut diagnostics);

    // Each definition is checked and normalised on its own, in parallel; then, in
    // tool_define order, a redefinition replaces the earlier entry and moves to the end.
    let tools_at = Pointer::root().key("tools");
    // Collected into `Option`s, not through `collect::<Option<Vec<_>>>`: that collect is
    // unindexed, so rayon gathers chunks grown by doubling and then appends them, and
    // on a 10,000-tool registry the copies and outgrown buffers cost 9 MB of peak
    // memory; this one writes each definition into its slot of one vector.
    let defined: Vec<Option<Definition>> = specs
        .into_par_iter()
        .enumerate()
        .map(|(j, spec)| {
            let (named, found) = define_tool(&source, read(spec)?, tools_at.index(j));
            // Boxed until the end, so that a slot costs a pointer (see `Normalized::superseded`).
            let named = named.map(|Named { name, name_at, entry }| {
                (name, name_at, entry.map(|(entry, origin)| (Box::new(entry), origin)))
            });
            Some(Definition { named, found })
        })
        .collect();
    if defined.iter().any(Option::is_none) {
        return None;
    }
    let mut superseded = Vec::new();
    let mut kept: Vec<Option<Defined>> = Vec::with_capacity(defined.len());
    let mut by_name: HashMap<String, (usize, Pointer)> =
        HashMap::with_capacity_and_hasher(defined.len(), Default::default());
    for Definition { named, found } in defined.into_iter().flatten() {
        diagnostics.extend(found);
        let Some((name, name_at, normalized)) = named else {
            continue;
        };
        if let Some((earlier, earlier_at)) = by_name.get(&name) {
            diagnostics.push(rules::redefined_tool::redefined(&source, &name, name_at.clone(), earlier_at.clone()));
            superseded.extend(kept[*earlier].take());
        }
        by_name.insert(name, (kept.len(), name_at));
        kept.push(normalized);
    }
    // Sized once: grown by doubling, a large registry's entries were copied, and the
    // outgrown buffers kept, several times over.
    let count = kept.iter().flatten().count();
    catalog.tools.reserve_exact(count);
    provenance.tools.reserve_exact(count);
    for (entry, origin) in kept.into_iter().flatten() {
        catalog.tools.push(*entry);
        provenance.tools.push(origin);
    }
    Some(Normalized { catalog, provenance, superseded, diagnostics })
}
