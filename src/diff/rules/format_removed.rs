use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `format` removed.
    ///
    /// ## Why breaking on output and error
    /// Callers that parse the string in its format (a date, a URI) receive strings
    /// that do not have it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `created: {type: string, format: date-time}` loses its `format`.
    pub static FORMAT_REMOVED = {
        code: "format-removed",
        summary: "a string no longer has to have a format",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
