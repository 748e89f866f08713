use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An `anyOf` or `oneOf` branch with no counterpart in the old schema: a value of
    /// a new shape.
    ///
    /// ## Why breaking on output, a warning on error
    /// Callers receive values of a shape their code does not handle. A new error
    /// variant breaks only exhaustive error handling, which is why it is a warning.
    /// On an input, callers may send more; but a value that matched one `oneOf`
    /// branch may now match the new one too, and `oneOf` refuses it: unless the
    /// branches are told apart for certain, that is also reported, as
    /// `uncertain-change`.
    ///
    /// ## Example
    /// An output's `result: {oneOf: [{$ref: Widget}, {$ref: Gadget}]}` gains a
    /// `Gizmo` branch.
    pub static BRANCH_ADDED = {
        code: "branch-added",
        summary: "an anyOf or oneOf branch was added",
        levels: { input: Info, output: Breaking, error: Warning },
    }
}
