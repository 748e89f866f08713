//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 16 union types (`anyOf`, or a list of types)
    /// over every tool.
    ///
    /// ## Why
    /// Strict tool use takes at most 16 union-typed parameters in total per request
    /// (platform.claude.com structured-outputs docs, "JSON schema limitations", read
    /// 2026-08).
    ///
    /// ## Example
    /// Seventeen arguments typed `["string", "null"]`.
    pub static ANTHROPIC_STRICT_UNION_COUNT = {
        code: "anthropic-strict-union-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 16 union types per request",
        help: "give arguments one type each, or send fewer tools strict",
    }
}
