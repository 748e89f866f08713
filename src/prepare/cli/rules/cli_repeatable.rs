use serde_json::Value;

use crate::contract::ToolCliArgumentSpec;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// That a `repeatable` argument's schema has `type: "array"` and one `items`
    /// schema (an object or a boolean; tuple `prefixItems` alone is not enough).
    ///
    /// ## Why
    /// Each repetition of the option becomes one array element, validated against
    /// `items`.
    ///
    /// ## Example
    /// ```json
    /// {"parameters": {"tag": "string"}, "cli": {"arguments": {"tag": {"repeatable": true}}}}
    /// ```
    pub static CLI_REPEATABLE = {
        code: "cli-repeatable",
        phase: Prepare,
        severity: Error,
        summary: "a repeatable argument's schema is not an array with one `items` schema",
    }
}

pub fn check(tool: &ToolCx<'_>, property: &str, spec: &ToolCliArgumentSpec, schema: &Value, out: &mut Vec<Diagnostic>) {
    if !spec.repeatable {
        return;
    }
    let name = &tool.tool.name;
    let at = || tool.argument_origin(property, Some("repeatable"));
    if schema.get("type").and_then(Value::as_str) != Some("array") {
        out.push(
            CLI_REPEATABLE
                .diag(format!(
                    "tool {name:?} property {property:?} can be repeatable only when its schema type is array"
                ))
                .at(at()),
        );
    }
    if !matches!(schema.get("items"), Some(Value::Object(_) | Value::Bool(_))) {
        out.push(
            CLI_REPEATABLE
                .diag(format!(
                    "tool {name:?} property {property:?} needs one JSON Schema 'items' schema for repeatable CLI tokens"
                ))
                .at(at()),
        );
    }
}
