use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An `enum` written where any value of the schema's types was accepted.
    ///
    /// ## Why breaking on input
    /// Every value outside the list is refused. On an output or an error, callers
    /// receive fewer values: no harm.
    ///
    /// ## Example
    /// `mode: {type: string}` becomes `mode: {type: string, enum: [fast, safe]}`.
    pub static ENUM_ADDED = {
        code: "enum-added",
        summary: "an enum restricts a schema that had none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
