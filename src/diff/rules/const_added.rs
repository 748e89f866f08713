use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A `const` written where any value of the schema's types was accepted.
    ///
    /// ## Why breaking on input
    /// Every other value is refused. On an output or an error, callers receive one
    /// value: no harm.
    ///
    /// ## Example
    /// `version: {type: integer}` becomes `version: {const: 2}`.
    pub static CONST_ADDED = {
        code: "const-added",
        summary: "a const restricts a schema that had none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
