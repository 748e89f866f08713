//! Contract hashes and the catalog generation (docs/contract-hash.md).
//!
//! A tool's contract hash is the sha256 of the RFC 8785 (JCS) canonical JSON of what
//! a caller relies on: its name, its MCP-projected input, output and error schemas
//! (components bundled under `$defs`, `title` and `description` removed from every
//! schema node), its annotations' hints (without `title`) and its execution. The
//! canonical form is `serde_json_canonicalizer`'s (a maintained JCS crate: ECMAScript
//! number serialisation and UTF-16 key order are what a hand-written one gets wrong).

use serde_json::{Map, Value};

use crate::contract::{TOOL_CONTRACT_KEY, ToolCatalog, ToolExecution};
use crate::project::mcp::McpTool;
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
/// [`contract_document`]. Computed without building the document: its schemas are
/// serialised through `Unannotated`, which skips what `unannotated` removes
/// (`inspect` prints the document, and the tests check both agree).
pub fn contract_hash(projected: &McpTool, execution: Option<&ToolExecution>) -> String {
    let mut document: Map<String, Value> = Map::new();
    document.insert("name".to_owned(), Value::String(projected.name.clone()));
    let error = projected.meta.get(TOOL_CONTRACT_KEY).and_then(|contract| contract.get("errorSchema"));
    let mut annotations = projected.annotations.clone();
    annotations.title = None;
    if !annotations.is_empty() {
        document.insert("annotations".to_owned(), serde_json::to_value(&annotations).expect("annotations serialise"));
    }
    if let Some(execution) = execution {
        document.insert("execution".to_owned(), serde_json::to_value(execution).expect("execution serialises"));
    }
    let view = View {
        plain: &document,
        input: Unannotated(&projected.input_schema),
        output: projected.output_schema.as_ref().map(Unannotated),
        error: error.map(Unannotated),
    };
    sha256(&serde_json_canonicalizer::to_vec(&view).expect("a contract canonicalises"))
}

/// The contract document as [`contract_hash`] serialises it (JCS sorts the members).
struct View<'v> {
    plain: &'v Map<String, Value>,
    input: Unannotated<'v>,
    output: Option<Unannotated<'v>>,
    error: Option<Unannotated<'v>>,
}

impl serde::Serialize for View<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in self.plain {
            map.serialize_entry(key, value)?;
        }
        map.serialize_entry("inputSchema", &self.input)?;
        if let Some(output) = &self.output {
            map.serialize_entry("outputSchema", output)?;
        }
        if let Some(error) = &self.error {
            map.serialize_entry("errorSchema", error)?;
        }
        map.end()
    }
}

/// A schema node serialised without its [`UNHASHED_KEYWORDS`] (string-valued), its
/// subschemas likewise, instance data as it is: [`unannotated`] without the copy.
struct Unannotated<'v>(&'v Value);

impl serde::Serialize for Unannotated<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        use walk::Holds;
        let Value::Object(node) = self.0 else {
            return self.0.serialize(serializer);
        };
        let mut map = serializer.serialize_map(None)?;
        for (keyword, value) in node {
            if UNHASHED_KEYWORDS.contains(&keyword.as_str()) && value.is_string() {
                continue;
            }
            match (walk::holds(keyword), value) {
                (Holds::One, value) => map.serialize_entry(keyword, &Unannotated(value))?,
                (Holds::List, Value::Array(items)) => map.serialize_entry(keyword, &List(items))?,
                (Holds::Map, Value::Object(members)) => map.serialize_entry(keyword, &Members(members))?,
                _ => map.serialize_entry(keyword, value)?,
            }
        }
        return map.end();

        struct List<'v>(&'v [Value]);
        impl serde::Serialize for List<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
                for item in self.0 {
                    seq.serialize_element(&Unannotated(item))?;
                }
                seq.end()
            }
        }
        struct Members<'v>(&'v Map<String, Value>);
        impl serde::Serialize for Members<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (name, member) in self.0 {
                    map.serialize_entry(name, &Unannotated(member))?;
                }
                map.end()
            }
        }
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

    #[test]
    fn jcs_sorts_keys_and_writes_numbers_as_ecmascript() {
        let value = json!({"b": 1.0, "a": [1e21, 0.000001, -0.0], "é": "\u{7f}"});
        assert_eq!(String::from_utf8(jcs(&value)).unwrap(), "{\"a\":[1e+21,0.000001,0],\"b\":1,\"é\":\"\u{7f}\"}");
    }
}
