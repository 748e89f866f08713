//! `registry-components`: the registry's `components` (spec/contract.md a.5), read into
//! the catalog's.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::contract::ToolCatalogComponents;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The registry's `components`: an object with a `schemas` object of named JSON
    /// Schemas. Other keys beside `schemas` are ignored, as upstream does.
    ///
    /// ## Why
    /// Tool schemas reference these as `#/components/schemas/<name>`.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"Widget": {"type": "object"}}, "tools": []}
    /// ```
    pub static REGISTRY_COMPONENTS = {
        code: "registry-components",
        phase: Catalog,
        severity: Error,
        summary: "the registry's `components` has no `schemas` object",
    }
}

/// The registry's `components` at `at`; `None` when absent, or refused into `out`.
pub fn components(
    source: &Arc<SourceFile>,
    value: Value,
    at: &Pointer,
    out: &mut Vec<Diagnostic>,
) -> Option<ToolCatalogComponents> {
    let mut object: Map<String, Value> = match value {
        Value::Null => return None,
        Value::Object(object) if object.contains_key("schemas") => object,
        _ => {
            out.push(
                REGISTRY_COMPONENTS
                    .diag("tool registry components must be an object with a schemas field")
                    .at(Origin::value(source, at.clone())),
            );
            return None;
        }
    };
    match object.remove("schemas") {
        Some(Value::Object(schemas)) => Some(ToolCatalogComponents { schemas: schemas.into_iter().collect() }),
        _ => {
            out.push(
                REGISTRY_COMPONENTS
                    .diag("tool registry components.schemas must be an object of named JSON Schemas")
                    .at(Origin::value(source, at.key("schemas"))),
            );
            None
        }
    }
}
