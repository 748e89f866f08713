use crate::declare_rule;
use crate::maps::HashMap;

declare_rule! {
    /// ## What it checks
    /// That no two tools of a catalog share a name.
    ///
    /// ## Why
    /// Tools are called by name; two tools with one name make every call ambiguous. A
    /// registry declaration cannot produce a duplicate (a redefinition replaces the
    /// earlier tool, see `redefined-tool`), but a catalog file can hold one.
    ///
    /// ## Example
    /// ```json
    /// {"schema_version": "harn-tools/2.0", "tools": [{"name": "a", …}, {"name": "a", …}]}
    /// ```
    pub static DUPLICATE_TOOL_NAME = {
        code: "duplicate-tool-name",
        phase: Catalog,
        severity: Error,
        summary: "two tools of a catalog share a name",
    }
}

use crate::check::catalog::{ToolCx, at};
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;

/// Reports `tool` when an earlier tool has its name; remembers it otherwise.
pub fn check<'a>(cx: &ToolCx<'a>, seen: &mut HashMap<&'a str, usize>, out: &mut Vec<Diagnostic>) {
    match seen.get(cx.tool.name.as_str()) {
        Some(&first) => out.push(
            DUPLICATE_TOOL_NAME
                .diag(format!("duplicate tool name {:?}", cx.tool.name))
                .at(cx.origin(&at(&["name"])))
                .related(cx.provenance.tool(first, &at(&["name"]), Part::Value), "first used here"),
        ),
        None => {
            seen.insert(cx.tool.name.as_str(), cx.index);
        }
    }
}
