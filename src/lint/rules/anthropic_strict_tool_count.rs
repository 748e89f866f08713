//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: at most 20 tools (all sent strict).
    ///
    /// ## Why
    /// Strict tool use takes at most 20 strict tools per request (platform.claude.com
    /// strict-tool-use docs, read 2026-08 from a page copy); larger sets also hit
    /// `The compiled grammar is too large` (alphaXiv/agents#49, 2026).
    ///
    /// ## Example
    /// A registry of 21 tools.
    pub static ANTHROPIC_STRICT_TOOL_COUNT = {
        code: "anthropic-strict-tool-count",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use takes at most 20 strict tools per request",
        help: "mark only the critical tools strict, or split the registry",
    }
}
