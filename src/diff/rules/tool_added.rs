use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool the old catalog did not have, under any name.
    ///
    /// ## Why info
    /// No existing caller uses it.
    ///
    /// ## Example
    /// The new catalog adds `widgets.archive`.
    pub static TOOL_ADDED = {
        code: "tool-added",
        summary: "a tool was added",
        levels: { metadata: Info },
    }
}
