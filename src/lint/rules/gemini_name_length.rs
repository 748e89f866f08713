//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: that a tool's name has at most 64
    /// characters.
    ///
    /// ## Why
    /// The API errors of 2025 say "with a maximum length of 64" (google-gemini/gemini-cli#2966);
    /// python-genai's docstring says 128 since 2026-05-20 (commit 29103464). Which one the
    /// API enforces today is uncertain: a warning.
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static GEMINI_NAME_LENGTH = {
        code: "gemini-name-length",
        phase: Profile,
        severity: Warning,
        summary: "Gemini refused tool names longer than 64 characters (128 per newer SDK docs; uncertain)",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}
