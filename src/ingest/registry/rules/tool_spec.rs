//! `tool-spec`: each element of `tools` is an object with a non-empty `name`, and
//! an object `config` when it has one.

use std::sync::Arc;

use serde_json::Value;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::registry::raw::{EntryCtx, Field, type_name};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That each element of `tools` is an object with a non-empty string `name`, and
    /// that its `config`, when given, is an object.
    ///
    /// ## Why
    /// A tool is identified by its name everywhere: in MCP, in the CLI, in the
    /// catalog. Upstream refuses a registry entry without one (`tool registry entry
    /// field "name" must be a non-empty string`).
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"description": "Look up a widget"}]}
    /// ```
    pub static TOOL_SPEC = {
        code: "tool-spec",
        phase: Catalog,
        severity: Error,
        summary: "a tool spec is not an object with a non-empty name",
    }
}

/// The diagnostic for a tool spec (at `at`) that is not an object.
pub fn not_an_object(source: &Arc<SourceFile>, spec: &Value, at: Pointer) -> Diagnostic {
    TOOL_SPEC
        .diag(format!("tool registry entries must be objects; this one is {}", type_name(spec)))
        .at(Origin::value(source, at))
}

/// The tool's name and where it is written, from the spec's `name` field (of the
/// spec at `spec_at`), or the diagnostic when it is not a non-empty string.
pub fn name(source: &Arc<SourceFile>, field: Option<Field>, spec_at: Pointer) -> Result<(String, Pointer), Diagnostic> {
    match field {
        Some(Field { value: Value::String(name), at }) if !name.is_empty() => Ok((name, at)),
        found => {
            let origin = Origin::value(source, found.map_or(spec_at, |f| f.at));
            Err(TOOL_SPEC.diag("tool registry entry field \"name\" must be a non-empty string").at(origin))
        }
    }
}

/// Refuses a `config` (at `config_at`) whose value is of JSON type `kind`, not an object.
pub fn config_not_an_object(cx: &mut EntryCtx<'_>, kind: &str, config_at: &Pointer) {
    cx.error(TOOL_SPEC, format_args!(" field \"config\" must be an object, not {kind}"), config_at);
}
