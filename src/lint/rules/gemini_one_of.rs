//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `oneOf`.
    ///
    /// ## Why
    /// `oneOf` is not a field of Gemini's `Schema`: an "Unknown name" error (zendev-sh/goai#108;
    /// python-genai `types.py` Schema fields, 2026-08-21). `harn-catalog mcp --profile
    /// gemini` turns a `oneOf` with provably disjoint branches into the equivalent `anyOf`.
    ///
    /// ## Example
    /// ```json
    /// {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    /// ```
    pub static GEMINI_ONE_OF = {
        code: "gemini-one-of",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `oneOf`",
        help: "use `anyOf` when no instance can match two branches (down-levelling does it for disjoint branches)",
    }
}
