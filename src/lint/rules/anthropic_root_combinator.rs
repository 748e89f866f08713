//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `anthropic`, `anthropic-strict`: that the input schema's root has no
    /// `anyOf`, `oneOf` or `allOf`.
    ///
    /// ## Why
    /// `tools.N.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf
    /// at the top level` (undocumented; anthropics/claude-code#657, 2025-03, #5973,
    /// 2025-08; zereight/gitlab-mcp#551).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "oneOf": [{"required": []}]}
    /// ```
    pub static ANTHROPIC_ROOT_COMBINATOR = {
        code: "anthropic-root-combinator",
        phase: Profile,
        severity: Error,
        summary: "Anthropic refuses `anyOf`, `oneOf` or `allOf` at the input schema's root",
        help: "describe one object with optional members, and check the alternatives in the tool's code",
    }
}
