//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every name in `required` is a key of its object's
    /// `properties`.
    ///
    /// ## Why
    /// OpenAI's strict mode wants `required` to be exactly the keys of `properties`:
    /// `'required' is required to be supplied and to be an array including every key in
    /// properties. Extra required key 'function_arguments' supplied.` (camel-ai/camel#2629,
    /// 2025-06; OpenAI "Structured outputs" docs, 2026-08).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "required": ["id"], "additionalProperties": false}
    /// ```
    pub static OPENAI_STRICT_REQUIRED_UNDECLARED = {
        code: "openai-strict-required-undeclared",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a `required` name that `properties` does not declare",
        help: "declare the property in `properties`, or remove it from `required`",
    }
}
