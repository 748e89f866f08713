//! MCP tools: where a document keeps them (a `tools/list` result, a JSON-RPC response
//! carrying one, an array, a folder of one-tool files), and each `Tool` as a tool spec.
//!
//! An MCP `Tool` maps to a spec key by key (spec/contract.md a.2): `name`, `title`,
//! `description`, `inputSchema`, `outputSchema`, `annotations` (MCP's hints only),
//! `icons` and `execution` keep their names, `_meta` becomes `meta`, which the catalog
//! writes back as `_meta`; any other key is kept under `meta` or reported
//! ([`super::keep_unknown`]).

use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::{
    Failure, IMPORT_NULL_SCHEMA, IMPORT_SHAPE, IMPORT_TOOL, IMPORT_UNKNOWN_KEY, Loaded, Read, json_files, load,
};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

/// Keys of a `tools/list` result besides `tools`: the page's metadata, not tools.
const RESULT_KEYS: &[&str] = &["_meta", "nextCursor", "ttlMs", "resultType", "cacheScope"];

/// The keys of a result (protocol 2026-07-28) that say how long and for whom a client
/// may cache the listing: served by `harn-catalog mcp`, not declared, so reported as
/// left out.
const CACHING_KEYS: &[&str] = &["ttlMs", "cacheScope"];

/// MCP's tool annotations: the hints the catalog keeps (spec/contract.md a.3 step 8).
const HINTS: &[&str] = &["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

/// The tools of one document.
pub fn read(document: &Loaded, diagnostics: &mut Vec<Diagnostic>) -> Result<Vec<Read>, Failure> {
    let (tools, at) = locate(document, diagnostics)?;
    Ok(tools
        .iter()
        .enumerate()
        .filter_map(|(i, tool)| self::tool(&document.source, at.index(i), tool, diagnostics))
        .collect())
}

/// The tools of a folder of one-tool JSON files, in the order of their file names.
pub fn read_folder(folder: &Path, diagnostics: &mut Vec<Diagnostic>) -> Result<Vec<Read>, Failure> {
    let files =
        json_files(folder).map_err(|e| Failure::Unreadable(crate::ingest::rules::unreadable_file(folder, &e)))?;
    if files.is_empty() {
        return Err(Failure::Rejected(IMPORT_SHAPE.diag(format!(
            "the folder {} holds no .json file; a folder is read as one tool per JSON file",
            folder.display()
        ))));
    }
    let mut tools = Vec::with_capacity(files.len());
    for file in files {
        let document = match load(&file) {
            Ok(document) => document,
            Err(Failure::Rejected(d)) => {
                diagnostics.push(d);
                continue;
            }
            Err(unreadable) => return Err(unreadable),
        };
        if !document.value.is_object() {
            diagnostics.push(
                IMPORT_SHAPE
                    .diag(format!("{} is {}, not one tool", file.display(), describe(&document.value)))
                    .at(Origin::value(&document.source, Pointer::root()))
                    .help("a folder is read as one MCP tool object per JSON file"),
            );
            continue;
        }
        tools.extend(tool(&document.source, Pointer::root(), &document.value, diagnostics));
    }
    Ok(tools)
}

/// The list of tools in a document, and where it is.
fn locate<'d>(document: &'d Loaded, diagnostics: &mut Vec<Diagnostic>) -> Result<(&'d [Value], Pointer), Failure> {
    let source = &document.source;
    let refuse =
        |at: Pointer, message: String| Failure::Rejected(IMPORT_SHAPE.diag(message).at(Origin::value(source, at)));
    let object = match &document.value {
        Value::Array(tools) => return Ok((tools, Pointer::root())),
        Value::Object(object) => object,
        other => return Err(refuse(Pointer::root(), format!("the file holds {}, not MCP tools", describe(other)))),
    };
    let (result, at) =
        if object.contains_key("jsonrpc") || object.contains_key("result") || object.contains_key("error") {
            if object.contains_key("error") {
                let message = object.get("error").and_then(|e| e.get("message")).and_then(Value::as_str).unwrap_or("");
                return Err(refuse(
                    Pointer::root().key("error"),
                    format!("the file is a JSON-RPC error response ({message:?}), which carries no tools"),
                ));
            }
            match object.get("result") {
                Some(Value::Object(result)) => (result, Pointer::root().key("result")),
                _ => {
                    return Err(refuse(
                        Pointer::root(),
                        "the JSON-RPC response has no \"result\" object to take the tools from".into(),
                    ));
                }
            }
        } else {
            (object, Pointer::root())
        };
    match result.get("tools") {
        Some(Value::Array(tools)) => {
            for (key, value) in result {
                let unknown = key != "tools" && !RESULT_KEYS.contains(&key.as_str());
                let more_pages = key == "nextCursor" && !value.is_null();
                let caching = CACHING_KEYS.contains(&key.as_str());
                if unknown || more_pages || caching {
                    let message = if more_pages {
                        "the result has a \"nextCursor\": only this page of tools is imported; list the next pages and import them too".to_owned()
                    } else if caching {
                        format!(
                            "the listing's {key:?} ({value}) is how long clients may cache it, which a declaration does not hold; left out"
                        )
                    } else {
                        format!("{key:?} is no key of a tools/list result; left out")
                    };
                    let mut diagnostic = IMPORT_UNKNOWN_KEY.diag(message).at(Origin::key(source, at.key(key)));
                    if caching {
                        diagnostic = diagnostic.help("set it where the catalog is served: `harn-catalog mcp --ttl-ms --cache-scope`, or [mcp] in harn-catalog.toml");
                    }
                    diagnostics.push(diagnostic);
                }
            }
            Ok((tools, at.key("tools")))
        }
        Some(other) => Err(refuse(at.key("tools"), format!("\"tools\" is {}, not an array of tools", describe(other)))),
        None if result.contains_key("name") => Err(Failure::Rejected(
            IMPORT_SHAPE
                .diag("the file holds one tool, not a list of them")
                .at(Origin::value(source, at))
                .help("wrap it as {\"tools\": [...]}, or import the folder that holds it and its siblings"),
        )),
        None => {
            let keys: Vec<&str> = result.keys().map(String::as_str).take(5).collect();
            Err(refuse(
                at,
                format!("an object without \"tools\" (its keys: {}) is no shape the importer reads", keys.join(", ")),
            ))
        }
    }
}

