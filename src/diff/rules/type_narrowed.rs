use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A schema whose `type` accepts fewer kinds of value than before: a type dropped
    /// from a list, `number` become `integer`, or a `type` written where there was
    /// none.
    ///
    /// ## Why breaking on input
    /// A caller that sends a value of the dropped type is refused. On an output or an
    /// error, callers receive fewer kinds of value than they handle: no harm.
    ///
    /// ## Example
    /// `limit: {type: [integer, "null"]}` becomes `limit: {type: integer}`: a caller
    /// sending `null` is refused.
    pub static TYPE_NARROWED = {
        code: "type-narrowed",
        summary: "a schema accepts fewer types",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
