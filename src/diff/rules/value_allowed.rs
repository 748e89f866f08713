use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A place that accepted nothing (`false`, or a name a closed object did not
    /// declare) that now accepts values: a property declared on a closed object, say.
    ///
    /// ## Why breaking on output and error
    /// Callers receive a value where their code, and the old schema, expected none:
    /// a strict client refuses it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `{properties: {a: {}}, additionalProperties: false}` declares `b`.
    pub static VALUE_ALLOWED = {
        code: "value-allowed",
        summary: "a place that accepted nothing accepts values",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
