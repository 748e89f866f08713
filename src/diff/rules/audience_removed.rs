use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An audience a tool had that it no longer has: one change per audience.
    ///
    /// ## Why breaking
    /// The adapter of that audience no longer presents the tool, so its callers
    /// lose it as if it were removed: `mcp`, an MCP client's `tools/call`; `cli`,
    /// every script that runs the generated command; `catalog`, the consumers of
    /// the emitted catalog; `dashboard` and `agent`, theirs.
    ///
    /// ## Example
    /// `governance: {audiences: [mcp, cli]}` becomes `governance: {audiences: [mcp]}`.
    pub static AUDIENCE_REMOVED = {
        code: "audience-removed",
        summary: "a tool no longer reaches an audience",
        levels: { metadata: Breaking },
    }
}
