//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no node has both `type` and `anyOf`, and that every
    /// `anyOf` branch has a `type`.
    ///
    /// ## Why
    /// `type and anyOf cannot be both populated.` (google-gemini/gemini-cli#4121, #2398,
    /// 2025-07); a branch without a type fails with `Invalid value at '...any_of[0].type'
    /// (...Type), ""` (zereight/gitlab-mcp#166, 2025-07). `harn-catalog mcp --profile
    /// gemini` moves a node's `type` into its branches, which accepts the same values.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "anyOf": [{"minLength": 2}, {"enum": ["a"]}]}
    /// ```
    pub static GEMINI_ANY_OF = {
        code: "gemini-any-of",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses `anyOf` beside `type`, and `anyOf` branches without `type`",
        help: "give each `anyOf` branch its own `type` and none to the node (`harn-catalog mcp --profile gemini` does it)",
    }
}
