//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `allOf`, `not`, `if`, `then` or `else`.
    ///
    /// ## Why
    /// They are not fields of Gemini's `Schema`: `Unknown name ... Cannot find field.`
    /// (openswarm-ai/openswarm#24, 2026-05; zendev-sh/goai#108).
    ///
    /// ## Example
    /// ```json
    /// {"not": {"type": "null"}}
    /// ```
    pub static GEMINI_COMPOSITION = {
        code: "gemini-composition",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `allOf`, `not` and `if`/`then`/`else`",
        help: "flatten the composition into one schema, or check the condition in the tool's code",
    }
}
