//! OpenAI function calling: the `openai` (non-strict) and `openai-strict` profiles.
//! Facts from the research notes of 2026-08 (OpenAI's "Structured outputs → Supported
//! schemas" and "Function calling → Strict mode" pages, and the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `openai-strict`: that no schema uses `oneOf`.
    ///
    /// ## Why
    /// OpenAI's strict mode refuses it: `In context=('properties', 'data'), 'oneOf' is
    /// not permitted.` Source: ai-dynamo/dynamo#15153, docker/docker-agent#4155.
    /// `harn-catalog mcp --profile openai-strict` turns a `oneOf` whose branches are
    /// provably disjoint into the equivalent `anyOf`.
    ///
    /// ## Example
    /// ```json
    /// {"oneOf": [{"type": "string"}, {"type": "integer"}]}
    /// ```
    pub static OPENAI_STRICT_ONE_OF = {
        code: "openai-strict-one-of",
        phase: Profile,
        severity: Error,
        summary: "OpenAI's strict mode refuses `oneOf`",
        help: "use `anyOf` (the same when no instance can match two branches), or let `harn-catalog mcp --profile openai-strict` convert disjoint branches",
    }
}
