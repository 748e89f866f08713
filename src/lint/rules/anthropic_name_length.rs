//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that a tool's name has at most 128
    /// characters.
    ///
    /// ## Why
    /// `tools.18.custom.name: String should have at most 128 characters`
    /// (anthropics/claude-code#96152, 2026-09). The docs still say 64, and
    /// `tool_reference.tool_name` (tool search) is limited to 64 (anthropics/claude-code#21492).
    ///
    /// ## Example
    /// A 129-character tool name.
    pub static ANTHROPIC_NAME_LENGTH = {
        code: "anthropic-name-length",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses a tool name longer than 128 characters",
        help: "shorten the tool's name (64 characters or fewer also fits tool search)",
    }
}
