//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `vscode-copilot`: at most 128 tools.
    ///
    /// ## Why
    /// `Cannot have more than 128 tools per request.` (client side) and `You may not
    /// include more than 128 tools in your request.` (server side);
    /// microsoft/vscode-copilot-release#11653, microsoft/vscode#254801.
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static VSCODE_COPILOT_TOOL_COUNT = {
        code: "vscode-copilot-tool-count",
        phase: Profile,
        severity: Error,
        summary: "VS Code Copilot refuses more than 128 tools per request",
        help: "split the registry, or let users enable fewer than 129 tools",
    }
}
