//! Registry declarations (DECISIONS.md 1) into catalogs: `tools`, `info`,
//! `components` and `cli`, normalised as upstream's `tool_registry_from` and
//! `tool_registry_catalog` would (CONTRACT.md a.2–a.5).

pub mod define;
mod entry;
pub(crate) mod executor;
pub mod fields;
mod input_schema_spelling;
pub mod raw;
mod redefined_tool;
mod registry_cli;
mod registry_components;
mod registry_info;
mod registry_shape;
mod shadowed_key;
mod tool_spec;

use std::collections::HashMap;

use serde_json::Value;

use super::Document;
use crate::contract::{ToolCatalog, ToolCatalogEntry, ToolCatalogSchemaVersion};
use crate::diagnostics::Diagnostic;
use crate::pointer::Pointer;
use crate::provenance::{EntryOrigin, Provenance};

/// A registry declaration normalised into a catalog. The catalog holds every entry
/// that normalised; when `diagnostics` has errors it is partial and only good for
/// further checking, never for output.
pub struct Normalized {
    pub catalog: ToolCatalog,
    pub provenance: Provenance,
    /// Definitions replaced by a later one of the same name. Upstream compiles every
    /// definition's schemas as it is defined (CONTRACT.md a.3 step 7), so these are
    /// still checked for that. Boxed: an entry is large, and a generated registry may
    /// redefine one tool hundreds of thousands of times.
    pub superseded: Vec<(Box<ToolCatalogEntry>, EntryOrigin)>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn normalize(document: Document) -> Normalized {
    let Document { source, value } = document;
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
        diagnostics.push(registry_shape::not_an_object(&source, root));
        return Normalized { catalog, provenance, superseded: Vec::new(), diagnostics };
    };
    let mut tools = None;
    for (key, value) in top {
        let at = root.key(&key);
        match key.as_str() {
            "tools" => tools = Some(value),
            "info" => catalog.info = registry_info::info(&source, value, &at, &mut diagnostics),
            "components" => catalog.components = registry_components::components(&source, value, &at, &mut diagnostics),
            "cli" => catalog.cli = registry_cli::cli(&source, value, &at, &mut diagnostics),
            _ => diagnostics.push(registry_shape::unknown_key(&source, &key, at)),
        }
    }
    let specs = registry_shape::tool_specs(&source, tools, &mut diagnostics);

    // tool_define order: each definition is checked, a redefinition replaces the
    // earlier entry and moves to the end.
    let tools_at = Pointer::root().key("tools");
    let mut superseded = Vec::new();
    // Boxed until the end, so that a slot costs a pointer (see `Normalized::superseded`).
    let mut kept: Vec<Option<(Box<ToolCatalogEntry>, EntryOrigin)>> = Vec::with_capacity(specs.len());
    let mut by_name: HashMap<String, (usize, Pointer)> = HashMap::with_capacity(specs.len());
    for (j, spec) in specs.into_iter().enumerate() {
        let Some(raw) = define::define(&source, spec, tools_at.index(j), &mut diagnostics) else {
            continue;
        };
        let (name, name_at) = (raw.name.clone(), raw.name_at.clone());
        let normalized = entry::normalize(&source, raw, &mut diagnostics);
        if let Some((earlier, earlier_at)) = by_name.get(&name) {
            diagnostics.push(redefined_tool::redefined(&source, &name, name_at.clone(), earlier_at.clone()));
            superseded.extend(kept[*earlier].take());
        }
        by_name.insert(name, (kept.len(), name_at));
        kept.push(normalized.map(|(entry, origin)| (Box::new(entry), origin)));
    }
    for (entry, origin) in kept.into_iter().flatten() {
        catalog.tools.push(*entry);
        provenance.tools.push(origin);
    }
    Normalized { catalog, provenance, superseded, diagnostics }
}
