//! `source` (a.3 step 14).

use serde_json::Value;

use crate::contract::{NonBlank, ToolSource};
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// That `source` is an object with only `kind` (a required non-empty string), `id`
    /// (a non-empty string) and `binding` (an object, written with its keys sorted).
    ///
    /// ## Why
    /// `source` tells generated projections and diagnostics where a tool came from
    /// (`openapi`, `harn`, …); `binding` holds the source-specific coordinates.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "source": {"id": "getWidget"}}
    /// ```
    pub static SOURCE_FIELD = {
        code: "source-field",
        phase: Catalog,
        severity: Error,
        summary: "`source` is not `{kind, id?, binding?}`",
    }
}

pub fn source(cx: &mut EntryCtx<'_>, field: Option<Field>) -> Option<ToolSource> {
    let Field { value, at } = field?;
    let mut object = match value {
        Value::Object(object) => object,
        _ => {
            cx.error(SOURCE_FIELD, " field 'source' must be an object", &at);
            return None;
        }
    };
    if let Some(key) = object.keys().find(|k| !matches!(k.as_str(), "kind" | "id" | "binding")) {
        cx.error_at_key(SOURCE_FIELD, format_args!(" field 'source' contains unknown key {key:?}"), &at.key(key));
        return None;
    }
    let kind = match object.remove("kind") {
        Some(Value::String(kind)) if !kind.is_empty() => kind,
        found => {
            let place = if found.is_some() { at.key("kind") } else { at.clone() };
            cx.error(SOURCE_FIELD, " field 'source.kind' must be a non-empty string", &place);
            return None;
        }
    };
    let id = match object.remove("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) if !id.is_empty() => Some(id),
        Some(_) => {
            cx.error(SOURCE_FIELD, " field 'source.id' must be a non-empty string", &at.key("id"));
            return None;
        }
    };
    let binding = match object.remove("binding") {
        None | Some(Value::Null) => None,
        Some(Value::Object(binding)) => Some(binding.into_iter().collect()),
        Some(_) => {
            cx.error(SOURCE_FIELD, " field 'source.binding' must be an object", &at.key("binding"));
            return None;
        }
    };
    Some(ToolSource { kind: kind.into(), id: id.map(NonBlank::from), binding })
}
