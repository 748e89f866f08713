//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that a tool's name has at most 64 characters.
    ///
    /// ## Why
    /// The connector validator still enforces `^[a-zA-Z0-9_-]{1,64}$` (evoila/meho#2745,
    /// 2026-08), withholding the whole toolset.
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static CLAUDE_DESKTOP_NAME_LENGTH = {
        code: "claude-desktop-name-length",
        phase: Profile,
        severity: Error,
        summary: "Claude Desktop withholds every tool of a server when one name is longer than 64 characters",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}
