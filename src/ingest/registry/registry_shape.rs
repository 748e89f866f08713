//! `registry-shape`: the top level of a registry declaration,
//! `{tools, info?, components?, cli?}`.

use std::sync::Arc;

use serde_json::Value;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

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

/// The diagnostic for a declaration (at `root`) that is not an object.
pub fn not_an_object(source: &Arc<SourceFile>, root: Pointer) -> Diagnostic {
    REGISTRY_SHAPE
        .diag("a registry declaration must be an object with a \"tools\" list")
        .at(Origin::value(source, root))
}

/// The diagnostic for a top-level `key` (at `at`) that a declaration does not have.
pub fn unknown_key(source: &Arc<SourceFile>, key: &str, at: Pointer) -> Diagnostic {
    REGISTRY_SHAPE
        .diag(format!(
            "unknown top-level key {key:?} in a registry declaration; expected \"tools\", \"info\", \"components\" or \"cli\""
        ))
        .at(Origin::key(source, at))
}

/// The tool specs of the declaration's `tools`, or none, with the refusal in `out`,
/// when it is missing or not a list.
pub fn tool_specs(source: &Arc<SourceFile>, tools: Option<Value>, out: &mut Vec<Diagnostic>) -> Vec<Value> {
    let root = Pointer::root();
    match tools {
        Some(Value::Array(specs)) => specs,
        Some(_) => {
            out.push(
                REGISTRY_SHAPE
                    .diag("\"tools\" must be a list of tool specs")
                    .at(Origin::value(source, root.key("tools"))),
            );
            Vec::new()
        }
        None => {
            out.push(
                REGISTRY_SHAPE.diag("a registry declaration needs a \"tools\" list").at(Origin::value(source, root)),
            );
            Vec::new()
        }
    }
}
