//! Contract hashes and the catalog generation (docs/contract-hash.md).
//!
//! A tool's contract hash is the sha256 of the RFC 8785 (JCS) canonical JSON of what
//! a caller relies on: its name, its MCP-projected input, output and error schemas
//! (components bundled under `$defs`, `title` and `description` removed from every
//! schema node), its annotations' hints (without `title`) and its execution. The
//! canonical form is written by [`super::jcs`] when every number is an exact integer,
//! else by `serde_json_canonicalizer` (a maintained JCS crate: ECMAScript number
//! serialisation is what a hand-written one gets wrong).

use serde_json::{Map, Value};

use super::jcs::{self as canonical, Form, NotExact};
use crate::contract::{TOOL_CONTRACT_KEY, ToolCatalog, ToolExecution};
use crate::prepare::mcp::McpTool;
use crate::schema::walk;

/// The schema keywords a contract hash leaves out: annotations for people and
/// models, which a caller does not rely on.
pub const UNHASHED_KEYWORDS: [&str; 2] = ["title", "description"];

pub use crate::digest::sha256;

/// The catalog's generation: the sha256 of its canonical JSON, byte for byte what
/// `harn-catalog schema FILE` prints (compact, one trailing newline).
pub fn generation(catalog: &ToolCatalog) -> String {
    // `emit::canonical_json`'s compact form, written here: emit is above this layer.
    let mut bytes = serde_json::to_vec(catalog).expect("a catalog serialises");
    bytes.push(b'\n');
    sha256(&bytes)
}

/// The generation of an index with skills: `generation` (the catalog's) when there
/// are none; else `sha256:` and the hex sha256 of `generation`, a newline, and for
/// each skill in index order the JCS form of `{"bodyHash", "id", "manifestHash",
/// "provider"}` followed by a newline.
pub fn generation_with_skills(generation: &str, skills: &[super::Capability]) -> String {
    if skills.is_empty() {
        return generation.to_owned();
    }
    let mut bytes = format!("{generation}\n").into_bytes();
    for skill in skills {
        let line = serde_json::json!({
            "id": skill.id,
            "provider": skill.provider,
            "manifestHash": skill.manifest_hash,
            "bodyHash": skill.body_hash,
        });
        bytes.extend(jcs(&line));
        bytes.push(b'\n');
    }
    sha256(&bytes)
}

