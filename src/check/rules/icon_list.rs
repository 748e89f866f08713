use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// A tool's `icons`, when present: the list is not empty, each icon's `sizes` (when
    /// present) is not empty and has no duplicates, and no two icons are the same.
    /// Blank `src`, `mimeType` and sizes are `blank-string` findings.
    ///
    /// ## Why
    /// MCP clients pick an icon by size and theme; duplicates make that choice
    /// arbitrary, and the published schema requires the lists to be unique.
    ///
    /// ## Example
    /// ```json
    /// {"icons": [{"src": "w.svg"}, {"src": "w.svg"}]}
    /// ```
    pub static ICON_LIST = {
        code: "icon-list",
        phase: Catalog,
        severity: Error,
        summary: "a tool's icons are empty, repeated, or have repeated sizes",
    }
}

use crate::check::catalog::{ToolCx, at};
use crate::check::rules::blank_string;
use crate::diagnostics::Diagnostic;

pub fn check(cx: &ToolCx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(icons) = &cx.tool.icons else {
        return;
    };
    if icons.is_empty() {
        out.push(ICON_LIST.diag(format!("{} must not be empty", cx.label("icons"))).at(cx.origin(&at(&["icons"]))));
        return;
    }
    for (k, icon) in icons.iter().enumerate() {
        let place = at(&["icons"]).index(k);
        let label = |field: &str| cx.label(&format!("icons[{k}].{field}"));
        blank_string::check(label("src"), Some(&icon.src), || cx.origin(&place.key("src")), out);
        blank_string::check(label("mimeType"), icon.mime_type.as_deref(), || cx.origin(&place.key("mimeType")), out);
        if let Some(sizes) = &icon.sizes {
            if sizes.is_empty() {
                out.push(
                    ICON_LIST.diag(format!("{} must not be empty", label("sizes"))).at(cx.origin(&place.key("sizes"))),
                );
            }
            for (m, size) in sizes.iter().enumerate() {
                blank_string::check(
                    label(&format!("sizes[{m}]")),
                    Some(size),
                    || cx.origin(&place.key("sizes").index(m)),
                    out,
                );
            }
            if let Some(m) = (1..sizes.len()).find(|&m| sizes[..m].contains(&sizes[m])) {
                out.push(
                    ICON_LIST
                        .diag(format!("{} must not contain duplicates", label("sizes")))
                        .at(cx.origin(&place.key("sizes").index(m))),
                );
            }
        }
    }
    if let Some(k) = (1..icons.len()).find(|&k| icons[..k].contains(&icons[k])) {
        out.push(
            ICON_LIST
                .diag(format!("{} contains a duplicate icon", cx.label("icons")))
                .at(cx.origin(&at(&["icons"]).index(k))),
        );
    }
}
