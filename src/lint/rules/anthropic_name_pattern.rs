//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that a tool's name has only letters,
    /// digits, `_` and `-`.
    ///
    /// ## Why
    /// The API refuses the request: `tools.7.custom.name: String should match pattern
    /// '^[a-zA-Z0-9_-]{1,128}$'` (since about 2025-06; `{1,64}` before). Source:
    /// apify/tester-mcp-client#11 (2025-03), home-assistant/core#147760 (2025-06),
    /// modelcontextprotocol/modelcontextprotocol#1345 (2025-08).
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static ANTHROPIC_NAME_PATTERN = {
        code: "anthropic-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses a tool name with characters other than letters, digits, `_` and `-`",
        help: "rename the tool with letters, digits, `_` and `-` only",
    }
}
