use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A change to a schema whose effect on what it accepts cannot be decided here:
    /// a `not` rewritten (one written or dropped is a bound tightened or loosened),
    /// an `if`/`then`/`else`, a `$dynamicRef`, `patternProperties`, `propertyNames` patterns, `unevaluatedProperties` or
    /// `unevaluatedItems` next to applicators, `contains`, a `oneOf` whose branches
    /// may now overlap, a keyword the comparator does not know, or a schema nested
    /// past what it reads (256 levels, or more than 64 `$ref`s and `allOf`s in a
    /// chain). The message says which.
    ///
    /// ## Why a warning
    /// The change may refuse values callers send or produce values they do not
    /// expect; it may also change nothing. It is never passed as harmless: a
    /// reviewer decides, and accepts it by its fingerprint.
    ///
    /// ## Example
    /// `{not: {type: "null"}}` becomes `{not: {type: string}}`.
    pub static UNCERTAIN_CHANGE = {
        code: "uncertain-change",
        summary: "a schema change whose effect cannot be classified",
        levels: { input: Warning, output: Warning, error: Warning },
    }
}
