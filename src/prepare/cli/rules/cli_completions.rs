use crate::contract::ToolCliArgumentSpec;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// That an argument's advisory `completions` are non-empty, free of control
    /// characters, and distinct.
    ///
    /// ## Why
    /// Completions are written into shell scripts; an empty candidate or a newline in
    /// one breaks the script, a repeated one is offered twice.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"arguments": {"mode": {"completions": ["fast", "fast", ""]}}}}
    /// ```
    pub static CLI_COMPLETIONS = {
        code: "cli-completions",
        phase: Prepare,
        severity: Error,
        summary: "an argument's completions are empty, have control characters, or repeat",
    }
}

pub fn check(tool: &ToolCx<'_>, property: &str, spec: &ToolCliArgumentSpec, out: &mut Vec<Diagnostic>) {
    let name = &tool.tool.name;
    let at = |i: usize| tool.argument_origin(property, Some(&format!("completions/{i}")));
    for (i, completion) in spec.completions.iter().enumerate() {
        if completion.is_empty() || completion.chars().any(char::is_control) {
            out.push(
                CLI_COMPLETIONS
                    .diag(format!(
                        "tool {name:?} property {property:?} CLI completion must be non-empty and contain no control characters"
                    ))
                    .at(at(i)),
            );
        } else if spec.completions[..i].contains(completion) {
            out.push(
                CLI_COMPLETIONS
                    .diag(format!("tool {name:?} property {property:?} has duplicate CLI completion {completion:?}"))
                    .at(at(i)),
            );
        }
    }
}
