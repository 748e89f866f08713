//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema has a `default`.
    ///
    /// ## Why
    /// `In context=('properties','placeholder'), 'default' is not permitted.` was
    /// reported in 2024-08 (567-labs/instructor#961); in 2026-08 an OpenAI maintainer
    /// could not reproduce it on api.openai.com while Azure OpenAI still refused it
    /// (openai/openai-agents-python#4390). Endpoint-dependent: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "default": 10}
    /// ```
    pub static OPENAI_STRICT_DEFAULT = {
        code: "openai-strict-default",
        phase: Profile,
        severity: Warning,
        summary: "OpenAI's strict mode refused `default` (still on Azure OpenAI; uncertain elsewhere)",
        help: "apply the default in the tool's code, or with --allow-lossy move it into the description",
    }
}
