use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The registry-level `cli.commands` metadata: no path is given twice, every path
    /// is non-empty with portable components, and every path names a parent command
    /// of the generated CLI (a prefix of some CLI-audience tool's command), not a tool
    /// and not nothing.
    ///
    /// ## Why
    /// This metadata gives parent commands their title, description, aliases and
    /// order; metadata that attaches to nothing is a stale or misspelt path.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"commands": [{"command": ["widget"]}]}, "tools": [{"name": "get", "namespace": "widgets"}]}
    /// ```
    pub static CLI_COMMAND_METADATA = {
        code: "cli-command-metadata",
        phase: Prepare,
        severity: Error,
        summary: "registry-level command metadata repeats a path or names no parent command",
    }
}
