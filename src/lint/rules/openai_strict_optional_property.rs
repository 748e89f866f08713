//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that every property is listed in its object's `required`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses the tool: `'required' is required to be supplied and
    /// to be an array including every key in properties. Missing 'reasoning'`. Source:
    /// OpenAI "Structured outputs" docs (2026-08); braintrustdata/lingua#275 (2026-06).
    /// The documented way to keep a field optional is to make it required and nullable,
    /// which `harn-catalog mcp --profile openai-strict` does (and says so: the client
    /// then sends `null` where it left the field out).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"q": {"type": "string"}}, "required": [], "additionalProperties": false}
    /// ```
    pub static OPENAI_STRICT_OPTIONAL_PROPERTY = {
        code: "openai-strict-optional-property",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses a property its object does not require",
        help: "require the property and allow `null` for it, or let `harn-catalog mcp --profile openai-strict` do it",
    }
}
