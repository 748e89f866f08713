//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-desktop`: that the input schema's root has no `anyOf`, `oneOf` or
    /// `allOf`.
    ///
    /// ## Why
    /// Desktop tolerated a root `oneOf` in 2025-04 while the API refused it
    /// (modelcontextprotocol/python-sdk#494); today's behaviour is unknown: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "anyOf": [{"required": []}]}
    /// ```
    pub static CLAUDE_DESKTOP_ROOT_COMBINATOR = {
        code: "claude-desktop-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "Claude Desktop may refuse a combinator at the input schema's root (the API does)",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}
