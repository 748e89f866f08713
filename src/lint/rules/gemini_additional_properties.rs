//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema has `additionalProperties` (even `false`).
    ///
    /// ## Why
    /// Gemini's `parameters` refuses it: `Invalid JSON payload received. Unknown name
    /// "additionalProperties" at 'tools[0].function_declarations[8].parameters...': Cannot
    /// find field.` Source: nanbingxyz/5ire#42 (2025-01), promptfoo/promptfoo#6904
    /// (2026-01), python-genai `_transformers.py` L643-654.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "additionalProperties": false}
    /// ```
    pub static GEMINI_ADDITIONAL_PROPERTIES = {
        code: "gemini-additional-properties",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `additionalProperties`",
        help: "send the schema as `parametersJsonSchema` (profile gemini-json-schema), or with --allow-lossy drop it into the description",
    }
}
