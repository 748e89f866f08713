use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A `format` written on a string schema that had none.
    ///
    /// ## Why breaking on input
    /// A validator that asserts formats refuses a caller's string that does not have
    /// it. On an output or an error, callers receive strings of a narrower shape: no
    /// harm.
    ///
    /// ## Example
    /// `email: {type: string}` becomes `email: {type: string, format: email}`.
    pub static FORMAT_ADDED = {
        code: "format-added",
        summary: "a string must now have a format",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
