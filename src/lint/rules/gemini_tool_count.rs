//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profiles `gemini`, `gemini-json-schema`: at most 128 tools in one `tools/list`.
    ///
    /// ## Why
    /// Vertex AI's docs: "The maximum number of function declarations that can be
    /// provided with the request is 128" (<https://docs.cloud.google.com/vertex-ai/generative-ai/docs/model-reference/function-calling>);
    /// the Gemini API was observed refusing only above 512: `At most 512 function
    /// declarations can be specified.` (google-gemini/gemini-cli#19083, 2026-02).
    /// Conflicting: a warning.
    ///
    /// ## Example
    /// A registry of 129 tools.
    pub static GEMINI_TOOL_COUNT = {
        code: "gemini-tool-count",
        phase: Profile,
        severity: Warning,
        summary: "Vertex AI takes at most 128 function declarations (the Gemini API 512)",
        help: "split the registry, or let clients select fewer tools",
    }
}
