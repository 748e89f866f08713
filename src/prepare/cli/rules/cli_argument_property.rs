use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// That every key of a tool's `cli.arguments` names a property of its input
    /// schema's `properties`.
    ///
    /// ## Why
    /// Argument metadata maps command-line tokens to input properties; metadata for a
    /// property that does not exist is a typo or a stale leftover, and Harn refuses the
    /// tool when it builds the CLI.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "parameters": {"id": "string"}, "cli": {"arguments": {"ident": {"position": 0}}}}
    /// ```
    pub static CLI_ARGUMENT_PROPERTY = {
        code: "cli-argument-property",
        phase: Prepare,
        severity: Error,
        summary: "CLI argument metadata names a property the input schema does not have",
    }
}

pub fn check(tool: &ToolCx<'_>, properties: &serde_json::Map<String, serde_json::Value>, out: &mut Vec<Diagnostic>) {
    for property in tool.tool.cli.arguments.keys().filter(|p| !properties.contains_key(*p)) {
        out.push(
            CLI_ARGUMENT_PROPERTY
                .diag(format!(
                    "tool {:?} CLI argument metadata names unknown input property {property:?}",
                    tool.tool.name
                ))
                .at(tool.argument_origin(property, None)),
        );
    }
}
