use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A schema whose `type` accepts more kinds of value than before: a type added to
    /// a list, `integer` become `number`, or the `type` removed.
    ///
    /// ## Why breaking on output and error
    /// Callers receive values of a type their code does not expect (`1.5` where they
    /// parsed an integer). On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `count: {type: integer}` becomes `count: {type: number}`.
    pub static TYPE_WIDENED = {
        code: "type-widened",
        summary: "a schema accepts more types",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
