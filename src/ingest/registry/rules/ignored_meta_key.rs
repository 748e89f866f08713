//! `ignored-meta-key`: a tool spec that sets `_meta`, which a registry ignores.

use crate::declare_rule;
use crate::diagnostics::Origin;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// A tool spec that sets `_meta`. A registry reads MCP metadata from `meta` only;
    /// upstream passes `_meta` through `tool_define` and then ignores it.
    ///
    /// ## Why
    /// `_meta` is the catalog's spelling, so writing it in a declaration is an easy
    /// slip, and the metadata would silently go missing from the catalog.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "_meta": {"io.example/tier": "gold"}}
    /// ```
    pub static IGNORED_META_KEY = {
        code: "ignored-meta-key",
        phase: Catalog,
        severity: Warning,
        summary: "a tool spec sets `_meta`, which a registry ignores",
        help: "rename the key to \"meta\"",
    }
}

/// Warns when the spec sets `_meta` (the `ignored` field), which `meta` replaces.
pub fn warn_ignored_meta(cx: &mut EntryCtx<'_>, ignored: Option<Field>) {
    if let Some(ignored) = ignored {
        cx.push(
            IGNORED_META_KEY
                .diag(format!("tool {:?} sets \"_meta\", which a registry declaration ignores", cx.tool))
                .at(Origin::key(cx.source, ignored.at)),
        );
    }
}
