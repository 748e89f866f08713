//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's name has at most 64 characters.
    ///
    /// ## Why
    /// OpenAI refuses the request: `string too long. Expected a string with maximum
    /// length 64, but got a string with length 65 instead.` Source: openai-python
    /// `function_definition.py` ("with a maximum length of 64", 2026-08-21);
    /// microsoft/foundry-dev-tools#201 (2025-05).
    ///
    /// ## Example
    /// A 65-character tool name.
    pub static OPENAI_NAME_LENGTH = {
        code: "openai-name-length",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses a tool name longer than 64 characters",
        help: "shorten the tool's name to 64 characters or fewer",
    }
}