/// The members of a tool's contract document, each with how it is read (a schema,
/// whose annotations are left out, or data), handed to `with`: `name`, `inputSchema`,
/// and when present `outputSchema`, `errorSchema`, `annotations` (the hints, without
/// `title`) and `execution`, each as the MCP projection (protocol 2025-11-25) gives it.
fn with_members<R>(
    projected: &McpTool,
    execution: Option<&ToolExecution>,
    with: impl FnOnce(&mut dyn Iterator<Item = (&str, &Value, Form<'_>)>) -> R,
) -> R {
    let name = Value::String(projected.name.clone());
    let error = projected.meta.get(TOOL_CONTRACT_KEY).and_then(|contract| contract.get("errorSchema"));
    let mut annotations = projected.annotations.clone();
    annotations.title = None;
    let annotations =
        (!annotations.is_empty()).then(|| serde_json::to_value(&annotations).expect("annotations serialise"));
    let executed = execution.map(|execution| serde_json::to_value(execution).expect("execution serialises"));
    let schema = Form::Schema { skip: &UNHASHED_KEYWORDS };
    let members = [
        Some(("name", &name, Form::Data)),
        Some(("inputSchema", &projected.input_schema, schema)),
        projected.output_schema.as_ref().map(|output| ("outputSchema", output, schema)),
        error.map(|error| ("errorSchema", error, schema)),
        annotations.as_ref().map(|annotations| ("annotations", annotations, Form::Data)),
        executed.as_ref().map(|executed| ("execution", executed, Form::Data)),
    ];
    with(&mut members.into_iter().flatten())
}

/// The document a tool's contract hash is computed over (before JCS): `name`,
/// `inputSchema`, and when present `outputSchema`, `errorSchema`, `annotations` (the
/// hints) and `execution`, the schemas without their annotations.
pub fn contract_document(projected: &McpTool, execution: Option<&ToolExecution>) -> Value {
    with_members(projected, execution, |members| {
        let document = members.map(|(key, value, form)| {
            let value = match form {
                Form::Schema { .. } => unannotated(value.clone()),
                Form::Data => value.clone(),
            };
            (key.to_owned(), value)
        });
        Value::Object(document.collect::<Map<String, Value>>())
    })
}

/// The RFC 8785 canonical JSON of a value.
pub fn jcs(value: &Value) -> Vec<u8> {
    serde_json_canonicalizer::to_vec(value).expect("a JSON value canonicalises")
}

/// The contract hash of a tool: `sha256:` and the hex sha256 of the JCS form of its
/// [`contract_document`], written without building the document ([`canonical::write`]
/// leaves out what `unannotated` removes); when a number needs ECMAScript's
/// formatting, the document is built and canonicalised by the crate (`inspect`
/// prints the document, and the tests check both agree).
pub fn contract_hash(projected: &McpTool, execution: Option<&ToolExecution>) -> String {
    let mut out = Vec::with_capacity(1024);
    match with_members(projected, execution, |members| canonical::object(members, &mut out)) {
        Ok(()) => sha256(&out),
        Err(NotExact) => sha256(&jcs(&contract_document(projected, execution))),
    }
}

/// `schema` without the [`UNHASHED_KEYWORDS`] of any schema node (a property *named*
/// `title` stays: `properties` holds names, not keywords).
fn unannotated(mut schema: Value) -> Value {
    walk::visit_objects_mut(&mut schema, &mut |node| {
        for keyword in UNHASHED_KEYWORDS {
            // A string is the annotation; anything else is not a valid one, and kept.
            if node.get(keyword).is_some_and(Value::is_string) {
                node.shift_remove(keyword);
            }
        }
    });
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn annotations_go_but_properties_named_like_them_stay() {
        let schema = json!({
            "type": "object", "title": "T", "description": "D",
            "properties": {"title": {"type": "string", "description": "the title"}},
            "$defs": {"x": {"description": "gone", "const": {"description": "data stays"}}}
        });
        assert_eq!(
            unannotated(schema),
            json!({
                "type": "object",
                "properties": {"title": {"type": "string"}},
                "$defs": {"x": {"const": {"description": "data stays"}}}
            })
        );
    }

    #[test]
    fn the_hash_is_that_of_the_documents_jcs_form() {
        let tool: McpTool = McpTool {
            name: "t".to_owned(),
            title: "T".to_owned(),
            description: "D".to_owned(),
            input_schema: json!({"type": "object", "description": "in", "properties": {"title": {"type": "string", "title": "x"},
                "n": {"anyOf": [{"type": "integer", "description": "d"}, {"const": {"title": "kept"}}]}},
                "$defs": {"A": {"title": "A", "items": {"description": "i", "enum": [1.0, 2.5]}}}}),
            output_schema: Some(
                json!({"type": "object", "title": "out", "additionalProperties": {"description": "x"}}),
            ),
            annotations: crate::contract::ToolPresentationAnnotations {
                title: None,
                read_only_hint: Some(true),
                ..Default::default()
            },
            icons: None,
            meta: Default::default(),
            output_wrapped: false,
        };
        let document = contract_document(&tool, None);
        assert_eq!(contract_hash(&tool, None), sha256(&jcs(&document)));
        assert!(!String::from_utf8(jcs(&document)).unwrap().contains("\"description\""));
    }

    /// Written directly (every number an exact integer) or through the crate (a
    /// float), the hash is that of the document's JCS form.
    #[test]
    fn both_ways_of_hashing_agree_with_the_document() {
        let schemas = [
            json!({"type": "object", "title": "T", "properties": {"title": {"type": "string", "description": "d"},
                "é": {"enum": ["b", {"description": "data"}], "maxLength": 9007199254740992_u64},
                "😀": {"items": [{"title": "t", "minimum": -3}], "default": {"title": "kept"}}},
                "required": ["title"], "$defs": {"Z": {"const": null}, "A": {"not": {"description": "n"}}}}),
            json!({"type": "object", "properties": {"ratio": {"type": "number", "maximum": 0.5}}}),
            json!({"type": "object", "properties": {"big": {"const": 9007199254740993_u64}}}),
        ];
        for input in schemas {
            let tool = McpTool {
                name: "t".to_owned(),
                title: "T".to_owned(),
                description: "D".to_owned(),
                input_schema: input.clone(),
                output_schema: Some(
                    json!({"type": "object", "description": "out", "properties": {"n": {"type": "integer"}}}),
                ),
                annotations: crate::contract::ToolPresentationAnnotations {
                    title: Some(crate::contract::NonBlank::from("shown")),
                    idempotent_hint: Some(false),
                    ..Default::default()
                },
                icons: None,
                meta: Default::default(),
                output_wrapped: false,
            };
            let execution = ToolExecution { task_support: crate::contract::ToolTaskSupport::Optional };
            for execution in [None, Some(&execution)] {
                let document = contract_document(&tool, execution);
                assert_eq!(contract_hash(&tool, execution), sha256(&jcs(&document)), "{input}");
            }
        }
    }

    #[test]
    fn jcs_sorts_keys_and_writes_numbers_as_ecmascript() {
        let value = json!({"b": 1.0, "a": [1e21, 0.000001, -0.0], "é": "\u{7f}"});
        assert_eq!(String::from_utf8(jcs(&value)).unwrap(), "{\"a\":[1e+21,0.000001,0],\"b\":1,\"é\":\"\u{7f}\"}");
    }
}
