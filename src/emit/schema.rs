//! The catalog's own JSON Schema, derived with schemars from the contract types.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use crate::contract::ToolCatalog;

/// `$id` of the envelope schema.
pub const SCHEMA_ID: &str = "https://harnlang.com/schemas/harn-tools-v2.schema.json";

/// The Draft 2020-12 schema of a `harn-tools/2.0` catalog, as read (deserialize mode:
/// fields with defaults are not required), `$schema`, `$id`, `title` and
/// `description` first.
pub fn catalog_schema() -> Value {
    let generator = SchemaSettings::draft2020_12().for_deserialize().into_generator();
    let schema = generator.into_root_schema_for::<ToolCatalog>().to_value();
    let Value::Object(generated) = schema else {
        unreachable!("schemars derives an object schema for a struct");
    };
    let mut ordered = Map::new();
    let mut rest = generated;
    if let Some(dialect) = rest.shift_remove("$schema") {
        ordered.insert("$schema".into(), dialect);
    }
    ordered.insert("$id".into(), SCHEMA_ID.into());
    for key in ["title", "description"] {
        if let Some(value) = rest.shift_remove(key) {
            ordered.insert(key.into(), value);
        }
    }
    ordered.extend(rest);
    Value::Object(ordered)
}
