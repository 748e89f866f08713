use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A value an `enum` (or a `const` turned `enum`) listed that the new list does
    /// not.
    ///
    /// A string value respelt in another case (`low` → `LOW`) is one change, not a
    /// removal and an addition: on an input, under this rule (the removal is what
    /// breaks callers), with both spellings in its message.
    ///
    /// ## Why breaking on input
    /// A caller that sends the value is refused. Callers never receive it from an
    /// output or an error again: no harm.
    ///
    /// ## Example
    /// `mode: {enum: [fast, safe]}` becomes `mode: {enum: [safe]}`: `mode` no longer
    /// accepts `"fast"`.
    pub static ENUM_VALUE_REMOVED = {
        code: "enum-value-removed",
        summary: "an enum no longer lists a value",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
