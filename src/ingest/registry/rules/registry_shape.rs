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
    /// optionally `info`, `components` and `cli`; no other key but extension keys,
    /// which start with `x-` and are ignored (spec/decisions.md 1: a home for YAML anchors
    /// that several tools share, as in docker-compose files and OpenAPI).
    ///
    /// ## Why
    /// A misspelt top-level key (`component`, `tool`) would otherwise be ignored and
    /// its content silently lost; the help line names the key it most likely stands
    /// for. A file with `schema_version` at the top is read as a catalog instead.
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

/// The top-level keys of a declaration.
const KEYS: [&str; 4] = ["tools", "info", "components", "cli"];

/// Whether a top-level `key` is an extension key, ignored (spec/decisions.md 1).
pub fn is_extension(key: &str) -> bool {
    key.starts_with("x-")
}

/// The diagnostic for a top-level `key` (at `at`) that a declaration does not have.
pub fn unknown_key(source: &Arc<SourceFile>, key: &str, at: Pointer) -> Diagnostic {
    let help = match crate::diagnostics::suggest(key, KEYS) {
        Some(known) => format!("did you mean {known:?}? Keys of your own start with \"x-\", which is ignored"),
        None => "remove it, or rename it to start with \"x-\" (an extension key, ignored), as for shared YAML anchors"
            .to_owned(),
    };
    REGISTRY_SHAPE
        .diag(format!(
            "unknown top-level key {key:?} in a registry declaration; expected \"tools\", \"info\", \"components\" or \"cli\""
        ))
        .at(Origin::key(source, at))
        .help(help)
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
