//! The complete-schema fields: `inputSchema`, `outputSchema`, `errorSchema` (a.3 steps 5–6).

use serde_json::Value;

use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// That a complete input schema (`inputSchema` / `input_schema`) is a JSON object,
    /// and that an output or error schema (`returns` / `output_schema` /
    /// `outputSchema`, `error_schema` / `errorSchema`) is a boolean or an object.
    ///
    /// ## Why
    /// Only those are JSON Schema documents. An input schema must moreover describe an
    /// object of named arguments, which `true` cannot.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "inputSchema": "object", "returns": 7}
    /// ```
    pub static SCHEMA_FIELD = {
        code: "schema-field",
        phase: Catalog,
        severity: Error,
        summary: "a schema field holds something that is not a JSON Schema document",
    }
}

/// `inputSchema`, kept verbatim when it is an object.
pub fn input_schema(cx: &mut EntryCtx<'_>, field: Field) -> Option<Value> {
    match field.value {
        value @ Value::Object(_) => Some(value),
        _ => {
            cx.error(SCHEMA_FIELD, " field \"inputSchema\" must be an object-root JSON Schema", &field.at);
            None
        }
    }
}

/// `outputSchema` or `errorSchema`: a boolean or an object, kept verbatim.
pub fn document(cx: &mut EntryCtx<'_>, field: Option<Field>, name: &str) -> Option<Value> {
    let field = field?;
    match field.value {
        value @ (Value::Bool(_) | Value::Object(_)) => Some(value),
        _ => {
            cx.error(SCHEMA_FIELD, format_args!(" field {name:?} must be a JSON Schema boolean or object"), &field.at);
            None
        }
    }
}
