//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that objects nest at most 10 levels deep (the root
    /// object is level 1; references are not followed).
    ///
    /// ## Why
    /// OpenAI's docs: "up to 10 levels of nesting" (older pages: 5). Source: OpenAI
    /// "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// Eleven objects nested in one another through `properties`.
    pub static OPENAI_STRICT_NESTING_DEPTH = {
        code: "openai-strict-nesting-depth",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses objects nested more than 10 levels deep",
        help: "flatten the arguments, or pass the deep part as a JSON string",
    }
}
