//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that no `pattern` uses lookaround, backreferences or
    /// `\b`/`\B`.
    ///
    /// ## Why
    /// Strict mode supports a regex subset: "no backreferences, no lookaround, no
    /// `\b`/`\B`"; complex patterns fail with a 400 (platform.claude.com structured-outputs
    /// docs, 2026-08; Dokploy/mcp#45, "Sonnet-strict", 2026-05).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "\\bword\\b"}
    /// ```
    pub static ANTHROPIC_STRICT_PATTERN = {
        code: "anthropic-strict-pattern",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses lookaround, backreferences and `\\b` in `pattern`",
        help: "rewrite the pattern without them, or with --allow-lossy move it into the description",
    }
}
