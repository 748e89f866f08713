use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An object that refused every property it did not declare and now accepts
    /// some: its `additionalProperties: false` removed or relaxed.
    ///
    /// ## Why breaking on output and error
    /// Callers receive properties their code (and a strict parser) does not expect.
    /// On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `additionalProperties: false` is removed.
    pub static OBJECT_OPENED = {
        code: "object-opened",
        summary: "an object accepts undeclared properties",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
