//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that a `$ref` has no sibling keywords.
    ///
    /// ## Why
    /// OpenAI refuses it: `$ref cannot have keywords {'description'}`. Source:
    /// camel-ai/camel#3001 (2025-08), defog-ai/defog#244 (2026-03).
    ///
    /// ## Example
    /// ```json
    /// {"$ref": "#/$defs/Id", "description": "the widget"}
    /// ```
    pub static OPENAI_STRICT_REF_SIBLINGS = {
        code: "openai-strict-ref-siblings",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses keywords beside `$ref`",
        help: "move the keywords into the referenced definition, or wrap the `$ref` in `anyOf: [{\"$ref\": …}]`",
    }
}
