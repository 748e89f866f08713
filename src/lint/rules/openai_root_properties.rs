//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: that the input schema's root object has
    /// `properties` (`{}` for a tool without arguments).
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid schema for function 'some_tool': In
    /// context=(), object schema missing properties.` Source:
    /// openai/openai-agents-python#449 (2025-04), github/copilot-cli#1825 (2026-03).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "additionalProperties": false}
    /// ```
    pub static OPENAI_ROOT_PROPERTIES = {
        code: "openai-root-properties",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses an input schema whose root has no `properties`",
        help: "add `\"properties\": {}` to the input schema's root",
    }
}
