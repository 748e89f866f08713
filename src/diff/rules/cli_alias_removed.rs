use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An alias of a tool's CLI command (or of a parent command, in the catalog's
    /// `cli.commands`) that no longer runs it: removed, or renamed. An alias that
    /// became the command's own last word still runs it and is not reported.
    ///
    /// ## Why breaking
    /// Scripts that spell the command by its alias fail.
    ///
    /// ## Example
    /// `cli: {command: [widgets, get], aliases: [show, fetch]}` becomes
    /// `cli: {command: [widgets, get], aliases: [show]}`.
    pub static CLI_ALIAS_REMOVED = {
        code: "cli-alias-removed",
        summary: "a CLI command or alias spelling was removed",
        levels: { metadata: Breaking },
    }
}
