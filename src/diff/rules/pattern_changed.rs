use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `pattern` replaced by another.
    ///
    /// ## Why breaking on every side
    /// Whether one regular expression matches every string the other does is not
    /// decided: the change is taken to refuse strings callers send and to produce
    /// strings callers do not expect.
    ///
    /// ## Example
    /// `pattern: "^[a-z]+$"` becomes `pattern: "^[a-z0-9]+$"`.
    pub static PATTERN_CHANGED = {
        code: "pattern-changed",
        summary: "a string must match another pattern",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}
