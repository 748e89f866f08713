//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 24 optional properties over every tool.
    ///
    /// ## Why
    /// Strict tool use takes at most 24 optional parameters in total across the strict
    /// schemas of one request (platform.claude.com structured-outputs docs, "JSON schema
    /// limitations", read 2026-08).
    ///
    /// ## Example
    /// Five tools with five optional arguments each.
    pub static ANTHROPIC_STRICT_OPTIONAL_COUNT = {
        code: "anthropic-strict-optional-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 24 optional properties per request",
        help: "require more of the arguments, or send fewer tools strict",
    }
}
