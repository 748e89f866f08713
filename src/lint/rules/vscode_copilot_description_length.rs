//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that a tool's description has at most 1024 characters.
    ///
    /// ## Why
    /// For gpt-4 family models, descriptions are truncated to 1024 characters
    /// (toolSchemaNormalizer.ts L107-116, L243).
    ///
    /// ## Example
    /// A 1100-character description.
    pub static VSCODE_COPILOT_DESCRIPTION_LENGTH = {
        code: "vscode-copilot-description-length",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot truncates descriptions to 1024 characters for gpt-4 family models",
        help: "shorten the description to 1024 characters, putting what matters first",
    }
}
