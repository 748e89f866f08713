use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Each tool the importer reads: an object with a non-empty string `name`, and
    /// fields of the types MCP (or Docker's registry) gives them: `description` and
    /// `title` strings, schemas that are objects or booleans, `annotations` and `_meta`
    /// objects; for Docker, an `arguments` list of objects with a unique `name` and a
    /// JSON Schema `type`.
    ///
    /// ## Why
    /// A declaration written from a malformed tool would be refused later with a
    /// message about a file the user never wrote; the importer points at the tool in
    /// the file it read instead.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"description": "Get a widget", "inputSchema": {"type": "object"}}]}
    /// ```
    pub static IMPORT_TOOL = {
        code: "import-tool",
        phase: Import,
        severity: Error,
        summary: "a tool the importer reads is malformed",
        help: "give every tool a non-empty string \"name\" and fields of the types MCP defines",
    }
}
