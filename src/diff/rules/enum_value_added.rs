use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A value the new `enum` lists that the old list (or `const`) did not.
    ///
    /// A string value respelt in another case (`low` → `LOW`) is one change, not a
    /// removal and an addition: on an output or an error, under this rule (the new
    /// spelling is what callers meet), with both spellings in its message.
    ///
    /// ## Why a warning on output and error
    /// A caller that handles every value it knew of (a `match`, a `switch` without a
    /// default) meets one it does not know. On an input, callers may send more: no
    /// harm.
    ///
    /// ## Example
    /// An output's `status: {enum: [open, closed]}` becomes `{enum: [open, closed,
    /// archived]}`.
    pub static ENUM_VALUE_ADDED = {
        code: "enum-value-added",
        summary: "an enum lists a new value",
        levels: { input: Info, output: Warning, error: Warning },
    }
}
