use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A new spelling on the generated CLI: an alias of a tool's command or of a
    /// parent command, a new command path whose old one stays as an alias, or a new
    /// long spelling, alias or short of an argument (`cli-argument-changed` reports
    /// those that are lost).
    ///
    /// ## Why info
    /// Every spelling that worked still works.
    ///
    /// ## Example
    /// `cli: {command: [widgets, get]}` becomes
    /// `cli: {command: [widgets, get], aliases: [show]}`.
    pub static CLI_ALIAS_ADDED = {
        code: "cli-alias-added",
        summary: "a CLI command or argument gained a spelling",
        levels: { metadata: Info },
    }
}
