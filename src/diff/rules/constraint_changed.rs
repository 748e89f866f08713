use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A bound changed so that it both refuses values it accepted and accepts values
    /// it refused: a `multipleOf` replaced by a number that is neither a multiple nor
    /// a divisor of it, or either of them not an integer (validators divide in
    /// floating point, where `0.3` is no multiple of `0.1`).
    ///
    /// ## Why breaking on every side
    /// Callers sending a multiple of the old number are refused, and callers
    /// receiving a value meet one outside the old steps.
    ///
    /// ## Example
    /// `step: {multipleOf: 2}` becomes `step: {multipleOf: 3}`: `4` is refused, `3`
    /// accepted.
    pub static CONSTRAINT_CHANGED = {
        code: "constraint-changed",
        summary: "a bound refuses some values it accepted and accepts some it refused",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}
