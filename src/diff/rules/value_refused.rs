use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A place that accepted values and now accepts none: its schema became `false`,
    /// or a property of a closed object (`additionalProperties: false`) is no longer
    /// declared, or a tuple position was dropped where no further items are allowed.
    ///
    /// ## Why breaking on input
    /// Every caller that sent a value there is refused. On an output or an error,
    /// callers stop receiving it: no harm to what they accept.
    ///
    /// ## Example
    /// `{properties: {a: {}, b: {}}, additionalProperties: false}` loses `b`: a
    /// caller sending `b` is refused.
    pub static VALUE_REFUSED = {
        code: "value-refused",
        summary: "a place that accepted values accepts none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
