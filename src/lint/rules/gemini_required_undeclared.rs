//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// Gemini refuses the request with `property is not defined` or the generic `Request
    /// contains an invalid argument.` (cline/cline#11162, 2026-05;
    /// nspady/google-calendar-mcp#134).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["port"]}
    /// ```
    pub static GEMINI_REQUIRED_UNDECLARED = {
        code: "gemini-required-undeclared",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses a `required` name that `properties` does not declare",
        help: "declare the property in `properties` with a `type`, or remove it from `required`",
    }
}
