//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `openai`, `openai-strict`: at most 128 tools in one `tools/list`.
    ///
    /// ## Why
    /// OpenAI refuses the request: `Invalid 'tools': array too long. Expected an array
    /// with maximum length 128` (code `array_above_max_length`). Source:
    /// openai/openai-openapi PR #76 (2023-08); zed-industries/zed#32946 (2025-06).
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static OPENAI_TOOL_COUNT = {
        code: "openai-tool-count",
        phase: Profile,
        severity: Error,
        summary: "OpenAI refuses more than 128 tools in one request",
        help: "split the registry, or let clients select fewer than 129 tools",
    }
}
