//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that every keyword is a field of Gemini's `Schema` (`type`,
    /// `format`, `title`, `description`, `nullable`, `enum`, `maxItems`, `minItems`,
    /// `properties`, `required`, `minProperties`, `maxProperties`, `minLength`,
    /// `maxLength`, `pattern`, `example`, `anyOf`, `propertyOrdering`, `default`, `items`,
    /// `minimum`, `maximum`); the keywords other gemini rules report are left to them.
    ///
    /// ## Why
    /// Any other field is refused: `Unknown name "$schema" at
    /// 'request.tools[0].function_declarations[0].parameters'` (router-for-me/CLIProxyAPI#97,
    /// 2025-10; openswarm-ai/openswarm#24, 2026-05 for `propertyNames`). Fields:
    /// <https://googleapis.github.io/js-genai/interfaces/types.Schema.html>.
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "exclusiveMinimum": 0}
    /// ```
    pub static GEMINI_KEYWORD = {
        code: "gemini-keyword",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses keywords that are not fields of its `Schema`",
        help: "remove the keyword (check the constraint in the tool's code), or with --allow-lossy move it into the description",
    }
}
