//! `icons` (a.3 step 9).

use serde_json::Value;

use crate::contract::{NonBlank, ToolIcon, ToolIconTheme};
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field, shown};

declare_rule! {
    /// ## What it checks
    /// That `icons` is a non-empty list of objects with only `src` (a required
    /// non-empty string), `mimeType` (a non-empty string), `sizes` (a non-empty list of
    /// non-empty strings) and `theme` (`light` or `dark`).
    ///
    /// ## Why
    /// Icons are copied into the MCP tool document, whose clients expect exactly this
    /// shape.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "icons": [{"src": "w.svg", "theme": "sepia"}]}
    /// ```
    pub static ICON_FIELD = {
        code: "icon-field",
        phase: Catalog,
        severity: Error,
        summary: "`icons` is not a non-empty list of well-formed icons",
    }
}

pub fn icons(cx: &mut EntryCtx<'_>, field: Option<Field>) -> Option<Vec<ToolIcon>> {
    let Field { value, at } = field?;
    let items = match value {
        Value::Array(items) if !items.is_empty() => items,
        _ => {
            cx.error(ICON_FIELD, ": field 'icons' must be a non-empty list", &at);
            return None;
        }
    };
    let mut icons = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let at = at.index(i);
        let Value::Object(mut icon) = item else {
            cx.error(ICON_FIELD, ": icon must be an object", &at);
            continue;
        };
        if let Some(key) = icon.keys().find(|k| !matches!(k.as_str(), "src" | "mimeType" | "sizes" | "theme")) {
            cx.error_at_key(ICON_FIELD, format_args!(": icon contains unknown key {key:?}"), &at.key(key));
            continue;
        }
        let src = match icon.remove("src") {
            Some(Value::String(s)) if !s.is_empty() => s,
            found => {
                let place = if found.is_some() { at.key("src") } else { at.clone() };
                cx.error(ICON_FIELD, ": icon field 'src' must be a non-empty string", &place);
                continue;
            }
        };
        let mime_type = match icon.remove("mimeType") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if !s.is_empty() => Some(s),
            Some(_) => {
                cx.error(ICON_FIELD, ": icon field 'mimeType' must be a non-empty string", &at.key("mimeType"));
                continue;
            }
        };
        let sizes = match icon.remove("sizes") {
            None | Some(Value::Null) => None,
            Some(Value::Array(sizes)) if !sizes.is_empty() => {
                let strings: Option<Vec<String>> = sizes
                    .into_iter()
                    .map(|s| match s {
                        Value::String(s) if !s.is_empty() => Some(s),
                        _ => None,
                    })
                    .collect();
                match strings {
                    Some(strings) => Some(strings),
                    None => {
                        cx.error(ICON_FIELD, ": icon field 'sizes' must contain non-empty strings", &at.key("sizes"));
                        continue;
                    }
                }
            }
            Some(_) => {
                cx.error(ICON_FIELD, ": icon field 'sizes' must be a non-empty list", &at.key("sizes"));
                continue;
            }
        };
        let theme = match icon.remove("theme") {
            None | Some(Value::Null) => None,
            Some(value) => match value.as_str().and_then(ToolIconTheme::parse) {
                Some(theme) => Some(theme),
                None => {
                    let shown = value.as_str().map_or_else(|| shown(&value), |s| format!("{s:?}"));
                    cx.error(
                        ICON_FIELD,
                        format_args!(": icon field 'theme' has unknown value {shown}"),
                        &at.key("theme"),
                    );
                    continue;
                }
            },
        };
        let sizes = sizes.map(|sizes| sizes.into_iter().map(NonBlank::from).collect());
        icons.push(ToolIcon { src: src.into(), mime_type: mime_type.map(NonBlank::from), sizes, theme });
    }
    Some(icons)
}
