//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every `enum` value is a string.
    ///
    /// ## Why
    /// `Invalid value at '...enum[0]' (TYPE_STRING), true`; numeric enums fail with
    /// `INVALID_ARGUMENT`. Source: anomalyco/opencode#2687 (2025-09),
    /// rancher/rancher-ai-agent#226 (2026-06, the GitHub MCP server).
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "enum": [1, 2, 3]}
    /// ```
    pub static GEMINI_NON_STRING_ENUM = {
        code: "gemini-non-string-enum",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `enum` values that are not strings",
        help: "use string values, or with --allow-lossy move the values into the description",
    }
}
