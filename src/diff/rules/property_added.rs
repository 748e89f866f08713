use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A property declared on an object that did not declare it, and left every name
    /// it did not declare unconstrained (an open object). If it is also required,
    /// `required-added` reports that.
    ///
    /// ## Why info
    /// A property an open object never declared is not part of its contract: a
    /// caller that sent it relied on nothing, and a caller receiving it ignored it.
    ///
    /// ## Example
    /// `{properties: {id: {type: string}}}` declares `verbose: {type: boolean}`.
    pub static PROPERTY_ADDED = {
        code: "property-added",
        summary: "an open object declares a new property",
        levels: { input: Info, output: Info, error: Info },
    }
}
