use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool of the old catalog that the new one no longer has, under any name.
    ///
    /// ## Why breaking
    /// Every caller of the tool fails: an agent's `tools/call`, a script, the CLI
    /// command generated from it.
    ///
    /// ## Example
    /// The old catalog has `widgets.delete`; the new one does not.
    pub static TOOL_REMOVED = {
        code: "tool-removed",
        summary: "a tool was removed",
        levels: { metadata: Breaking },
    }
}
