use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `outputSchema` or `errorSchema` removed.
    ///
    /// ## Why breaking
    /// Callers lose the promise of what the tool returns (or throws): any value may
    /// come, and generated client types lose their shape.
    ///
    /// ## Example
    /// `widgets.get` no longer declares `returns`.
    pub static SCHEMA_REMOVED = {
        code: "schema-removed",
        summary: "an output or error schema was removed",
        levels: { output: Breaking, error: Breaking },
    }
}
