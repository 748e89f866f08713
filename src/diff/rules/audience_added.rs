use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An audience a tool did not have: one change per audience. A registry that
    /// names no audience gives a tool all five, so dropping `governance` adds the
    /// ones it did not name.
    ///
    /// ## Why info
    /// The tool reaches new callers; none of the old ones notices.
    ///
    /// ## Example
    /// `governance: {audiences: [mcp]}` becomes `governance: {audiences: [mcp, cli]}`.
    pub static AUDIENCE_ADDED = {
        code: "audience-added",
        summary: "a tool reaches a new audience",
        levels: { metadata: Info },
    }
}
