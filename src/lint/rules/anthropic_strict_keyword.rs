//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no schema uses `minimum`, `maximum`,
    /// `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength` or
    /// `uniqueItems`.
    ///
    /// ## Why
    /// Numeric and string constraints are refused ("If you use an unsupported feature,
    /// you'll receive a 400 error with details"; platform.claude.com structured-outputs
    /// docs, 2026-08); the SDKs move them into the description
    /// (anthropic-sdk-python `lib/_parse/_transform.py` L54-175).
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "minimum": 1}
    /// ```
    pub static ANTHROPIC_STRICT_KEYWORD = {
        code: "anthropic-strict-keyword",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses numeric and string constraints",
        help: "check the constraint in the tool's code, or with --allow-lossy move it into the description",
    }
}
