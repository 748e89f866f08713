//! The catalog-level CLI command tree (spec/contract.md b.1 step 4).

use crate::contract::{CommandName, ToolAudience, ToolCatalog};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::pointer::{Part, Pointer};
use crate::provenance::Provenance;

declare_rule! {
    /// ## What it checks
    /// Among the tools whose audiences include `cli`, in catalog order: no two claim
    /// the same command path, and no path is both a tool (a leaf) and the parent of
    /// another tool's path. Tools outside the CLI audience take no part: an MCP-only
    /// tool at `widgets` can coexist with a CLI tool at `widgets get`.
    ///
    /// ## Why
    /// The generated CLI is a tree whose leaves run tools; a node cannot be both.
    ///
    /// ## Example
    /// Two CLI tools, `widgets` with `cli.command: ["widgets"]` and `get_widget` with
    /// `namespace: "widgets"` (implicit command `["widgets", "get_widget"]`).
    pub static CLI_PATH = {
        code: "cli-path",
        phase: Catalog,
        severity: Error,
        summary: "two CLI tools claim one command path, or a path is both a tool and a parent",
    }
}

pub fn check(catalog: &ToolCatalog, provenance: &Provenance, out: &mut Vec<Diagnostic>) {
    // Full paths of earlier CLI tools, and every strict prefix of them.
    let mut leaves: HashMap<&[CommandName], usize> = HashMap::default();
    let mut parents: HashMap<&[CommandName], usize> = HashMap::default();
    let command_at = Pointer::root().key("cli").key("command");
    for (i, tool) in catalog.tools.iter().enumerate() {
        if !tool.governance.includes(ToolAudience::Cli) || tool.cli.command.is_empty() {
            continue;
        }
        let path = tool.cli.command.as_slice();
        let name = |i: usize| catalog.tools[i].name.as_str();
        let problem = if let Some(&first) = leaves.get(path) {
            Some((
                format!(
                    "duplicate CLI command path {:?}: tools {:?} and {:?} claim it",
                    path.join(" "),
                    name(first),
                    tool.name
                ),
                first,
            ))
        } else if let Some(&earlier) = parents.get(path) {
            Some((conflict(name(earlier), &tool.name, path), earlier))
        } else {
            (1..path.len()).find_map(|n| {
                leaves.get(&path[..n]).map(|&earlier| (conflict(name(earlier), &tool.name, &path[..n]), earlier))
            })
        };
        match problem {
            Some((message, earlier)) => {
                out.push(CLI_PATH.diag(message).at(provenance.tool(i, &command_at, Part::Value)).related(
                    provenance.tool(earlier, &command_at, Part::Value),
                    format!("{:?} claims its path here", name(earlier)),
                ))
            }
            None => {
                leaves.insert(path, i);
                for n in 1..path.len() {
                    parents.entry(&path[..n]).or_insert(i);
                }
            }
        }
    }
}

fn conflict(earlier: &str, later: &str, shorter: &[CommandName]) -> String {
    format!(
        "CLI command path conflict: tools {earlier:?} and {later:?} make '{}' both a tool and a parent command",
        shorter.join(" ")
    )
}
