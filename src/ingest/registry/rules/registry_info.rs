//! `registry-info`: the registry's `info` (spec/contract.md a.5), read into the catalog's.

use std::sync::Arc;

use serde_json::Value;

use crate::contract::{NonBlank, ToolRegistryInfo};
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The registry's `info`: an object with only `name` (a required non-empty
    /// string), `version` and `description` (non-empty strings).
    ///
    /// ## Why
    /// `info.name` names the generated CLI and the MCP server; upstream's
    /// `tool_registry` builtin refuses anything else with these messages.
    ///
    /// ## Example
    /// ```json
    /// {"info": {"title": "Widgets"}, "tools": []}
    /// ```
    pub static REGISTRY_INFO = {
        code: "registry-info",
        phase: Catalog,
        severity: Error,
        summary: "the registry's `info` is not `{name, version?, description?}`",
    }
}

/// The registry's `info` at `at`; `None` when absent, or refused into `out`.
pub fn info(
    source: &Arc<SourceFile>,
    value: Value,
    at: &Pointer,
    out: &mut Vec<Diagnostic>,
) -> Option<ToolRegistryInfo> {
    let error = |message: String, at: Origin| REGISTRY_INFO.diag(message).at(at);
    let object = match value {
        Value::Null => return None,
        Value::Object(object) => object,
        _ => {
            out.push(error("tool registry info must be an object".into(), Origin::value(source, at.clone())));
            return None;
        }
    };
    let mut failed = false;
    for key in object.keys().filter(|k| !matches!(k.as_str(), "name" | "version" | "description")) {
        out.push(error(format!("tool registry info contains unknown key {key:?}"), Origin::key(source, at.key(key))));
        failed = true;
    }
    let mut field = |key: &str, required: bool| match object.get(key) {
        Some(Value::String(s)) if !s.is_empty() => Some(NonBlank::from(s.as_str())),
        None | Some(Value::Null) if !required => None,
        found => {
            let place = if found.is_some() { at.key(key) } else { at.clone() };
            out.push(error(
                format!("tool registry info field {key:?} must be a non-empty string"),
                Origin::value(source, place),
            ));
            failed = true;
            None
        }
    };
    let name = field("name", true);
    let version = field("version", false);
    let description = field("description", false);
    if failed {
        return None;
    }
    Some(ToolRegistryInfo { name: name?, version, description })
}
