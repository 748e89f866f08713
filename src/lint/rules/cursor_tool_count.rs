//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `cursor`: at most 40 tools.
    ///
    /// ## Why
    /// "Currently, Cursor will only send the first 40 tools to the Agent" (Cursor docs,
    /// quoted in anyproto/anytype-mcp#5; Snowflake-Labs/mcp#77, 2025-09: "previously 40",
    /// later a warning above 80). The others are silently left out.
    ///
    /// ## Example
    /// A registry of 41 tools.
    pub static CURSOR_TOOL_COUNT = {
        code: "cursor-tool-count",
        phase: Profile,
        severity: Warning,
        summary: "Cursor sends only the first 40 tools of a server to the agent",
        help: "split the registry, or put the most used tools first",
    }
}
