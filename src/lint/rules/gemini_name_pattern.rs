//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: that a tool's name starts with a letter
    /// or `_` and has only letters, digits, `_`, `.`, `:` and `-`.
    ///
    /// ## Why
    /// Gemini refuses the request: `Invalid function name. Must start with a letter or
    /// an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons
    /// (:), or dashes (-), with a maximum length of 64.` Source: kaitranntt/ccs#25
    /// (2025-11), cline/cline#7339 (2025-11).
    ///
    /// ## Example
    /// ```json
    /// {"name": "2fa_check"}
    /// ```
    pub static GEMINI_NAME_PATTERN = {
        code: "gemini-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "Gemini refuses a tool name that does not start with a letter or `_`, or has other characters than `[a-zA-Z0-9_.:-]`",
        help: "rename the tool to start with a letter and use letters, digits, `_`, `.`, `:` and `-` only",
    }
}
