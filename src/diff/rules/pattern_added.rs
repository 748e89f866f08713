use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A `pattern` written on a string schema that had none.
    ///
    /// ## Why breaking on input
    /// A caller sending a string that does not match is refused. On an output or an
    /// error, callers receive strings of a narrower shape: no harm.
    ///
    /// ## Example
    /// `id: {type: string}` becomes `id: {type: string, pattern: "^w-[0-9]+$"}`.
    pub static PATTERN_ADDED = {
        code: "pattern-added",
        summary: "a string must now match a pattern",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
