//! `meta` → `_meta` (a.3 step 11), and `meta-field`, which refuses a `meta` that is
//! not an object.

use serde_json::Value;

use crate::contract::SortedObject;
use crate::declare_rule;
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

pub fn meta(cx: &mut EntryCtx<'_>, field: Option<Field>, ignored: Option<Field>) -> Option<SortedObject> {
    super::ignored_meta_key::warn_ignored_meta(cx, ignored);
    let Field { value, at } = field?;
    match value {
        Value::Object(object) => Some(object.into_iter().collect()),
        _ => {
            cx.error(META_FIELD, " field 'meta' must be an object", &at);
            None
        }
    }
}
