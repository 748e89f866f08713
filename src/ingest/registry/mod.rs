//! Registry declarations (DECISIONS.md 1) into catalogs: `tools`, `info`,
//! `components` and `cli`, normalised as upstream's `tool_registry_from` and
//! `tool_registry_catalog` would (CONTRACT.md a.2–a.5).

pub mod define;
mod entry;
mod executor;
pub mod fields;
mod input_schema_spelling;
pub mod raw;
mod registry_cli;
mod registry_components;
mod registry_info;

use std::collections::HashMap;

use serde_json::Value;

use super::Document;
use crate::contract::{ToolCatalog, ToolCatalogEntry, ToolCatalogSchemaVersion};
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::provenance::{EntryOrigin, Provenance};

declare_rule! {
    /// ## What it checks
    /// The top level of a registry declaration: an object with a `tools` list and
    /// optionally `info`, `components` and `cli`; no other key.
    ///
    /// ## Why
    /// A misspelt top-level key (`component`, `tool`) would otherwise be ignored and
    /// its content silently lost. A file with `schema_version` at the top is read as a
    /// catalog instead.
    ///
    /// ## Example
    /// ```json
    /// {"tool": [{"name": "lookup_widget"}]}
    /// ```
    pub static REGISTRY_SHAPE = {
        code: "registry-shape",
        phase: Catalog,
        severity: Error,
        summary: "a registry declaration is not `{tools, info?, components?, cli?}`",
    }
}

declare_rule! {
    /// ## What it checks
    /// A tool name defined twice in one registry. As upstream's `tool_define` does,
    /// the last definition wins and takes the last position in the catalog.
    ///
    /// ## Why
    /// The earlier definition disappears from the catalog, which is rarely what a
    /// registry author meant (see [Redefinitions](../spec/declarations.md#redefinitions)).
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "lookup_widget"}, {"name": "lookup_widget"}]}
    /// ```
    pub static REDEFINED_TOOL = {
        code: "redefined-tool",
        phase: Catalog,
        severity: Warning,
        summary: "a tool name is defined twice; the last definition wins",
        help: "rename one of the tools or remove the definition that is not wanted",
    }
}

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
        diagnostics.push(
            REGISTRY_SHAPE
                .diag("a registry declaration must be an object with a \"tools\" list")
                .at(Origin::value(&source, root)),
        );
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
            _ => diagnostics.push(
                REGISTRY_SHAPE
                    .diag(format!(
                        "unknown top-level key {key:?} in a registry declaration; expected \"tools\", \"info\", \"components\" or \"cli\""
                    ))
                    .at(Origin::key(&source, at)),
            ),
        }
    }
    let specs = match tools {
        Some(Value::Array(specs)) => specs,
        Some(_) => {
            diagnostics.push(
                REGISTRY_SHAPE
                    .diag("\"tools\" must be a list of tool specs")
                    .at(Origin::value(&source, root.key("tools"))),
            );
            Vec::new()
        }
        None => {
            diagnostics.push(
                REGISTRY_SHAPE.diag("a registry declaration needs a \"tools\" list").at(Origin::value(&source, root)),
            );
            Vec::new()
        }
    };

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
            diagnostics.push(
                REDEFINED_TOOL
                    .diag(format!(
                        "tool {name:?} is defined again; the last definition wins and moves to the end of the catalog"
                    ))
                    .at(Origin::value(&source, name_at.clone()))
                    .related(Origin::value(&source, earlier_at.clone()), "first defined here"),
            );
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
