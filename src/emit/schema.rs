//! The catalog's own JSON Schema, derived with schemars from the contract types.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use crate::contract::ToolCatalog;
use crate::contract::declaration::RegistryDeclaration;

/// `$id` of the envelope schema.
pub const SCHEMA_ID: &str = "https://harnlang.com/schemas/harn-tools-v2.schema.json";

/// The Draft 2020-12 schema of a `harn-tools/2.0` catalog, as read (deserialize mode:
/// fields with defaults are not required), `$schema`, `$id`, `title` and
/// `description` first.
pub fn catalog_schema() -> Value {
    let generator = SchemaSettings::draft2020_12().for_deserialize().into_generator();
    let schema = generator.into_root_schema_for::<ToolCatalog>().to_value();
    dialect_title_first(schema, Some(SCHEMA_ID))
}

/// A generated schema with `$schema`, `$id` (when given), `title` and `description`
/// first, the rest in the order schemars wrote it.
pub fn dialect_title_first(schema: Value, id: Option<&str>) -> Value {
    let Value::Object(generated) = schema else {
        unreachable!("schemars derives an object schema for a struct");
    };
    let mut ordered = Map::new();
    let mut rest = generated;
    if let Some(dialect) = rest.shift_remove("$schema") {
        ordered.insert("$schema".into(), dialect);
    }
    if let Some(id) = id {
        ordered.insert("$id".into(), id.into());
    }
    for key in ["title", "description"] {
        if let Some(value) = rest.shift_remove(key) {
            ordered.insert(key.into(), value);
        }
    }
    ordered.extend(rest);
    Value::Object(ordered)
}

/// The Draft 2020-12 schema of a registry declaration, for editors (derived from
/// [`crate::contract::declaration`]): `$schema`, `title` and `description` first.
pub fn declaration_schema() -> Value {
    let generator = SchemaSettings::draft2020_12().for_deserialize().into_generator();
    let mut schema = generator.into_root_schema_for::<RegistryDeclaration>().to_value();
    drop_null_defaults(&mut schema);
    dialect_title_first(schema, None)
}

/// Removes every `"default": null`: an absent optional key is the default, and an
/// editor offering `null` as a completion would only add noise.
fn drop_null_defaults(schema: &mut Value) {
    match schema {
        Value::Object(members) => {
            if members.get("default") == Some(&Value::Null) {
                members.shift_remove("default");
            }
            members.values_mut().for_each(drop_null_defaults);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null_defaults),
        _ => {}
    }
}
