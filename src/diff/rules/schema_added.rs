use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `outputSchema` or `errorSchema` written where there was none.
    ///
    /// ## Why info
    /// Callers received any value before; now they are promised a shape.
    ///
    /// ## Example
    /// `widgets.get` declares `returns: {type: object}`.
    pub static SCHEMA_ADDED = {
        code: "schema-added",
        summary: "an output or error schema was written",
        levels: { output: Info, error: Info },
    }
}
