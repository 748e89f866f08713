use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool on both sides whose contract hash differs: the sha256 of the canonical
    /// JSON of its name, MCP-projected input, output and error schemas, annotation
    /// hints and execution (docs/contract-hash.md). Descriptions and titles are not
    /// hashed, so rewording a tool moves no hash.
    ///
    /// ## Why info
    /// The changes that moved the hash are reported by their own rules, at the level
    /// they break callers; this one names the tools a runtime that pins contracts by
    /// hash (a task's immutable catalog snapshot) must re-resolve.
    ///
    /// ## Where it is shown
    /// A reader needs it once per tool, not as a change of its own beside the change
    /// that moved it: when the tool has another change, the human and Markdown
    /// reports name the move in the tool's heading and GitHub annotations leave it
    /// out. The tools whose hash moved with no other change reported (a hint spelled
    /// out at its default, say) are listed one line each under one heading, after
    /// the changes to review. `--format json` lists it for every tool, as a change
    /// of its own.
    ///
    /// ## Example
    /// `widgets.get` gains an optional `verbose` property: its hash moves from
    /// `sha256:8b91…` to `sha256:3f75…`.
    pub static CONTRACT_HASH_CHANGED = {
        code: "contract-hash-changed",
        summary: "a tool's contract hash changed",
        levels: { metadata: Info },
    }
}
