use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A `const` removed: any value of the schema's types is accepted.
    ///
    /// ## Why breaking on output and error
    /// Callers that relied on the one value (a discriminator, a version) receive
    /// others. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `kind: {const: widget}` becomes `kind: {type: string}`.
    pub static CONST_REMOVED = {
        code: "const-removed",
        summary: "a const no longer restricts a schema",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
