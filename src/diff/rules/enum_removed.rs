use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An `enum` removed: any value of the schema's types is accepted.
    ///
    /// ## Why breaking on output and error
    /// Callers receive values outside the list their code handles. On an input,
    /// callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `status: {type: string, enum: [open, closed]}` becomes `status:
    /// {type: string}`.
    pub static ENUM_REMOVED = {
        code: "enum-removed",
        summary: "an enum no longer restricts a schema",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
