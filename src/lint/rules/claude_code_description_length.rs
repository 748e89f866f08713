//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that a tool's description has at most 2048 characters.
    ///
    /// ## Why
    /// Claude Code silently truncates longer descriptions with `… [truncated]` (since
    /// v2.1.84; anthropics/claude-code#41593, 2026-03, #87650).
    ///
    /// ## Example
    /// A 2100-character description.
    pub static CLAUDE_CODE_DESCRIPTION_LENGTH = {
        code: "claude-code-description-length",
        phase: Profile,
        severity: Warning,
        summary: "Claude Code truncates tool descriptions longer than 2048 characters",
        help: "shorten the description to 2048 characters, putting what matters first",
    }
}
