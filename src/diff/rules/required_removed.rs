use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A property name the old schema required and the new one does not.
    ///
    /// ## Why breaking on output and error
    /// Callers that read the property unconditionally meet values without it. On an
    /// input, callers may leave it out: no harm.
    ///
    /// ## Example
    /// An output's `required: [id, name]` becomes `required: [id]`.
    pub static REQUIRED_REMOVED = {
        code: "required-removed",
        summary: "a property is no longer required",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
