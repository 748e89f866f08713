use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An object that now refuses every property it does not declare:
    /// `additionalProperties` (or `unevaluatedProperties`) became `false`.
    ///
    /// ## Why breaking on input
    /// A caller that sends any other property is refused. On an output or an error,
    /// callers receive fewer properties: no harm.
    ///
    /// ## Example
    /// `{type: object, properties: {id: {}}}` gains `additionalProperties: false`.
    pub static OBJECT_CLOSED = {
        code: "object-closed",
        summary: "an object refuses undeclared properties",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
