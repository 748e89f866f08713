//! `governance.audiences`: which adapters present the tool to their callers.

use serde_json::Value;

use crate::declare_diff_rule;
use crate::diff::pair::ToolPair;
use crate::diff::{Change, Side};

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

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let (old, new) = (&pair.old.governance.audiences, &pair.new.governance.audiences);
    let list = |entry: &crate::pointer::Pointer| entry.key("governance").key("audiences");
    for (i, audience) in old.iter().enumerate() {
        if !new.contains(audience) {
            out.push(
                Change::new(
                    AUDIENCE_REMOVED,
                    Some(pair.name),
                    Side::Metadata,
                    format!("the `{audience}` audience was removed: its callers no longer see the tool"),
                )
                .at(list(&pair.old_at).index(i), list(&pair.new_at))
                .values(Some(&Value::from(audience.as_str())), None),
            );
        }
    }
    for (i, audience) in new.iter().enumerate() {
        if !old.contains(audience) {
            out.push(
                Change::new(
                    AUDIENCE_ADDED,
                    Some(pair.name),
                    Side::Metadata,
                    format!("the `{audience}` audience was added"),
                )
                .at(list(&pair.old_at), list(&pair.new_at).index(i))
                .values(None, Some(&Value::from(audience.as_str()))),
            );
        }
    }
}
