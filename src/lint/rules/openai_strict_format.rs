//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every `format` is one of `date-time`, `time`,
    /// `date`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uuid`.
    ///
    /// ## Why
    /// OpenAI refuses others: `In context=('properties', 'url'), 'uri' is not a valid
    /// format.` Source: OpenAI "Structured outputs" docs (2026-08);
    /// cyanheads/git-mcp-server#47 (2026-05).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "uri"}
    /// ```
    pub static OPENAI_STRICT_FORMAT = {
        code: "openai-strict-format",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `format` outside its nine",
        help: "drop the `format` (and check it in the tool's code), or with --allow-lossy move it into the description",
    }
}
