//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that the input schema's root has no `oneOf`, `anyOf`,
    /// `allOf`, `not`, `if`, `then` or `else`.
    ///
    /// ## Why
    /// `normalizeToolSchema` deletes them silently ("validated this fails both for claude
    /// and 4o"; vscode-copilot-chat `src/extension/tools/common/toolSchemaNormalizer.ts`
    /// L129-138, commit 31acd00, 2026-03-29): the constraint is lost.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "not": {"required": ["a"]}}
    /// ```
    pub static VSCODE_COPILOT_ROOT_COMBINATOR = {
        code: "vscode-copilot-root-combinator",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot deletes combinators at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}
