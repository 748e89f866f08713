//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// `normalizeToolSchema` silently removes such entries (vscode-copilot-chat
    /// `toolSchemaNormalizer.ts` L139-153, 2026-03-29): the model is no longer told the
    /// argument is required.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["id"]}
    /// ```
    pub static VSCODE_COPILOT_REQUIRED_UNDECLARED = {
        code: "vscode-copilot-required-undeclared",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot drops a `required` name that `properties` does not declare",
        help: "declare the property in `properties`, or remove it from `required`",
    }
}
