use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A property an object declared that it no longer declares, where an undeclared
    /// name may hold anything: the property's values are no longer constrained.
    ///
    /// ## Why breaking on output and error, a warning on input
    /// Callers reading the property receive values of any type. On an input,
    /// validation still accepts what callers send there, so no call is refused; but
    /// a server that no longer declares the argument no longer reads it, and a caller
    /// that still sends it has it ignored without a word (a `dry_run` that no longer
    /// stops anything). That is worth a reviewer's look, not a failed build: a
    /// warning.
    ///
    /// ## Example
    /// An output's `{properties: {id: {type: string}, name: {type: string}}}` loses
    /// `name`.
    pub static PROPERTY_REMOVED = {
        code: "property-removed",
        summary: "an object no longer declares a property",
        levels: { input: Warning, output: Breaking, error: Breaking },
    }
}
