//! `description`, `title`, `namespace` and `defer_loading` (a.3 steps 2–4).

use serde_json::Value;

use crate::ingest::registry::define::TOOL_FIELD;
use crate::ingest::registry::raw::{EntryCtx, Field};

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

/// `namespace` (its type was checked by `tool_define`).
pub fn namespace(field: Option<Field>) -> Option<String> {
    match field.map(|f| f.value) {
        Some(Value::String(s)) if !s.is_empty() => Some(s),
        _ => None,
    }
}
