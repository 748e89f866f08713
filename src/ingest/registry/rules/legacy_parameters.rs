//! Lowering the legacy per-parameter map to an object-root input schema (a.3 step 5).

use serde_json::{Map, Value, json};

use crate::contract::ShorthandType;
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field};
use crate::pointer::Pointer;
use crate::provenance::LoweredOrigins;

declare_rule! {
    /// ## What it checks
    /// The legacy `parameters` map: an object from parameter name to either a type
    /// string (`"string"`, `"int"`, `"any"`, …) or a definition object (with a JSON
    /// Schema under `schema`, or schema keywords with a `type` alias). It must not be a
    /// complete object-root schema: that belongs under `inputSchema`.
    ///
    /// ## Why
    /// The map is lowered to `{"type":"object","properties":…,"required":[…]}` with
    /// Harn's type aliases (`int`→`integer`, `float`→`number`, `bool`→`boolean`,
    /// `list`→`array`, `dict`→`object`; `any` and `unknown` drop `type`). A value the
    /// lowering cannot read would otherwise become a wrong schema.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "parameters": {"id": "uuid", "verbose": 1}}
    /// ```
    pub static LEGACY_PARAMETERS = {
        code: "legacy-parameters",
        phase: Catalog,
        severity: Error,
        summary: "a legacy `parameters` map cannot be lowered to a schema",
    }
}

/// Every type name a parameter may give, for the did-you-mean of an unknown one.
fn type_names() -> impl Iterator<Item = &'static str> {
    ShorthandType::ALL.iter().map(|t| t.as_str())
}

/// Names of JSON Schema formats that people write as a parameter's type.
const STRING_FORMATS: &[&str] =
    &["uuid", "uri", "date", "date-time", "time", "duration", "email", "hostname", "ipv4", "ipv6"];

/// The help line of an unknown type name `t`: the string format it names, else the
/// type name it most likely misspells, else the type names.
fn type_help(t: &str) -> String {
    if STRING_FORMATS.contains(&t) {
        return format!("a {t} is a string of a format: write {{\"type\": \"string\", \"format\": \"{t}\"}}");
    }
    match crate::diagnostics::suggest(t, type_names()) {
        Some(meant) => format!("did you mean {meant:?}?"),
        None => format!("use one of {}", type_names().collect::<Vec<_>>().join(", ")),
    }
}

/// Harn's type spelling to JSON Schema's: `Some(None)` drops `type`, `None` is unknown.
fn map_type(t: &str) -> Option<Option<&'static str>> {
    ShorthandType::parse(t).map(ShorthandType::json_type)
}

/// The lowered schema and where its parts were written.
pub struct Lowered {
    pub schema: Value,
    pub origins: LoweredOrigins,
}

/// Lowers `parameters` (absent means no parameters).
pub fn lower(cx: &mut EntryCtx<'_>, field: Option<Field>) -> Lowered {
    let empty = || Lowered { schema: json!({"type": "object", "properties": {}}), origins: LoweredOrigins::default() };
    let Some(Field { value, at }) = field else {
        return empty();
    };
    let params = match value {
        Value::Object(params) => params,
        _ => {
            cx.error(
                LEGACY_PARAMETERS,
                ": tool parameters must be a per-parameter definition object; use input_schema for a complete JSON Schema",
                &at,
            );
            return empty();
        }
    };
    if params.get("type").and_then(Value::as_str) == Some("object") && params.contains_key("properties") {
        cx.error(
            LEGACY_PARAMETERS,
            " field \"parameters\" holds an object-root JSON Schema; declare a complete schema under \"inputSchema\" instead",
            &at,
        );
        return empty();
    }
    let mut properties = Map::with_capacity(params.len());
    let mut required = Vec::new();
    let mut origins = Vec::with_capacity(params.len());
    for (name, definition) in params {
        let param_at = at.key(&name);
        let lowered = match definition {
            Value::String(shorthand) => match map_type(&shorthand) {
                Some(Some(t)) => Some((json!({ "type": t }), param_at.clone())),
                Some(None) => Some((json!({}), param_at.clone())),
                None => {
                    cx.error_with_help(
                        LEGACY_PARAMETERS,
                        format_args!(": tool parameter {name:?} has unknown shorthand type {shorthand:?}"),
                        &param_at,
                        type_help(&shorthand),
                    );
                    None
                }
            },
            Value::Object(mut definition) => {
                if definition.get("required") == Some(&Value::Bool(true)) {
                    required.push((name.clone(), param_at.key("required")));
                }
                let description = definition.get("description").and_then(Value::as_str).map(str::to_owned);
                let property = match definition.shift_remove("schema") {
                    Some(schema @ (Value::Bool(_) | Value::Object(_))) => Some((schema, param_at.key("schema"))),
                    Some(_) => {
                        cx.error(
                            LEGACY_PARAMETERS,
                            format_args!(
                                ": tool parameter {name:?} field \"schema\" must be a JSON Schema boolean or object"
                            ),
                            &param_at.key("schema"),
                        );
                        None
                    }
                    None => lower_definition(cx, &name, definition, &param_at).map(|p| (p, param_at.clone())),
                };
                property.map(|(schema, origin)| (with_description(schema, description), origin))
            }
            _ => {
                cx.error(
                    LEGACY_PARAMETERS,
                    format_args!(": tool parameter {name:?} must be a type string or definition object"),
                    &param_at,
                );
                None
            }
        };
        if let Some((schema, origin)) = lowered {
            origins.push((name.clone(), origin));
            properties.insert(name, schema);
        }
    }
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), Value::Object(properties));
    required.sort_by(|a, b| a.0.cmp(&b.0));
    if !required.is_empty() {
        let names: Vec<Value> = required.iter().map(|(name, _)| Value::String(name.clone())).collect();
        schema.insert("required".into(), Value::Array(names));
    }
    let required = required.into_iter().map(|(_, at)| at).collect();
    Lowered { schema: Value::Object(schema), origins: LoweredOrigins { properties: origins, required } }
}

/// A definition without `schema`: every key but `required` is kept, `type` mapped.
fn lower_definition(
    cx: &mut EntryCtx<'_>,
    name: &str,
    mut definition: Map<String, Value>,
    at: &Pointer,
) -> Option<Value> {
    definition.shift_remove("required");
    match definition.get("type") {
        None => {}
        Some(Value::String(t)) => match map_type(t) {
            Some(Some(mapped)) => {
                definition.insert("type".into(), mapped.into());
            }
            Some(None) => {
                definition.shift_remove("type");
            }
            None => {
                cx.error_with_help(
                    LEGACY_PARAMETERS,
                    format_args!(": tool parameter {name:?} has unknown type {t:?}"),
                    &at.key("type"),
                    type_help(t),
                );
                return None;
            }
        },
        Some(_) => {
            cx.error(
                LEGACY_PARAMETERS,
                format_args!(": tool parameter {name:?} field \"type\" must be a string"),
                &at.key("type"),
            );
            return None;
        }
    }
    Some(Value::Object(definition))
}

/// Inserts a definition's `description` unless the property has one; a boolean
/// schema is wrapped as `{"allOf":[<bool>],"description":…}`.
fn with_description(schema: Value, description: Option<String>) -> Value {
    let Some(description) = description else {
        return schema;
    };
    match schema {
        Value::Object(mut object) => {
            object.entry("description").or_insert(Value::String(description));
            Value::Object(object)
        }
        boolean => json!({ "allOf": [boolean], "description": description }),
    }
}
