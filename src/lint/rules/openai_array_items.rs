//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai`: that every array schema has `items`; profile `openai-strict`:
    /// also that `items` is not `{}` or `true` (a typed schema, or `prefixItems`).
    ///
    /// ## Why
    /// OpenAI refuses the request: `In context=('properties', 'paths'), array schema
    /// missing items.` Source: sigoden/aichat#1049 (2024-12), mark3labs/mcphost#35;
    /// strict mode: pydantic/pydantic-ai `profiles/openai.py` L604-621 (commit 4fda389,
    /// 2026-08-22): "rejected by the API in strict mode".
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"paths": {"type": "array"}}}
    /// ```
    pub static OPENAI_ARRAY_ITEMS = {
        code: "openai-array-items",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses an array schema without (typed) `items`",
        help: "give the array an `items` schema with a `type`",
    }
}
