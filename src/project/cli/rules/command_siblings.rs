use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// At every level of the generated CLI's command tree: titles and descriptions are
    /// not blank, every spelling (a command's name and its aliases) is a portable
    /// command name, none is `help` (the generated framework's own), and no two
    /// sibling commands share a spelling.
    ///
    /// ## Why
    /// A shared spelling makes `tool a b` ambiguous; `help` would shadow the built-in
    /// help command.
    ///
    /// ## Example
    /// Two CLI tools `widgets get` and `widgets fetch` where `fetch` has the alias `get`.
    pub static CLI_COMMAND_SIBLINGS = {
        code: "cli-command-siblings",
        phase: Prepare,
        severity: Error,
        summary: "sibling commands share a spelling, use `help`, or have a blank title",
    }
}
