//! The Anthropic Messages API: the `anthropic` and `anthropic-strict` profiles. Facts
//! from the research notes of 2026-08 (anthropics/anthropic-sdk-python at 009b035,
//! 2026-08-07; platform.claude.com structured-outputs and strict-tool-use pages).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `anthropic-strict`: that every `format` is one of `date-time`, `time`,
    /// `date`, `duration`, `email`, `hostname`, `uri`, `ipv4`, `ipv6`, `uuid`.
    ///
    /// ## Why
    /// Other formats are refused (platform.claude.com structured-outputs docs, 2026-08;
    /// anthropic-sdk-python `lib/_parse/_transform.py` keeps only these).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "regex"}
    /// ```
    pub static ANTHROPIC_STRICT_FORMAT = {
        code: "anthropic-strict-format",
        phase: Profile,
        severity: Error,
        summary: "Anthropic strict tool use refuses a `format` outside its ten",
        help: "drop the `format` and check it in the tool's code, or with --allow-lossy move it into the description",
    }
}
