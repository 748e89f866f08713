//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai`: that no `pattern` uses lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)
    /// or a Unicode property class (`\p{…}`).
    ///
    /// ## Why
    /// The 2026 reports of `Invalid JSON schema: regex lookaround is not supported`
    /// come from strict mode and the Responses API's default normalisation
    /// (Dokploy/mcp#45, 2026-05; anomalyco/opencode#32073, 2026-06); for non-strict Chat
    /// Completions it is not confirmed, so this is a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^(?!admin).*$"}
    /// ```
    pub static OPENAI_PATTERN = {
        code: "openai-pattern",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI may refuse a `pattern` with lookaround or `\\p{…}` (confirmed for strict mode only)",
        help: "rewrite the pattern without lookaround and `\\p{…}`, or check it in the tool's code",
    }
}
