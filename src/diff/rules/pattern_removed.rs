use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `pattern` removed.
    ///
    /// ## Why breaking on output and error
    /// Callers that parse the string by its pattern receive strings that do not
    /// match it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `id: {type: string, pattern: "^w-[0-9]+$"}` becomes `id: {type:
    /// string}`.
    pub static PATTERN_REMOVED = {
        code: "pattern-removed",
        summary: "a string no longer has to match a pattern",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
