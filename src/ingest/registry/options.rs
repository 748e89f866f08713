//! The registry options `info`, `components` and `cli` (CONTRACT.md a.5).

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::contract::{NonBlank, ToolCatalogComponents, ToolCliTreeSpec, ToolRegistryInfo};
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::registry::fields::cli::json_pointer_of;
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

declare_rule! {
    /// ## What it checks
    /// The registry's `cli`: parent-command metadata read strictly as
    /// `{commands: [{command, title?, description?, aliases?, hidden?, display_order?}]}`.
    /// Whether each path names a parent command is checked in the prepare phase.
    ///
    /// ## Why
    /// Unknown keys and wrong types would be dropped or misread by the CLI generator.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"commands": [{"path": ["widgets"]}]}, "tools": []}
    /// ```
    pub static REGISTRY_CLI = {
        code: "registry-cli",
        phase: Catalog,
        severity: Error,
        summary: "the registry's `cli` metadata does not read as `{commands: [...]}`",
    }
}

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

pub fn cli(source: &Arc<SourceFile>, value: Value, at: &Pointer, out: &mut Vec<Diagnostic>) -> Option<ToolCliTreeSpec> {
    if value.is_null() {
        return None;
    }
    let mut track = serde_path_to_error::Track::new();
    let deserializer = serde_path_to_error::Deserializer::new(&value, &mut track);
    match <ToolCliTreeSpec as serde::Deserialize>::deserialize(deserializer) {
        Ok(spec) => Some(spec),
        Err(error) => {
            let inner = Pointer::parse(&json_pointer_of(&track.path())).unwrap_or_default();
            out.push(
                REGISTRY_CLI
                    .diag(format!("tool registry CLI metadata is invalid: {error}"))
                    .at(Origin::value(source, at.join(&inner))),
            );
            None
        }
    }
}
