//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every `format` is `enum` or `date-time`.
    ///
    /// ## Why
    /// In 2025 Gemini refused others: `...properties[url].format: only 'enum' and
    /// 'date-time' are supported for STRING type` (google-gemini/gemini-cli#2237,
    /// 2025-06); Vertex's Schema docs now list more formats, and whether the Developer
    /// API still refuses them is uncertain: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "uri"}
    /// ```
    pub static GEMINI_FORMAT = {
        code: "gemini-format",
        phase: Profile,
        severity: Warning,
        summary: "Gemini's `parameters` refused `format`s other than `enum` and `date-time` (uncertain today)",
        help: "drop the `format` and check it in the tool's code, or with --allow-lossy move it into the description",
    }
}
