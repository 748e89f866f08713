//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no `$ref` is recursive.
    ///
    /// ## Why
    /// "Recursive schemas" are listed as unsupported; "you'll receive a 400 error"
    /// (platform.claude.com structured-outputs docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"child": {"$ref": "#"}}}
    /// ```
    pub static ANTHROPIC_STRICT_RECURSION = {
        code: "anthropic-strict-recursion",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses recursive schemas",
        help: "bound the recursion (a fixed number of levels), or do not send the tool strict",
    }
}
