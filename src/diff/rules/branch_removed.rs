use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An `anyOf` or `oneOf` branch with no counterpart in the new schema.
    ///
    /// ## Why breaking on input
    /// A caller sending a value only that branch accepted is refused. On an output or
    /// an error, callers receive fewer kinds of value: no harm.
    ///
    /// ## Example
    /// `target: {anyOf: [{type: string}, {type: integer}]}` loses its `integer`
    /// branch.
    pub static BRANCH_REMOVED = {
        code: "branch-removed",
        summary: "an anyOf or oneOf branch was removed",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
