//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `claude-code`: that the input schema's root has no `anyOf`, `oneOf`,
    /// `allOf`, `not` or `if`.
    ///
    /// ## Why
    /// Claude Code (2026) silently drops such a tool (anthropics/claude-code#95504,
    /// 2026-09); earlier versions forwarded it and every request failed with the API's
    /// `input_schema does not support oneOf, allOf, or anyOf at the top level`.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "allOf": [{"required": []}]}
    /// ```
    pub static CLAUDE_CODE_ROOT_COMBINATOR = {
        code: "claude-code-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "Claude Code drops a tool with a combinator at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}
