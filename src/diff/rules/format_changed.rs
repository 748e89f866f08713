use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `format` replaced by another.
    ///
    /// ## Why breaking on every side
    /// Strings of the old format are refused from callers, and callers receive
    /// strings in a format their code does not parse.
    ///
    /// ## Example
    /// `when: {type: string, format: date}` becomes `format: date-time`.
    pub static FORMAT_CHANGED = {
        code: "format-changed",
        summary: "a string must have another format",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}
