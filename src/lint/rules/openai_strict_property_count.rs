//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: at most 5000 object properties in one input schema.
    ///
    /// ## Why
    /// OpenAI's docs: "A schema may have up to 5000 object properties total" (older
    /// pages: 100). Source: OpenAI "Structured outputs → Supported schemas" (2026-08).
    ///
    /// ## Example
    /// An input schema declaring 5001 properties.
    pub static OPENAI_STRICT_PROPERTY_COUNT = {
        code: "openai-strict-property-count",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses more than 5000 properties in one schema",
        help: "split the tool, or pass a large map as `additionalProperties` data",
    }
}
