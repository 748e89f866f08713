//! The command tree of the generated CLI (spec/contract.md d.3): CLI-audience tools as
//! leaves, registry-level metadata on parents, checked as it is built by the
//! command-metadata and command-siblings rules (`rules/`).

use super::CommandNode;
use super::rules::{cli_command_metadata, cli_command_siblings};
use super::written::Written;
use crate::contract::{CommandName, ToolAudience, ToolCatalog};
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::provenance::Provenance;

/// Builds the tree and checks it; what is wrong is appended to `out`.
pub fn build(catalog: &ToolCatalog, provenance: &Provenance, out: &mut Vec<Diagnostic>) -> CommandNode {
    let mut root = CommandNode::default();
    for (index, tool) in catalog.tools.iter().enumerate() {
        if !tool.governance.includes(ToolAudience::Cli) {
            continue;
        }
        let mut node = &mut root;
        for component in &tool.cli.command {
            node = node
                .children
                .entry(component.to_string())
                .or_insert_with(|| CommandNode { name: component.to_string(), ..CommandNode::default() });
            // A parent no metadata describes is reported against the first tool under it.
            node.written.get_or_insert(Written::Tool(index));
        }
        node.tool = Some(index);
        node.aliases = tool.cli.aliases.iter().map(CommandName::to_string).collect();
        node.hidden |= tool.cli.hidden;
        node.title = tool.title.as_deref().map(str::to_owned);
        node.description = tool.description.as_deref().map(str::to_owned);
        node.written = Some(Written::Tool(index));
    }

    let commands = catalog.cli.as_ref().map(|c| c.commands.as_slice()).unwrap_or_default();
    let mut seen: HashMap<&[CommandName], usize> = HashMap::default();
    for (k, spec) in commands.iter().enumerate() {
        if let Some(node) = cli_command_metadata::check(k, spec, &mut seen, &mut root, provenance, out) {
            node.title = spec.title.as_deref().map(str::to_owned);
            node.description = spec.description.as_deref().map(str::to_owned);
            node.aliases = spec.aliases.iter().map(CommandName::to_string).collect();
            node.hidden = spec.hidden;
            node.display_order = spec.display_order;
            node.written = Some(Written::Metadata(k));
        }
    }

    cli_command_siblings::check(&root, &mut Vec::new(), provenance, out);
    root
}
