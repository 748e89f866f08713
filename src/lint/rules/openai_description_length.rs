//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's description has at most 1024
    /// characters.
    ///
    /// ## Why
    /// OpenAI refused longer descriptions in 2024–2025: `Invalid
    /// 'tools[13].function.description': string too long. Expected a string with maximum
    /// length 1024` (code `string_above_max_length`; getsentry/sentry-mcp#106, 2025-04;
    /// OpenHands/OpenHands#4838, 2024-11). No report from 2026 was found, so whether it
    /// is still enforced is uncertain: this is a warning.
    ///
    /// ## Example
    /// A 1100-character description.
    pub static OPENAI_DESCRIPTION_LENGTH = {
        code: "openai-description-length",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI refused tool descriptions longer than 1024 characters (uncertain today)",
        help: "shorten the description to 1024 characters, putting what matters first",
    }
}
