//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that a tool's name has only letters, digits, `_` and `-`.
    ///
    /// ## Why
    /// The connector's whole toolset is withheld from chats: `tools.25.FrontendRemoteMcpToolDefinition.name:
    /// String should match pattern '^[a-zA-Z0-9_-]{1,64}$'` (evoila/meho#2745, 2026-08;
    /// loomle/loomle#168, Desktop v1.9659.2).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static CLAUDE_DESKTOP_NAME_PATTERN = {
        code: "claude-desktop-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Claude Desktop withholds every tool of a server when one name has characters other than `[a-zA-Z0-9_-]`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}
