//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that no `$ref` is recursive.
    ///
    /// ## Why
    /// "Cyclic references are unrolled to a limited degree and, as such, may only be used
    /// within non-required properties" (python-genai `types.py` L6537-6541, 2026-08-21):
    /// deep values are lost. Partial support: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"child": {"$ref": "#"}}}
    /// ```
    pub static GEMINI_JSON_SCHEMA_RECURSION = {
        code: "gemini-json-schema-recursion",
        phase: Profile,
        severity: Warning,
        summary: "Gemini unrolls recursive references only to a limited depth",
        help: "bound the recursion (a fixed number of levels), and keep it under optional properties",
    }
}
