//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that the input schema's root has no `anyOf`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses it: "Root objects must not be `anyOf` and must be an
    /// object" (OpenAI "Structured outputs → Supported schemas", read 2026-08 from a page
    /// copy; browserbase/stagehand#1159, 2025-10).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {}, "anyOf": [{"required": []}]}
    /// ```
    pub static OPENAI_STRICT_ROOT_ANY_OF = {
        code: "openai-strict-root-any-of",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses an `anyOf` at the input schema's root",
        help: "move the alternatives into a property, or describe one object with optional members",
    }
}
