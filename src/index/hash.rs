//! Contract hashes and the catalog generation (docs/contract-hash.md).
//!
//! A tool's contract hash is the sha256 of the RFC 8785 (JCS) canonical JSON of what
//! a caller relies on: its name, its MCP-projected input, output and error schemas
//! (components bundled under `$defs`, `title` and `description` removed from every
//! schema node), its annotations' hints (without `title`) and its execution. The
//! canonical form is `serde_json_canonicalizer`'s (a maintained JCS crate: ECMAScript
//! number serialisation and UTF-16 key order are what a hand-written one gets wrong).

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::contract::{TOOL_CONTRACT_KEY, ToolCatalog, ToolExecution};
use crate::project::mcp::McpTool;
use crate::schema::walk;

/// The schema keywords a contract hash leaves out: annotations for people and
/// models, which a caller does not rely on.
pub const UNHASHED_KEYWORDS: [&str; 2] = ["title", "description"];

/// `sha256:` and the lower-case hex digest of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut text = String::with_capacity(7 + 64);
    text.push_str("sha256:");
    for byte in digest.iter() {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

/// The catalog's generation: the sha256 of its canonical JSON, byte for byte what
/// `harn-catalog schema FILE` prints (compact, one trailing newline).
pub fn generation(catalog: &ToolCatalog) -> String {
    // `emit::canonical_json`'s compact form, written here: emit is above this layer.
    let mut bytes = serde_json::to_vec(catalog).expect("a catalog serialises");
    bytes.push(b'\n');
    sha256(&bytes)
}

/// The document a tool's contract hash is computed over (before JCS): `name`,
/// `inputSchema`, and when present `outputSchema`, `errorSchema`, `annotations` and
/// `execution`, each as the MCP projection (protocol 2025-11-25) gives it.
pub fn contract_document(projected: &McpTool, execution: Option<&ToolExecution>) -> Value {
    let mut document = Map::new();
    document.insert("name".to_owned(), Value::String(projected.name.clone()));
    document.insert("inputSchema".to_owned(), unannotated(projected.input_schema.clone()));
    if let Some(output) = &projected.output_schema {
        document.insert("outputSchema".to_owned(), unannotated(output.clone()));
    }
    let error = projected.meta.get(TOOL_CONTRACT_KEY).and_then(|contract| contract.get("errorSchema"));
    if let Some(error) = error {
        document.insert("errorSchema".to_owned(), unannotated(error.clone()));
    }
    let mut annotations = projected.annotations.clone();
    annotations.title = None;
    if !annotations.is_empty() {
        let value = serde_json::to_value(&annotations).expect("annotations serialise");
        document.insert("annotations".to_owned(), value);
    }
    if let Some(execution) = execution {
        document.insert("execution".to_owned(), serde_json::to_value(execution).expect("execution serialises"));
    }
    Value::Object(document)
}

/// The RFC 8785 canonical JSON of a value.
pub fn jcs(value: &Value) -> Vec<u8> {
    serde_json_canonicalizer::to_vec(value).expect("a JSON value canonicalises")
}

/// The contract hash of a tool: `sha256:` and the hex sha256 of the JCS form of its
/// [`contract_document`].
pub fn contract_hash(projected: &McpTool, execution: Option<&ToolExecution>) -> String {
    sha256(&jcs(&contract_document(projected, execution)))
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
    fn jcs_sorts_keys_and_writes_numbers_as_ecmascript() {
        let value = json!({"b": 1.0, "a": [1e21, 0.000001, -0.0], "é": "\u{7f}"});
        assert_eq!(String::from_utf8(jcs(&value)).unwrap(), "{\"a\":[1e+21,0.000001,0],\"b\":1,\"é\":\"\u{7f}\"}");
    }
}
