//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no array schema has `minItems` above 1 or a
    /// `maxItems`.
    ///
    /// ## Why
    /// "array `minItems` 0 or 1" only; other array constraints are refused
    /// (platform.claude.com structured-outputs docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array", "items": {"type": "string"}, "minItems": 2}
    /// ```
    pub static ANTHROPIC_STRICT_ARRAY_BOUNDS = {
        code: "anthropic-strict-array-bounds",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses `minItems` above 1 and `maxItems`",
        help: "check the length in the tool's code, or with --allow-lossy move it into the description",
    }
}
