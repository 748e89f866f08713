//! Schemas of the fields that hold JSON Schema documents or open objects, which
//! schemars cannot infer from `serde_json::Value`.

use schemars::{Schema, SchemaGenerator, json_schema};

use super::text::NON_BLANK_PATTERN;

/// A JSON Schema: `true`, `false` or an object.
pub fn json_schema_document(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "oneOf": [{ "type": "boolean" }, { "type": "object" }] })
}

/// An optional JSON Schema document.
pub fn optional_json_schema_document(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "oneOf": [{ "type": "boolean" }, { "type": "object" }, { "type": "null" }] })
}

/// An input schema: an object with an explicit `type: "object"` root.
pub fn input_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "properties": { "type": { "const": "object" } },
        "required": ["type"]
    })
}

/// The named component schemas: non-blank names to schema documents.
pub fn component_schemas(generator: &mut SchemaGenerator) -> Schema {
    let document = json_schema_document(generator);
    json_schema!({
        "type": "object",
        "propertyNames": { "pattern": NON_BLANK_PATTERN },
        "additionalProperties": document
    })
}
