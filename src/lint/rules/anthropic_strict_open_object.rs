//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that every object schema has
    /// `"additionalProperties": false`.
    ///
    /// ## Why
    /// "`additionalProperties` set to anything other than `false`" is refused with a 400
    /// (platform.claude.com structured-outputs docs, "JSON schema limitations", read
    /// 2026-08). Optional properties stay allowed. `harn-catalog mcp --profile
    /// anthropic-strict` closes the objects, which changes what they accept, and says so.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}}
    /// ```
    pub static ANTHROPIC_STRICT_OPEN_OBJECT = {
        code: "anthropic-strict-open-object",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses an object schema without `\"additionalProperties\": false`",
        help: "add `\"additionalProperties\": false`, or let `harn-catalog mcp --profile anthropic-strict` close it",
    }
}
