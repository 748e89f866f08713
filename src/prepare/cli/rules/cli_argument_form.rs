use crate::contract::{NonBlank, ToolCliArgumentSpec};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// The form of one argument's metadata: a positional argument (`position`) has no
    /// `long`, `short` or `aliases`; `short` is one ASCII letter or digit; `value_name`,
    /// `help` and `help_group` are not blank.
    ///
    /// ## Why
    /// A positional argument has no flag to spell; a short option other than a letter
    /// or digit cannot be typed portably; blank help texts render as empty lines.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"arguments": {"id": {"position": 0, "long": "id", "help": " "}}}}
    /// ```
    pub static CLI_ARGUMENT_FORM = {
        code: "cli-argument-form",
        phase: Prepare,
        severity: Error,
        summary: "an argument is both positional and named, has a bad short spelling, or a blank text",
    }
}

pub fn check(tool: &ToolCx<'_>, property: &str, spec: &ToolCliArgumentSpec, out: &mut Vec<Diagnostic>) {
    let name = &tool.tool.name;
    if spec.position.is_some() && (spec.long.is_some() || spec.short.is_some() || !spec.aliases.is_empty()) {
        out.push(
            CLI_ARGUMENT_FORM
                .diag(format!("tool {name:?} property {property:?} cannot be both positional and named"))
                .at(tool.argument_origin(property, Some("position"))),
        );
    }
    if let Some(short) = spec.short {
        if !short.is_ascii_alphanumeric() {
            out.push(
                CLI_ARGUMENT_FORM
                    .diag(format!(
                        "tool {name:?} property {property:?} short spelling must be one ASCII letter or digit"
                    ))
                    .at(tool.argument_origin(property, Some("short"))),
            );
        }
    }
    for (field, text) in [("value_name", &spec.value_name), ("help", &spec.help), ("help_group", &spec.help_group)] {
        if text.as_deref().is_some_and(NonBlank::is_blank) {
            out.push(
                CLI_ARGUMENT_FORM
                    .diag(format!("tool {name:?} property {property:?} CLI argument {field} must not be empty"))
                    .at(tool.argument_origin(property, Some(field))),
            );
        }
    }
}
