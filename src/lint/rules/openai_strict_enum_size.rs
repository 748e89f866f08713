//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 1000 values in one `enum`.
    ///
    /// ## Why
    /// OpenAI's docs: "A schema may have up to 1000 enum values across all enum
    /// properties" (older pages: 500). Source: OpenAI "Structured outputs → Supported
    /// schemas" (2026-08).
    ///
    /// ## Example
    /// An `enum` of 1001 country codes.
    pub static OPENAI_STRICT_ENUM_SIZE = {
        code: "openai-strict-enum-size",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses more than 1000 `enum` values",
        help: "take a string and check it in the tool's code, or split the values by a first argument",
    }
}
