//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: keywords deleted for gpt-4 family models: `minLength`,
    /// `maxLength`, `pattern`, `default`, `format`, `minimum`, `maximum`, `multipleOf`,
    /// `patternProperties`, `unevaluatedProperties`, `propertyNames`, `minProperties`,
    /// `maxProperties`, `unevaluatedItems`, `contains`, `minContains`, `maxContains`,
    /// `minItems`, `maxItems`, `uniqueItems`.
    ///
    /// ## Why
    /// The Copilot API returned "a blank 400" otherwise; VS Code drops them with the
    /// warning `object has unsupported schema keyword 'default'` (toolSchemaNormalizer.ts
    /// L117-128, L247-267): the model does not see the constraint.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "maxLength": 40}
    /// ```
    pub static VSCODE_COPILOT_KEYWORD = {
        code: "vscode-copilot-keyword",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot deletes this keyword for gpt-4 family models",
        help: "say the constraint in the description too, and check it in the tool's code",
    }
}
