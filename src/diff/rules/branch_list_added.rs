use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A schema that had no `anyOf` or `oneOf` list gains one beside its other
    /// keywords: a value must now also match one of the listed branches (for
    /// `oneOf`, exactly one). A schema that becomes only a union of branches is
    /// compared branch by branch instead (`branch-added`, `branch-removed`).
    ///
    /// ## Why breaking on input
    /// A caller sending a value that matches none of the branches (or, for `oneOf`,
    /// two of them) is refused where it was accepted. On an output or an error,
    /// callers receive a subset of the values they handle: no harm.
    ///
    /// ## Example
    /// An item `{type: object, required: [name]}` gains
    /// `oneOf: [{required: [value]}, {required: [option]}]`: an item with both
    /// `value` and `option`, accepted before, is refused.
    pub static BRANCH_LIST_ADDED = {
        code: "branch-list-added",
        summary: "an anyOf or oneOf list was added beside other keywords",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
