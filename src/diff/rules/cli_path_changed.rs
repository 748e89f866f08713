use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// The generated CLI no longer runs a tool by its old command path: the path
    /// moved under another parent (a new `cli.command`, or a new `namespace` or name
    /// the implicit command comes from), or its last word changed and the old one is
    /// not kept as an alias. Compared only while the tool is on the CLI (the `cli`
    /// audience) on both sides.
    ///
    /// ## Why breaking
    /// Every script that runs the old command fails: `widgets get 42` is now an
    /// unknown command.
    ///
    /// ## Example
    /// `cli: {command: [widgets, get]}` becomes `cli: {command: [widgets, fetch]}`.
    /// Keeping the old word as an alias (`aliases: [get]`) is no break.
    pub static CLI_PATH_CHANGED = {
        code: "cli-path-changed",
        summary: "a tool's CLI command path changed",
        levels: { metadata: Breaking },
    }
}
