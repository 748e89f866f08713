use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// A tool whose `inputSchema` or `outputSchema` is `null`. MCP requires a tool's
    /// `inputSchema` to be a JSON Schema object, and an `outputSchema`, when present,
    /// too; `null` is neither. The declaration leaves the key out: an absent input
    /// schema takes any object of arguments (`{"type": "object"}`), an absent output
    /// schema says nothing about the result.
    ///
    /// ## Why
    /// Servers have shipped such listings (a tool registered without a schema, written
    /// out as `null`), and MCP clients differ in what they make of one: some refuse
    /// the whole listing, some the tool, some read it as no schema. Reading it as
    /// absent is what the declaration can say, and the server's author should hear
    /// that the listing is invalid rather than find out from a client.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "list_repos", "inputSchema": null}]}
    /// ```
    pub static IMPORT_NULL_SCHEMA = {
        code: "import-null-schema",
        phase: Import,
        severity: Warning,
        summary: "a tool's inputSchema or outputSchema is null, which MCP does not allow; read as absent",
        help: "give the tool a schema in the server (an input schema is at least {\"type\": \"object\"})",
    }
}
