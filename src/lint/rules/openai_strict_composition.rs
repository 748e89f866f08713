//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `allOf`, `not`, `if`/`then`/`else`,
    /// `dependentRequired` or `dependentSchemas`.
    ///
    /// ## Why
    /// OpenAI's docs list "Composition: allOf, not, dependentRequired, dependentSchemas,
    /// if, then, else" as not supported: "you will receive an error" (OpenAI "Structured
    /// outputs → Supported schemas", read 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"allOf": [{"minLength": 1}]}
    /// ```
    pub static OPENAI_STRICT_COMPOSITION = {
        code: "openai-strict-composition",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses `allOf`, `not`, `if`/`then`/`else` and `dependent*`",
        help: "flatten the composition into one schema, or check the condition in the tool's code",
    }
}
