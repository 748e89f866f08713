//! `unknown-tool-key`: keys of a tool spec that nothing reads.

use crate::declare_rule;
use crate::diagnostics::{Origin, suggest};
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// The keys of a tool spec (and of its `config`) that neither the catalog nor Harn's
    /// runtime reads: not a key of spec/contract.md a.2 (`name`, `description`,
    /// `parameters`, `inputSchema`, `returns`, `annotations`, `cli`, `meta`, …) nor one
    /// of the runtime's (`handler`, `executor`, `host_capability`, `mcp_server`,
    /// `policy`, and `_mcp_server` and `_mcp_tool_name`, which the runtime sets on the
    /// tools it imports from MCP servers: burin-labs/harn
    /// `crates/harn-vm/src/llm/agent_tools.rs`, commit e45362c). `tool_define` passes every key through, and the catalog keeps only
    /// those it knows, so such a key silently vanishes. The help line names the key it
    /// most likely misspells.
    ///
    /// ## Why
    /// A misspelt key is the commonest mistake in a hand-written or imported registry:
    /// `inputschema` for `inputSchema` leaves the tool with no arguments at all, and
    /// nothing says so. A key meant for a client of your own belongs under `meta`,
    /// which the catalog keeps.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "lookup_widget", "inputschema": {"type": "object"}}]}
    /// ```
    pub static UNKNOWN_TOOL_KEY = {
        code: "unknown-tool-key",
        phase: Catalog,
        severity: Warning,
        summary: "a tool spec has a key that neither the catalog nor Harn's runtime reads",
    }
}

/// The keys a tool spec may have (spec/contract.md a.2 and a.3), as the user spells them.
const CONTRACT_KEYS: &[&str] = &[
    "name",
    "description",
    "desc",
    "title",
    "namespace",
    "defer_loading",
    "parameters",
    "input_schema",
    "inputSchema",
    "returns",
    "output_schema",
    "outputSchema",
    "error_schema",
    "errorSchema",
    "annotations",
    "execution_policy",
    "icons",
    "execution",
    "governance",
    "cli",
    "source",
    "meta",
    "_meta",
    "config",
];

/// Keys Harn's runtime reads off a tool entry and the catalog leaves out: the executor
/// and its target, the policy, and the keys the runtime sets on the tools it imports
/// from MCP servers (burin-labs/harn `crates/harn-vm/src/llm/agent_tools.rs`, commit
/// e45362c).
const RUNTIME_KEYS: &[&str] =
    &["handler", "executor", "host_capability", "mcp_server", "policy", "_mcp_server", "_mcp_tool_name"];

/// Warns of every key in `left` (what normalisation did not read) that is neither a
/// runtime key nor a contract key.
pub fn check(cx: &mut EntryCtx<'_>, left: &[(String, Field)]) {
    for (key, field) in left {
        if RUNTIME_KEYS.contains(&key.as_str()) || CONTRACT_KEYS.contains(&key.as_str()) {
            continue;
        }
        let help = match suggest(key, CONTRACT_KEYS.iter().chain(RUNTIME_KEYS).copied()) {
            Some(meant) => format!("did you mean {meant:?}?"),
            None => "remove it, or keep it under `meta` (a key of your own there is kept in the catalog)".to_owned(),
        };
        let message = format!("tool {:?}: key {key:?} is read by neither the catalog nor Harn's runtime", cx.tool);
        let diagnostic = UNKNOWN_TOOL_KEY.diag(message).at(Origin::key(cx.source, field.at.clone())).help(help);
        cx.push(diagnostic);
    }
}
