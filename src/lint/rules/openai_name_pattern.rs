//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that a tool's name matches `^[a-zA-Z0-9_-]+$`.
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid 'tools[0].function.name': string does not
    /// match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`
    /// Source: openai/openai-python `src/openai/types/shared_params/function_definition.py`
    /// (commit e43b422, 2026-08-21); nanbingxyz/5ire#33 (2025-01), brekkylab/ailoy#109.
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets.lookup"}
    /// ```
    pub static OPENAI_NAME_PATTERN = {
        code: "openai-name-pattern",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses a tool name with characters other than letters, digits, `_` and `-`",
        help: "rename the tool with letters, digits, `_` and `-` only (`widgets_lookup`)",
    }
}
