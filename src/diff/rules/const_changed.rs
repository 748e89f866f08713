use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A `const` replaced by another.
    ///
    /// ## Why breaking on every side
    /// The old value is refused from callers, and the new one is a value callers
    /// receiving it have never seen.
    ///
    /// ## Example
    /// `version: {const: 1}` becomes `version: {const: 2}`.
    pub static CONST_CHANGED = {
        code: "const-changed",
        summary: "a const was replaced",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}
