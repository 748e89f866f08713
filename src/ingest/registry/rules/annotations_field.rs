//! `annotations` (a.3 step 8): the MCP presentation hints kept, everything else dropped.

use serde_json::Value;

use crate::contract::ToolPresentationAnnotations;
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// That `annotations` is an object whose `title` (if any) is a non-empty string and
    /// whose `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`
    /// (if any) are bools. Other keys (`kind`, `side_effect_level`, `inline_result`,
    /// …) are runtime metadata and are dropped without a word, as upstream does.
    ///
    /// ## Why
    /// These are the MCP tool annotations; clients read them with these types.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "annotations": {"readOnlyHint": "yes"}}
    /// ```
    pub static ANNOTATIONS_FIELD = {
        code: "annotations-field",
        phase: Catalog,
        severity: Error,
        summary: "`annotations` is not an object of MCP hints of the right types",
    }
}

/// The filtered annotations; `None` when nothing is left.
pub fn annotations(cx: &mut EntryCtx<'_>, field: Option<&Field>) -> Option<ToolPresentationAnnotations> {
    let field = field.filter(|f| !f.value.is_null())?;
    let Value::Object(raw) = &field.value else {
        cx.error(ANNOTATIONS_FIELD, " field \"annotations\" must be an object", &field.at);
        return None;
    };
    let mut kept = ToolPresentationAnnotations::default();
    match raw.get("title") {
        None | Some(Value::Null) => {}
        Some(Value::String(title)) if !title.is_empty() => kept.title = Some(title.as_str().into()),
        Some(_) => cx.error(
            ANNOTATIONS_FIELD,
            " field \"annotations.title\" must be a non-empty string",
            &field.at.key("title"),
        ),
    }
    let hints: [(&str, &mut Option<bool>); 4] = [
        ("readOnlyHint", &mut kept.read_only_hint),
        ("destructiveHint", &mut kept.destructive_hint),
        ("idempotentHint", &mut kept.idempotent_hint),
        ("openWorldHint", &mut kept.open_world_hint),
    ];
    for (key, slot) in hints {
        match raw.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => *slot = Some(*b),
            Some(_) => cx.error(
                ANNOTATIONS_FIELD,
                format_args!(" field \"annotations.{key}\" must be a bool"),
                &field.at.key(key),
            ),
        }
    }
    (!kept.is_empty()).then_some(kept)
}
