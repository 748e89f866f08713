use crate::contract::{CommandName, ToolCliCommandSpec};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::pointer::Pointer;
use crate::prepare::cli::CommandNode;
use crate::provenance::Provenance;

declare_rule! {
    /// ## What it checks
    /// The registry-level `cli.commands` metadata: no path is given twice, every path
    /// is non-empty with portable components, and every path names a parent command
    /// of the generated CLI (a prefix of some CLI-audience tool's command), not a tool
    /// and not nothing.
    ///
    /// ## Why
    /// This metadata gives parent commands their title, description, aliases and
    /// order; metadata that attaches to nothing is a stale or misspelt path.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"commands": [{"command": ["widget"]}]}, "tools": [{"name": "get", "namespace": "widgets"}]}
    /// ```
    pub static CLI_COMMAND_METADATA = {
        code: "cli-command-metadata",
        phase: Prepare,
        severity: Error,
        summary: "registry-level command metadata repeats a path or names no parent command",
    }
}

/// The parent command that metadata `k` describes, or `None`, reported, when the
/// metadata repeats a path already `seen`, or names no parent command of `root`.
pub fn check<'c, 'n>(
    k: usize,
    spec: &'c ToolCliCommandSpec,
    seen: &mut HashMap<&'c [CommandName], usize>,
    root: &'n mut CommandNode,
    provenance: &Provenance,
    out: &mut Vec<Diagnostic>,
) -> Option<&'n mut CommandNode> {
    let path = spec.command.join(" ");
    let at = provenance.cli_command(k, &Pointer::root().key("command"));
    if let Some(&first) = seen.get(spec.command.as_slice()) {
        out.push(
            CLI_COMMAND_METADATA
                .diag(format!("duplicate registry-level CLI command metadata path {path:?}"))
                .at(at)
                .related(provenance.cli_command(first, &Pointer::root().key("command")), "first given here"),
        );
        return None;
    }
    seen.insert(&spec.command, k);
    if spec.command.is_empty() || !spec.command.iter().all(|c| CommandName::is_valid(c)) {
        out.push(CLI_COMMAND_METADATA.diag(format!("registry-level CLI command path {path:?} is invalid")).at(at));
        return None;
    }
    let node = spec.command.iter().try_fold(root, |node, c| node.children.get_mut(c.as_str()));
    match node {
        None => out.push(
            CLI_COMMAND_METADATA
                .diag(format!("registry-level CLI metadata path {path:?} does not name a command"))
                .at(at),
        ),
        Some(node) if node.tool.is_some() => out.push(
            CLI_COMMAND_METADATA
                .diag(format!("registry-level CLI metadata path {path:?} names a tool rather than a parent command"))
                .at(at),
        ),
        Some(node) => return Some(node),
    }
    None
}
