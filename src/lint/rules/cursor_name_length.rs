//! MCP host clients: the `claude-code`, `claude-desktop`, `vscode-copilot` and
//! `cursor` profiles. Facts from the research notes of 2026-08 (microsoft/vscode-copilot-chat
//! at 31acd00, 2026-03-29; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `cursor`: that the server's name plus the tool's name have at most 60
    /// characters (`--server`, or `[lint] server`, by default the registry's `info.name`).
    ///
    /// ## Why
    /// Cursor filters the tool out, with only a settings warning "Combined server and
    /// tool name length (60) exceeds 60 characters" (ComposioHQ/composio#2788, 2026-02;
    /// awslabs/mcp#1283, Cursor 1.6.14).
    ///
    /// ## Example
    /// A 55-character tool name on a server named `widgets`.
    pub static CURSOR_NAME_LENGTH = {
        code: "cursor-name-length",
        phase: Profile,
        severity: Warning,
        summary: "Cursor drops a tool whose server and tool names together pass 60 characters",
        help: "shorten the tool's name, or the server's",
    }
}
