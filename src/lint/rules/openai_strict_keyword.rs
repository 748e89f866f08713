//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `minLength`, `maxLength`,
    /// `patternProperties`, `propertyNames`, `minProperties`, `maxProperties`,
    /// `unevaluatedProperties`, `unevaluatedItems`, `contains`, `minContains`,
    /// `maxContains` or `uniqueItems`.
    ///
    /// ## Why
    /// OpenAI's docs neither list these as supported nor as refused (but for fine-tuned
    /// models); no error report was found, and pydantic-ai and VS Code strip them
    /// (pydantic-ai `profiles/openai.py` L440-453, 2026-08-22). Uncertain: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "maxLength": 40}
    /// ```
    pub static OPENAI_STRICT_KEYWORD = {
        code: "openai-strict-keyword",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI's strict mode does not document this keyword (uncertain)",
        help: "check the constraint in the tool's code, or with --allow-lossy move it into the description",
    }
}
