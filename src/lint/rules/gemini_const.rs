//! Google Gemini function declarations: the `gemini` profile (the `parameters` field,
//! an OpenAPI 3.0 subset) and the `gemini-json-schema` profile (`parametersJsonSchema`).
//! Facts from the research notes of 2026-08 (googleapis/python-genai at 66807187,
//! 2026-08-21; the Gemini CLI at 5411f11; the issues cited).

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `gemini`: that no schema uses `const`.
    ///
    /// ## Why
    /// `Unknown name "const" at '...any_of[0]': Cannot find field.` Source:
    /// zed-industries/zed#44875 (2025-12). `harn-catalog mcp --profile gemini` writes it as
    /// the equivalent one-value `enum`.
    ///
    /// ## Example
    /// ```json
    /// {"const": "v1"}
    /// ```
    pub static GEMINI_CONST = {
        code: "gemini-const",
        phase: Profile,
        severity: Error,
        summary: "Gemini's `parameters` refuses `const`",
        help: "write a one-value `enum` instead, or let `harn-catalog mcp --profile gemini` do it",
    }
}
