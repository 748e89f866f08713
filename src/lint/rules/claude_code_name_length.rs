//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that `mcp__<server>__<tool>` has at most 128 characters.
    ///
    /// ## Why
    /// The prefixed name must pass the API's limit: 64 in 2025 (anthropics/claude-code#2412,
    /// 2025-06), 128 since (anthropics/claude-code#96152, 2026-09: `String should have at
    /// most 128 characters`).
    ///
    /// ## Example
    /// A 120-character tool name on a server named `widgets`.
    pub static CLAUDE_CODE_NAME_LENGTH = {
        code: "claude-code-name-length",
        phase: Profile,
        severity: Error,
        summary: "Claude Code's prefixed tool name `mcp__<server>__<tool>` must fit 128 characters",
        help: "shorten the tool's name, or the server's",
    }
}
