use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Tools the generated CLI would refuse (spec/contract.md d): a name that is no portable
    /// command (a space, an empty segment between dots, a leading `-`), a command
    /// spelt `help`, two tools on one command path or one's path the parent of
    /// another's; an input property whose option would be reserved (`--version`,
    /// `--help`, `--harn-input`, `--harn-output`), not portable (`--a.b`, `--_x`) or
    /// shared with another property. For each, the importer writes the tool's `cli`
    /// metadata that resolves it (`cli.command`, `cli.arguments.<property>.long`) and
    /// says what it wrote.
    ///
    /// ## Why
    /// Real MCP servers have tools named `help` and properties named `version`; the
    /// declaration compiles through the prepare phase only with these spellings, and
    /// the user should know the generated CLI spells them differently.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "deploy", "inputSchema": {"type": "object", "properties": {"version": {"type": "string"}}}}]}
    /// ```
    pub static IMPORT_CLI_METADATA = {
        code: "import-cli-metadata",
        phase: Import,
        severity: Warning,
        summary: "CLI metadata the importer wrote so the generated CLI accepts a tool",
        help: "keep it, or choose other spellings under the tool's cli in the declaration",
    }
}
