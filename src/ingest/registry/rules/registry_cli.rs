//! `registry-cli`: the registry's `cli` parent-command metadata (spec/contract.md a.5),
//! read into the catalog's.

use std::sync::Arc;

use serde_json::Value;

use crate::contract::ToolCliTreeSpec;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::registry::rules::cli_field::json_pointer_of;
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The registry's `cli`: parent-command metadata read strictly as
    /// `{commands: [{command, title?, description?, aliases?, hidden?, display_order?}]}`.
    /// Whether each path names a parent command is checked in the prepare phase.
    ///
    /// ## Why
    /// Unknown keys and wrong types would be dropped or misread by the CLI generator.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"commands": [{"path": ["widgets"]}]}, "tools": []}
    /// ```
    pub static REGISTRY_CLI = {
        code: "registry-cli",
        phase: Catalog,
        severity: Error,
        summary: "the registry's `cli` metadata does not read as `{commands: [...]}`",
    }
}

/// The registry's `cli` at `at`; `None` when absent, or refused into `out`.
pub fn cli(source: &Arc<SourceFile>, value: Value, at: &Pointer, out: &mut Vec<Diagnostic>) -> Option<ToolCliTreeSpec> {
    if value.is_null() {
        return None;
    }
    let mut track = serde_path_to_error::Track::new();
    let deserializer = serde_path_to_error::Deserializer::new(&value, &mut track);
    match <ToolCliTreeSpec as serde::Deserialize>::deserialize(deserializer) {
        Ok(spec) => Some(spec),
        Err(error) => {
            let inner = Pointer::parse(&json_pointer_of(&track.path())).unwrap_or_default();
            out.push(
                REGISTRY_CLI
                    .diag(format!("tool registry CLI metadata is invalid: {error}"))
                    .at(Origin::value(source, at.join(&inner))),
            );
            None
        }
    }
}
