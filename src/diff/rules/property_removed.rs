use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A property an object declared that it no longer declares, where an undeclared
    /// name may hold anything: the property's values are no longer constrained.
    ///
    /// ## Why breaking on output and error
    /// Callers reading the property receive values of any type. On an input, callers
    /// may send anything there: no harm.
    ///
    /// ## Example
    /// An output's `{properties: {id: {type: string}, name: {type: string}}}` loses
    /// `name`.
    pub static PROPERTY_REMOVED = {
        code: "property-removed",
        summary: "an object no longer declares a property",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}
