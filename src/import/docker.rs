//! Docker's MCP registry `tools.json`: an array of `{name, description, arguments}`,
//! each argument `{name, type, desc}` with `optional: true` on the optional ones (and
//! `items` on some arrays). Each tool becomes a spec whose `inputSchema` is an object
//! with one property per argument, in the order given, `desc` as its `description`;
//! every argument not marked `optional: true` (or `required: false`) is required.

use serde_json::{Map, Value};

use super::mcp::{describe, shown};
use super::{Failure, IMPORT_SHAPE, IMPORT_TOOL, IMPORT_UNKNOWN_KEY, Loaded, Read};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;

/// The JSON Schema types an argument's `type` may name.
const TYPES: &[&str] = &["string", "integer", "number", "boolean", "array", "object", "null"];

/// The tools of a `tools.json`.
pub fn read(document: &Loaded, diagnostics: &mut Vec<Diagnostic>) -> Result<Vec<Read>, Failure> {
    let Value::Array(tools) = &document.value else {
        return Err(Failure::Rejected(
            IMPORT_SHAPE
                .diag(format!("the file holds {}, not an array of Docker registry tools", describe(&document.value)))
                .at(Origin::value(&document.source, Pointer::root()))
                .help("`import docker` reads a tools.json of Docker's MCP registry: [{\"name\", \"description\", \"arguments\": [{\"name\", \"type\", \"desc\"}]}]; an MCP tools/list is read by `import mcp`"),
        ));
    };
    let mut read = Vec::with_capacity(tools.len());
    for (i, tool) in tools.iter().enumerate() {
        let at = Pointer::root().index(i);
        let Value::Object(tool) = tool else {
            let message = format!("the tool at {} is {}, not an object", shown(&at), describe(tool));
            diagnostics.push(IMPORT_TOOL.diag(message).at(Origin::value(&document.source, at)));
            continue;
        };
        let mut spec = Read { spec: Map::new(), source: document.source.clone(), at, arguments: Vec::new() };
        if let Some(done) = self::tool(&mut spec, tool, diagnostics) {
            read.push(done);
        }
    }
    Ok(read)
}

fn tool(read: &mut Read, tool: &Map<String, Value>, diagnostics: &mut Vec<Diagnostic>) -> Option<Read> {
    let name = super::tool_name(read, tool, diagnostics)?;
    let errors_before = diagnostics.iter().filter(|d| d.is_error()).count();
    read.spec.insert("name".into(), Value::String(name.clone()));
    match tool.get("description") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) => {
            read.spec.insert("description".into(), Value::String(text.clone()));
        }
        Some(_) => {
            let message = format!("tool {name:?}: \"description\" must be a string");
            diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&Pointer::root().key("description"))));
        }
    }
    let mut properties = Map::new();
    let mut required = Vec::new();
    match tool.get("arguments") {
        None | Some(Value::Null) => {}
        Some(Value::Array(arguments)) => {
            for (i, argument) in arguments.iter().enumerate() {
                let at = Pointer::root().key("arguments").index(i);
                if let Some((property, schema, is_required)) = self::argument(read, &name, &at, argument, diagnostics) {
                    if properties.contains_key(&property) {
                        let message = format!("tool {name:?}: argument {property:?} is listed twice");
                        diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&at.key("name"))));
                        continue;
                    }
                    if is_required {
                        required.push(Value::String(property.clone()));
                    }
                    read.arguments.push((property.clone(), at.key("name")));
                    properties.insert(property, schema);
                }
            }
        }
        Some(other) => {
            let message = format!("tool {name:?}: \"arguments\" is {}, not a list of arguments", describe(other));
            diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&Pointer::root().key("arguments"))));
        }
    }
    let mut input = Map::new();
    input.insert("type".into(), "object".into());
    input.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        input.insert("required".into(), Value::Array(required));
    }
    read.spec.insert("inputSchema".into(), Value::Object(input));
    for (key, value) in tool {
        const KNOWN: &[&str] = &["name", "description", "arguments"];
        if !KNOWN.contains(&key.as_str()) {
            super::keep_unknown(read, (key, value.clone()), ("a Docker registry tool", KNOWN), diagnostics);
        }
    }
    let refused = diagnostics.iter().filter(|d| d.is_error()).count() > errors_before;
    let done = Read {
        spec: std::mem::take(&mut read.spec),
        source: read.source.clone(),
        at: read.at.clone(),
        arguments: std::mem::take(&mut read.arguments),
    };
    (!refused).then_some(done)
}

/// One argument as a property: its name, schema and whether it is required.
fn argument(
    read: &Read,
    tool: &str,
    at: &Pointer,
    argument: &Value,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(String, Value, bool)> {
    let Value::Object(argument) = argument else {
        let message = format!("tool {tool:?}: argument {} is {}, not an object", shown(at), describe(argument));
        diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(at)));
        return None;
    };
    let Some(name) = argument.get("name").and_then(Value::as_str).filter(|n| !n.is_empty()) else {
        let message = format!("tool {tool:?}: argument {} has no non-empty string \"name\"", shown(at));
        diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(at)));
        return None;
    };
    let mut schema = Map::new();
    match argument.get("type") {
        Some(Value::String(kind)) if TYPES.contains(&kind.as_str()) => {
            schema.insert("type".into(), Value::String(kind.clone()));
        }
        Some(other) => {
            let message = format!("tool {tool:?}: argument {name:?} has type {other}, which is no JSON Schema type");
            let diagnostic = IMPORT_TOOL
                .diag(message)
                .at(read.origin(&at.key("type")))
                .help(format!("use one of {}", TYPES.join(", ")));
            diagnostics.push(diagnostic);
            return None;
        }
        None => {}
    }
    match argument.get("desc") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) if text.is_empty() => {}
        Some(Value::String(text)) => {
            schema.insert("description".into(), Value::String(text.clone()));
        }
        Some(_) => {
            let message = format!("tool {tool:?}: argument {name:?} has a \"desc\" that is not a string");
            diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&at.key("desc"))));
            return None;
        }
    }
    match argument.get("items") {
        None => {}
        Some(items @ (Value::Object(_) | Value::Bool(_))) => {
            schema.insert("items".into(), items.clone());
        }
        Some(_) => {
            let message = format!("tool {tool:?}: argument {name:?} has \"items\" that is no JSON Schema");
            diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&at.key("items"))));
            return None;
        }
    }
    let mut required = true;
    for (key, means_optional) in [("optional", true), ("required", false)] {
        match argument.get(key) {
            None => {}
            Some(Value::Bool(flag)) if *flag == means_optional => required = false,
            Some(Value::Bool(_)) => {}
            Some(_) => {
                let message = format!("tool {tool:?}: argument {name:?} has a \"{key}\" that is not a boolean");
                diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&at.key(key))));
                return None;
            }
        }
    }
    for key in argument.keys() {
        if !matches!(key.as_str(), "name" | "type" | "desc" | "items" | "optional" | "required") {
            let message =
                format!("tool {tool:?}: argument {name:?} has {key:?}, no key of a Docker argument; left out");
            diagnostics.push(IMPORT_UNKNOWN_KEY.diag(message).at(read.origin_key(&at.key(key))));
        }
    }
    Some((name.to_owned(), Value::Object(schema), required))
}
