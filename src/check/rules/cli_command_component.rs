use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That each tool's `cli.command` is non-empty and every component matches
    /// `^[A-Za-z0-9_][A-Za-z0-9_-]*$` (ASCII). Repeated components such as
    /// `["inspect", "inspect"]` are allowed.
    ///
    /// ## Why
    /// Components become subcommands of the generated CLI and must be typeable in any
    /// shell without quoting.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"command": ["widgets", "get widget"], "aliases": [], "hidden": false, "arguments": {}}}
    /// ```
    pub static CLI_COMMAND_COMPONENT = {
        code: "cli-command-component",
        phase: Catalog,
        severity: Error,
        summary: "a tool's CLI command is empty or has a non-portable component",
    }
}

use crate::check::catalog::{ToolCx, at};
use crate::contract::CommandName;
use crate::diagnostics::Diagnostic;

pub fn check(cx: &ToolCx<'_>, out: &mut Vec<Diagnostic>) {
    let command = &cx.tool.cli.command;
    if command.is_empty() {
        out.push(
            CLI_COMMAND_COMPONENT
                .diag(format!("{} must not be empty", cx.label("cli.command")))
                .at(cx.origin(&at(&["cli", "command"]))),
        );
        return;
    }
    for (j, part) in command.iter().enumerate() {
        if !CommandName::is_valid(part) {
            out.push(
                CLI_COMMAND_COMPONENT
                    .diag(format!("{} must match ^[A-Za-z0-9_][A-Za-z0-9_-]*$", cx.label(&format!("cli.command[{j}]"))))
                    .at(cx.origin(&at(&["cli", "command"]).index(j))),
            );
        }
    }
}
