//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini-json-schema`: that a `$ref` has no sibling keywords besides
    /// `description` and `default`.
    ///
    /// ## Why
    /// `$ref 'QuestionOption' was set alongside unsupported fields. If a schema node has
    /// $ref set, then only description and default can be set alongside it`
    /// (anomalyco/opencode#12295, 2026-02). Google's own text ("no other properties,
    /// except for those starting as a `$`") differs; the observed error is followed.
    ///
    /// ## Example
    /// ```json
    /// {"$ref": "#/$defs/Id", "minLength": 1}
    /// ```
    pub static GEMINI_JSON_SCHEMA_REF_SIBLINGS = {
        code: "gemini-json-schema-ref-siblings",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parametersJsonSchema` refuses keywords beside `$ref` other than `description` and `default`",
        help: "move the keywords into the referenced definition",
    }
}
