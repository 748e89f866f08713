//! The spellings of a tool's input schema (spec/contract.md a.2): `parameters`,
//! `input_schema` or `inputSchema`, exactly one of them.

use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, RawEntry};

declare_rule! {
    /// ## What it checks
    /// That a tool declares its input schema once: with `parameters` (the legacy
    /// per-parameter map), `input_schema` or `inputSchema`, never two of them; and that
    /// it does not use the misspelling `params`.
    ///
    /// ## Why
    /// Two spellings leave it unclear which schema the tool accepts; upstream's
    /// `tool_define` refuses both cases with these messages.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "parameters": {"q": "string"}, "inputSchema": {"type": "object"}}
    /// ```
    pub static INPUT_SCHEMA_SPELLING = {
        code: "input-schema-spelling",
        phase: Catalog,
        severity: Error,
        summary: "a tool declares its input schema twice, or as `params`",
        help: "keep exactly one of \"parameters\", \"input_schema\" or \"inputSchema\"",
    }
}

/// Exactly one of `parameters`, `input_schema`, `inputSchema`; the complete-schema
/// spellings are stored as `inputSchema`.
pub fn resolve(cx: &mut EntryCtx<'_>, entry: &mut RawEntry) {
    let spellings: Vec<&str> = ["parameters", "input_schema", "inputSchema"]
        .into_iter()
        .filter(|k| entry.get(k).is_some_and(|f| !f.value.is_null()))
        .collect();
    if spellings.len() > 1 {
        let at = entry.get(spellings[1]).map(|f| f.at.clone()).unwrap_or_default();
        cx.error_at_key(
            INPUT_SCHEMA_SPELLING,
            format_args!(" declares its input schema twice ({:?} and {:?})", spellings[0], spellings[1]),
            &at,
        );
    }
    if entry.get("parameters").is_none_or(|f| f.value.is_null()) {
        if let Some(params) = entry.get("params") {
            let at = params.at.clone();
            cx.error_at_key(INPUT_SCHEMA_SPELLING, ": use 'parameters', not 'params'", &at);
        }
    }
    if let Some(field) = entry.take("input_schema") {
        entry.set("inputSchema", field);
    }
}
