use crate::contract::TOOL_CONTRACT_KEY;
use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That no tool's `_meta` uses the key `com.harnlang/toolContract`.
    ///
    /// ## Why
    /// MCP projection writes the tool's error schema there; a registry-supplied value
    /// would be overwritten or, worse, mistaken for Harn's.
    ///
    /// ## Example
    /// ```json
    /// {"meta": {"com.harnlang/toolContract": {}}}
    /// ```
    pub static RESERVED_META_KEY = {
        code: "reserved-meta-key",
        phase: Catalog,
        severity: Error,
        summary: "a tool's `_meta` uses the key reserved for Harn's projections",
    }
}

use crate::check::catalog::{ToolCx, at};
use crate::diagnostics::Diagnostic;

pub fn check(cx: &ToolCx<'_>, out: &mut Vec<Diagnostic>) {
    if cx.tool.meta.as_ref().is_some_and(|meta| meta.contains_key(TOOL_CONTRACT_KEY)) {
        out.push(
            RESERVED_META_KEY
                .diag(format!(
                    "{}[{TOOL_CONTRACT_KEY:?}] is reserved for Harn-owned adapter projections",
                    cx.label("_meta")
                ))
                .at(cx.key_origin(&at(&["_meta"]).key(TOOL_CONTRACT_KEY))),
        );
    }
}
