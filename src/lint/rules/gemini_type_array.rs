//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that `type` is a single string.
    ///
    /// ## Why
    /// `Unknown name "type" at '...': Proto field is not repeating, cannot start list.`
    /// Source: zed-industries/zed#53919 (2026), hideya/langchain-mcp-tools-ts#46 (2025-07).
    /// `harn-catalog mcp --profile gemini` writes `["T", "null"]` as `nullable: true`
    /// and other lists as an `anyOf` of single types.
    ///
    /// ## Example
    /// ```json
    /// {"type": ["string", "null"]}
    /// ```
    pub static GEMINI_TYPE_ARRAY = {
        code: "gemini-type-array",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses a list of types",
        help: "use one type with `nullable: true`, or `anyOf`; `harn-catalog mcp --profile gemini` does it",
    }
}
