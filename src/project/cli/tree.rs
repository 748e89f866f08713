//! The command tree of the generated CLI (CONTRACT.md d.3): CLI-audience tools as
//! leaves, registry-level metadata on parents, sibling rules at every level.

use std::collections::HashMap;

use super::CommandNode;
use super::rules::command_metadata::CLI_COMMAND_METADATA;
use super::rules::command_siblings::CLI_COMMAND_SIBLINGS;
use crate::contract::{CommandName, ToolAudience, ToolCatalog};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::{Part, Pointer};
use crate::provenance::Provenance;

/// Where a node's spellings and texts were written.
#[derive(Clone, Copy)]
enum Written {
    Tool(usize),
    Metadata(usize),
}

/// Builds the tree and checks it; what is wrong is appended to `out`.
pub fn build(catalog: &ToolCatalog, provenance: &Provenance, out: &mut Vec<Diagnostic>) -> CommandNode {
    let mut root = CommandNode::default();
    // Keyed by command paths borrowed from the catalog.
    let mut written: HashMap<&[CommandName], Written> = HashMap::new();
    for (index, tool) in catalog.tools.iter().enumerate() {
        if !tool.governance.includes(ToolAudience::Cli) {
            continue;
        }
        let mut node = &mut root;
        for (depth, component) in tool.cli.command.iter().enumerate() {
            written.entry(&tool.cli.command[..=depth]).or_insert(Written::Tool(index));
            node = node
                .children
                .entry(component.to_string())
                .or_insert_with(|| CommandNode { name: component.to_string(), ..CommandNode::default() });
        }
        node.tool = Some(index);
        node.aliases = tool.cli.aliases.iter().map(CommandName::to_string).collect();
        node.hidden |= tool.cli.hidden;
        node.title = tool.title.as_deref().map(str::to_owned);
        node.description = tool.description.as_deref().map(str::to_owned);
        written.insert(&tool.cli.command, Written::Tool(index));
    }

    let commands = catalog.cli.as_ref().map(|c| c.commands.as_slice()).unwrap_or_default();
    let mut seen: HashMap<&[CommandName], usize> = HashMap::new();
    for (k, spec) in commands.iter().enumerate() {
        let path = spec.command.join(" ");
        let at = provenance.cli_command(k, &Pointer::root().key("command"));
        if let Some(&first) = seen.get(spec.command.as_slice()) {
            out.push(
                CLI_COMMAND_METADATA
                    .diag(format!("duplicate registry-level CLI command metadata path {path:?}"))
                    .at(at)
                    .related(provenance.cli_command(first, &Pointer::root().key("command")), "first given here"),
            );
            continue;
        }
        seen.insert(&spec.command, k);
        if spec.command.is_empty() || !spec.command.iter().all(|c| CommandName::is_valid(c)) {
            out.push(CLI_COMMAND_METADATA.diag(format!("registry-level CLI command path {path:?} is invalid")).at(at));
            continue;
        }
        let node = spec.command.iter().try_fold(&mut root, |node, c| node.children.get_mut(c.as_str()));
        match node {
            None => out.push(
                CLI_COMMAND_METADATA
                    .diag(format!("registry-level CLI metadata path {path:?} does not name a command"))
                    .at(at),
            ),
            Some(node) if node.tool.is_some() => out.push(
                CLI_COMMAND_METADATA
                    .diag(format!(
                        "registry-level CLI metadata path {path:?} names a tool rather than a parent command"
                    ))
                    .at(at),
            ),
            Some(node) => {
                node.title = spec.title.as_deref().map(str::to_owned);
                node.description = spec.description.as_deref().map(str::to_owned);
                node.aliases = spec.aliases.iter().map(CommandName::to_string).collect();
                node.hidden = spec.hidden;
                node.display_order = spec.display_order;
                written.insert(&spec.command, Written::Metadata(k));
            }
        }
    }

    let mut path = Vec::new();
    check_siblings(&root, &mut path, &written, provenance, out);
    root
}

/// Where a field of the node at `path` was written: `title`, `description`, or a
/// spelling path such as `command/1` or `aliases/0` (of the tool's `cli` for a tool).
fn origin(written: Option<&Written>, field: &str, provenance: &Provenance) -> Option<Origin> {
    Some(match written? {
        Written::Tool(index) => {
            let field =
                if matches!(field, "title" | "description") { field.to_owned() } else { format!("cli/{field}") };
            let path = Pointer::parse(&format!("/{field}")).unwrap_or_default();
            provenance.tool(*index, &path, Part::Value)
        }
        Written::Metadata(k) => provenance.cli_command(*k, &Pointer::parse(&format!("/{field}")).unwrap_or_default()),
    })
}

fn check_siblings(
    node: &CommandNode,
    path: &mut Vec<CommandName>,
    written: &HashMap<&[CommandName], Written>,
    provenance: &Provenance,
    out: &mut Vec<Diagnostic>,
) {
    let mut spellings: HashMap<&str, &str> = HashMap::new();
    for child in node.children.values() {
        path.push(child.name.as_str().into());
        let here = written.get(path.as_slice());
        let shown = path.join(" ");
        for (field, text) in [("title", &child.title), ("description", &child.description)] {
            if text.as_deref().is_some_and(|t| t.trim().is_empty()) {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!("CLI command {field} must not be empty (command {shown:?})"))
                        .at_opt(origin(here, field, provenance)),
                );
            }
        }
        // A node's name is the component at its depth of the command that wrote it.
        let name_field = format!("command/{}", path.len() - 1);
        let names = std::iter::once((child.name.as_str(), name_field))
            .chain(child.aliases.iter().enumerate().map(|(i, a)| (a.as_str(), format!("aliases/{i}"))));
        for (spelling, field) in names {
            let at = || origin(here, &field, provenance);
            if !CommandName::is_valid(spelling) {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!("CLI command spelling {spelling:?} is not a portable command component"))
                        .at_opt(at()),
                );
            } else if spelling == "help" {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!(
                            "CLI command spelling {spelling:?} is reserved by the generated command framework"
                        ))
                        .at_opt(at()),
                );
            } else if let Some(first) = spellings.insert(spelling, &child.name) {
                out.push(
                    CLI_COMMAND_SIBLINGS
                        .diag(format!(
                            "CLI command spelling {spelling:?} is shared by sibling commands {first:?} and {:?}",
                            child.name
                        ))
                        .at_opt(at()),
                );
            }
        }
        check_siblings(child, path, written, provenance, out);
        path.pop();
    }
}
