use serde_json::Value;

use crate::contract::{ToolCliArgumentSpec, ToolCliBooleanStyle};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// A presence style (`boolean_style` `set_true` or `set_false`): the property's
    /// schema has `type: "boolean"`, the argument is a named, non-repeatable option,
    /// and it declares no value metadata (`value_name`, `value_hint`, `completions`).
    ///
    /// ## Why
    /// A presence flag takes no value: `--verbose` alone means `true` (or `false`).
    /// Anything that describes a value contradicts that.
    ///
    /// ## Example
    /// ```json
    /// {"parameters": {"count": "int"}, "cli": {"arguments": {"count": {"boolean_style": "set_true"}}}}
    /// ```
    pub static CLI_BOOLEAN_STYLE = {
        code: "cli-boolean-style",
        phase: Prepare,
        severity: Error,
        summary: "a boolean presence style is used on a non-boolean, positional, repeatable or valued argument",
    }
}

pub fn check(tool: &ToolCx<'_>, property: &str, spec: &ToolCliArgumentSpec, schema: &Value, out: &mut Vec<Diagnostic>) {
    if spec.boolean_style == ToolCliBooleanStyle::Value {
        return;
    }
    let name = &tool.tool.name;
    let mut report = |message: &str| {
        out.push(
            CLI_BOOLEAN_STYLE
                .diag(format!("tool {name:?} property {property:?} {message}"))
                .at(tool.argument_origin(property, Some("boolean_style"))),
        );
    };
    if schema.get("type").and_then(Value::as_str) != Some("boolean") {
        report("can use a boolean presence style only when its schema type is boolean");
    }
    if spec.position.is_some() || spec.repeatable {
        report("boolean presence style must be a non-repeatable named option");
    }
    if spec.value_name.is_some() || spec.value_hint.is_some() || !spec.completions.is_empty() {
        report("boolean presence style cannot declare value metadata");
    }
}
