//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every object schema is closed with
    /// `"additionalProperties": false`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses the tool: `Invalid schema for function 'X': In
    /// context=('properties','permissions'), 'additionalProperties' is required to be
    /// supplied and to be false.` (code `invalid_function_parameters`). Source: OpenAI
    /// "Structured outputs" docs (2026-08); openai/openai-agents-python#1023 (2025-07).
    /// `harn-catalog mcp --profile openai-strict` closes the objects, which changes what
    /// they accept (extra properties are then refused) and says so.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    /// ```
    pub static OPENAI_STRICT_OPEN_OBJECT = {
        code: "openai-strict-open-object",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses an object schema without `\"additionalProperties\": false`",
        help: "add `\"additionalProperties\": false`, or let `harn-catalog mcp --profile openai-strict` close it",
    }
}
