//! `meta` → `_meta` (a.3 step 11).

use serde_json::Value;

use crate::contract::SortedObject;
use crate::declare_rule;
use crate::diagnostics::Origin;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// That a tool's `meta` is an object. It becomes the entry's `_meta`, keys sorted.
    ///
    /// ## Why
    /// MCP's `_meta` is an object keyed by (optionally prefixed) names.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "meta": ["io.example/tier"]}
    /// ```
    pub static META_FIELD = {
        code: "meta-field",
        phase: Catalog,
        severity: Error,
        summary: "`meta` is not an object",
    }
}

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

pub fn meta(cx: &mut EntryCtx<'_>, field: Option<Field>, ignored: Option<Field>) -> Option<SortedObject> {
    if let Some(ignored) = ignored {
        cx.push(
            IGNORED_META_KEY
                .diag(format!("tool {:?} sets \"_meta\", which a registry declaration ignores", cx.tool))
                .at(Origin::key(cx.source, ignored.at)),
        );
    }
    let Field { value, at } = field?;
    match value {
        Value::Null => None,
        Value::Object(object) => Some(object.into_iter().collect()),
        _ => {
            cx.error(META_FIELD, " field 'meta' must be an object", &at);
            None
        }
    }
}
