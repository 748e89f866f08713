use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A bound that refuses more than before: a `minimum`, `minLength`, `minItems`
    /// or `minProperties` raised or written, a maximum lowered or written, an
    /// exclusive bound replacing an inclusive one at the same value, a `multipleOf`
    /// written or (an integer) replaced by a multiple of itself, `uniqueItems` turned
    /// on; also a `not` written where there was none, which excludes what it
    /// matches.
    ///
    /// ## Why breaking on input
    /// A caller that sends a value between the old bound and the new one is refused.
    /// On an output or an error, callers receive values within narrower bounds than
    /// they handle: no harm.
    ///
    /// ## Example
    /// `limit: {type: integer, maximum: 100}` becomes `maximum: 50`: a caller sending
    /// `80` is refused.
    pub static CONSTRAINT_TIGHTENED = {
        code: "constraint-tightened",
        summary: "a bound refuses more values",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
