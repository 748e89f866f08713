//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every array schema has `items`.
    ///
    /// ## Why
    /// Gemini refuses arrays without items (cline/cline#7339, 2025-11; the `Schema`'s
    /// `items` is required for ARRAY).
    ///
    /// ## Example
    /// ```json
    /// {"type": "array"}
    /// ```
    pub static GEMINI_ARRAY_ITEMS = {
        code: "gemini-array-items",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses an array schema without `items`",
        help: "give the array an `items` schema with a `type`",
    }
}
