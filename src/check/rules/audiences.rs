use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That each tool's `governance.audiences` is not empty and names no audience twice.
    ///
    /// ## Why
    /// A tool with no audience is visible to no adapter; a repeated audience is a sign
    /// of a hand-edited catalog gone wrong.
    ///
    /// ## Example
    /// ```json
    /// {"governance": {"audiences": ["mcp", "mcp"]}}
    /// ```
    pub static AUDIENCES = {
        code: "audiences",
        phase: Catalog,
        severity: Error,
        summary: "a tool's audiences are empty or repeated",
    }
}

use crate::check::catalog::{ToolCx, at};
use crate::diagnostics::Diagnostic;

pub fn check(cx: &ToolCx<'_>, out: &mut Vec<Diagnostic>) {
    let audiences = &cx.tool.governance.audiences;
    let label = cx.place("governance.audiences");
    let place = || at(&["governance", "audiences"]);
    if let Some(k) = (1..audiences.len()).find(|&k| audiences[..k].contains(&audiences[k])) {
        out.push(AUDIENCES.diag(format!("{label} must not contain duplicates")).at(cx.origin(&place().index(k))));
    }
    if audiences.is_empty() {
        out.push(AUDIENCES.diag(format!("{label} must not be empty")).at(cx.origin(&place())));
    }
}
