//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no `pattern` uses lookaround or `\p{…}`.
    ///
    /// ## Why
    /// OpenAI refuses it: `Invalid JSON schema: regex lookaround is not supported. Found
    /// at $.properties.email.pattern.` (code `invalid_json_schema`; Dokploy/mcp#45,
    /// 2026-05); `\p{…}` fails because patterns are compiled with Python's `re`
    /// (BerriAI/litellm#40485).
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^\\p{L}+$"}
    /// ```
    pub static OPENAI_STRICT_PATTERN = {
        code: "openai-strict-pattern",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `pattern` with lookaround or `\\p{…}`",
        help: "rewrite the pattern without lookaround and `\\p{…}`, or with --allow-lossy move it into the description",
    }
}
