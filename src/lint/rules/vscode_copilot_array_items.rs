//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that every array schema has `items`.
    ///
    /// ## Why
    /// `Failed to validate tool d94_create_env_var: Error: tool parameters array type
    /// must have items` (toolSchemaNormalizer.ts L101-106; microsoft/vscode-copilot-release#10845,
    /// microsoft/vscode#257537).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array"}
    /// ```
    pub static VSCODE_COPILOT_ARRAY_ITEMS = {
        code: "vscode-copilot-array-items",
        phase: Profile,
        severity: Error,
        summary: "VS Code Copilot refuses an array schema without `items`",
        help: "give the array an `items` schema",
    }
}
