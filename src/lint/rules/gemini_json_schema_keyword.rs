//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that every keyword is one Google lists (`$id`,
    /// `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`, `description`, `enum`,
    /// `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `anyOf`,
    /// `oneOf`, `properties`, `additionalProperties`, `required`, `propertyOrdering`).
    ///
    /// ## Why
    /// "While the full JSON Schema may be sent, not all features are supported"
    /// (python-genai `types.py` L6525-6542, for `responseJsonSchema`; assumed the same
    /// for `parametersJsonSchema`). Whether others are ignored or refused is not
    /// documented (likely ignored): a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^[a-z]+$"}
    /// ```
    pub static GEMINI_JSON_SCHEMA_KEYWORD = {
        code: "gemini-json-schema-keyword",
        phase: Profile,
        severity: Warning,
        summary: "Gemini's `parametersJsonSchema` does not list this keyword (likely ignored)",
        help: "check the constraint in the tool's code too, or with --allow-lossy move it into the description",
    }
}
