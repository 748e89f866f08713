//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 120,000 characters in the property names,
    /// definition names and string `enum` and `const` values of one input schema.
    ///
    /// ## Why
    /// OpenAI's docs: "the total string length of all property names, definition names,
    /// enum values, and const values cannot exceed 120,000 characters" (older pages:
    /// 15,000). Source: OpenAI "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// An `enum` of 2000 values of 61 characters each (with fewer than 1000 values each in
    /// two enums).
    pub static OPENAI_STRICT_STRING_BUDGET = {
        code: "openai-strict-string-budget",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a schema whose names and enum values pass 120,000 characters",
        help: "shorten the names and values, or take free strings and check them in the tool's code",
    }
}
