//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that `mcp__<server>__<tool>` (the name Claude Code sends)
    /// has only letters, digits, `_` and `-`. The server name is `--server` (or `[lint]
    /// server`), by default the registry's `info.name`.
    ///
    /// ## Why
    /// Claude Code forwards the prefixed name to the Anthropic API, which refuses it:
    /// `String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`
    /// (modelcontextprotocol/modelcontextprotocol#1345, 2025-08, a name with spaces).
    /// Dots are reportedly rewritten to `_` (barryw/ImmichMCP#8, a claim only).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static CLAUDE_CODE_NAME_PATTERN = {
        code: "claude-code-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Claude Code's prefixed tool name must match `^[a-zA-Z0-9_-]+$`",
        help: "rename the tool (or the server) with letters, digits, `_` and `-` only",
    }
}
