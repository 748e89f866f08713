use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A schema loses its `anyOf` or `oneOf` list and keeps other keywords: a value
    /// no longer has to match one of the branches. A union of branches that becomes
    /// a plain schema is compared branch by branch instead (`branch-added`,
    /// `branch-removed`).
    ///
    /// ## Why breaking on output
    /// Callers may receive values that match none of the old branches, which their
    /// code, written for those shapes, does not handle. On an input, callers may send
    /// more: no harm.
    ///
    /// ## Example
    /// An output's `{type: object, oneOf: [{required: [url]}, {required: [path]}]}`
    /// loses its `oneOf`: a result with neither `url` nor `path` can now arrive.
    pub static BRANCH_LIST_REMOVED = {
        code: "branch-list-removed",
        summary: "an anyOf or oneOf list was removed, other keywords kept",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
