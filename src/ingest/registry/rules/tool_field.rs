//! `description`, `title`, `namespace` and `defer_loading` (a.3 steps 2–4).

use serde_json::Value;

use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field, RawEntry};

declare_rule! {
    /// ## What it checks
    /// That `defer_loading` is a bool and `namespace` a non-empty string, as
    /// `tool_define` demands, and the field rules of the registry normaliser for
    /// `description` (a string), `title` (a non-empty string).
    ///
    /// ## Why
    /// These fields are copied into the catalog with a fixed type.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "defer_loading": "yes", "title": ""}
    /// ```
    pub static TOOL_FIELD = {
        code: "tool-field",
        phase: Catalog,
        severity: Error,
        summary: "a tool's name-like or flag field has the wrong type",
    }
}

/// Absent, `null` and `""` all mean no description; anything but a string is refused.
pub fn description(cx: &mut EntryCtx<'_>, field: Option<Field>) -> Option<String> {
    match field.map(|f| (f.value, f.at)) {
        None | Some((Value::Null, _)) => None,
        Some((Value::String(s), _)) => (!s.is_empty()).then_some(s),
        Some((_, at)) => {
            cx.error(TOOL_FIELD, " field \"description\" must be a string", &at);
            None
        }
    }
}

/// An optional non-empty string (`title`, `namespace`). Whitespace-only values pass
/// here and are refused by the catalog's blank-string check.
pub fn optional_non_empty(cx: &mut EntryCtx<'_>, field: Option<Field>, name: &str) -> Option<String> {
    match field.map(|f| (f.value, f.at)) {
        None | Some((Value::Null, _)) => None,
        Some((Value::String(s), _)) if !s.is_empty() => Some(s),
        Some((_, at)) => {
            cx.error(TOOL_FIELD, format_args!(" field {name:?} must be a non-empty string"), &at);
            None
        }
    }
}

/// `defer_loading`, `false` by default (its type was checked by `tool_define`).
pub fn defer_loading(field: Option<Field>) -> bool {
    matches!(field.map(|f| f.value), Some(Value::Bool(true)))
}

/// `namespace` (`tool_define` refused any value but a non-empty string or null).
pub fn namespace(field: Option<Field>) -> Option<String> {
    match field.map(|f| f.value) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// `tool_define`'s own checks of `defer_loading` and `namespace`.
pub fn check_define_fields(cx: &mut EntryCtx<'_>, entry: &RawEntry) {
    if let Some(field) = entry.get("defer_loading").filter(|f| !f.value.is_null() && !f.value.is_boolean()) {
        let at = field.at.clone();
        cx.error(TOOL_FIELD, ": `defer_loading` must be a bool", &at);
    }
    if let Some(field) = entry.get("namespace").filter(|f| !f.value.is_null()) {
        if !matches!(&field.value, Value::String(s) if !s.is_empty()) {
            let at = field.at.clone();
            cx.error(TOOL_FIELD, ": `namespace` must be a non-empty string", &at);
        }
    }
}