/// `an object`, `a string`, ... for messages.
pub fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The tool at `at` as a spec; `None`, with an error, when it is malformed.
fn tool(source: &Arc<SourceFile>, at: Pointer, value: &Value, diagnostics: &mut Vec<Diagnostic>) -> Option<Read> {
    let Value::Object(tool) = value else {
        let message = format!("the tool at {} is {}, not an object", shown(&at), describe(value));
        diagnostics.push(IMPORT_TOOL.diag(message).at(Origin::value(source, at)));
        return None;
    };
    let mut read = Read { spec: Map::new(), source: source.clone(), at, arguments: Vec::new() };
    let name = super::tool_name(&read, tool, diagnostics)?;
    read.spec.insert("name".into(), Value::String(name.clone()));
    let errors_before = diagnostics.iter().filter(|d| d.is_error()).count();
    let wrong = |read: &Read, key: &str, expected: &str, diagnostics: &mut Vec<Diagnostic>| {
        let message = format!("tool {name:?}: \"{key}\" must be {expected}");
        diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&Pointer::root().key(key))));
    };
    for key in ["title", "description"] {
        match tool.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::String(text)) => {
                read.spec.insert(key.into(), Value::String(text.clone()));
            }
            Some(_) => wrong(&read, key, "a string", diagnostics),
        }
    }
    for key in ["inputSchema", "outputSchema"] {
        match tool.get(key) {
            None => {}
            Some(Value::Null) => {
                let message = format!("tool {name:?}: \"{key}\" is null; the declaration leaves it out");
                diagnostics.push(IMPORT_NULL_SCHEMA.diag(message).at(read.origin(&Pointer::root().key(key))));
            }
            Some(schema @ (Value::Object(_) | Value::Bool(_))) => {
                let upgraded = super::schema(&read, &Pointer::root().key(key), schema, diagnostics);
                read.spec.insert(key.into(), upgraded);
            }
            Some(_) => wrong(&read, key, "a JSON Schema object", diagnostics),
        }
    }
    match tool.get("annotations") {
        None | Some(Value::Null) => {}
        Some(Value::Object(annotations)) => {
            let mut kept = Map::new();
            for (key, value) in annotations {
                if HINTS.contains(&key.as_str()) {
                    kept.insert(key.clone(), value.clone());
                } else {
                    let message = format!(
                        "tool {name:?}: annotation {key:?} is none of MCP's hints, which are all the catalog keeps; left out"
                    );
                    let origin = read.origin_key(&Pointer::root().key("annotations").key(key));
                    diagnostics.push(IMPORT_UNKNOWN_KEY.diag(message).at(origin));
                }
            }
            if !kept.is_empty() {
                read.spec.insert("annotations".into(), Value::Object(kept));
            }
        }
        Some(_) => wrong(&read, "annotations", "an object", diagnostics),
    }
    for (key, expected, is) in
        [("icons", "a list", Value::is_array as fn(&Value) -> bool), ("execution", "an object", Value::is_object)]
    {
        match tool.get(key) {
            None | Some(Value::Null) => {}
            Some(value) if is(value) => {
                read.spec.insert(key.into(), value.clone());
            }
            Some(_) => wrong(&read, key, expected, diagnostics),
        }
    }
    match tool.get("_meta") {
        None | Some(Value::Null) => {}
        Some(Value::Object(meta)) => {
            read.spec.insert("meta".into(), Value::Object(meta.clone()));
        }
        Some(_) => wrong(&read, "_meta", "an object", diagnostics),
    }
    const KNOWN: &[&str] =
        &["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "execution", "_meta"];
    for (key, value) in tool {
        if !KNOWN.contains(&key.as_str()) {
            super::keep_unknown(&mut read, (key, value.clone()), ("an MCP tool", KNOWN), diagnostics);
        }
    }
    let refused = diagnostics.iter().filter(|d| d.is_error()).count() > errors_before;
    (!refused).then_some(read)
}

/// A pointer for a message: `/tools/3`, or `the file's root`.
pub fn shown(at: &Pointer) -> String {
    if at.is_root() { "the file's root".to_owned() } else { at.to_string() }
}
