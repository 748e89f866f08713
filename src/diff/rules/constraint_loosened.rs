use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A bound that refuses less than before: a minimum lowered or removed, a
    /// maximum raised or removed, a `multipleOf` removed or (an integer) replaced by
    /// one of its divisors, `uniqueItems` turned off; also a `not` dropped, which no
    /// longer excludes what it matched. (An `anyOf` or `oneOf` dropped is
    /// `branch-list-removed`.)
    ///
    /// ## Why breaking on output and error
    /// Callers receive values outside the bounds their code was written for (a
    /// longer string than their buffer, a negative count). On an input, callers may
    /// send more: no harm.
    ///
    /// ## Example
    /// An output's `name: {type: string, maxLength: 64}` loses its `maxLength`.
    pub static CONSTRAINT_LOOSENED = {
        code: "constraint-loosened",
        summary: "a bound refuses fewer values",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
