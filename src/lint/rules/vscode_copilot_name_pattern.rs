//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: that a tool's name has only letters, digits, `_` and `-`.
    ///
    /// ## Why
    /// VS Code remaps dots to `_` with a warning (microsoft/vscode#308463, 2026-04), so
    /// the model sees another name than the server's; the Copilot CLI does not remap and
    /// fails (github/copilot-cli#2581: `CAPIError: 400 tools.19.custom.name: String
    /// should match pattern '^[a-zA-Z0-9_-]{1,128}$'`).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static VSCODE_COPILOT_NAME_PATTERN = {
        code: "vscode-copilot-name-pattern",
        phase: Profile,
        severity: Warning,
        summary: "VS Code Copilot rewrites tool names with characters other than `[a-zA-Z0-9_-]`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}
