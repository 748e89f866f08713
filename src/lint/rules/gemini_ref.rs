//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `$ref`, `$defs` or `definitions`.
    ///
    /// ## Why
    /// The Gemini Developer API's `Schema` has no references (Vertex's has, "only allowed
    /// at the root"); the Vercel AI SDK inlines them because they "are rejected by the
    /// Gemini Developer API representation" (vercel/ai
    /// `packages/google/src/convert-json-schema-to-openapi-schema.ts` L217-220,
    /// 2026-08-22). `harn-catalog mcp --profile gemini` inlines them, except recursive
    /// ones, which cannot be.
    ///
    /// ## Example
    /// ```json
    /// {"properties": {"id": {"$ref": "#/$defs/Id"}}, "$defs": {"Id": {"type": "string"}}}
    /// ```
    pub static GEMINI_REF = {
        code: "gemini-ref",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `$ref` and `$defs`",
        help: "inline the definitions, or let `harn-catalog mcp --profile gemini` do it (not possible for recursion)",
    }
}
