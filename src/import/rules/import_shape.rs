use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That the file `import mcp` reads holds tools in one of the shapes MCP servers
    /// publish them: a `tools/list` result (`{"tools": [...]}`), a JSON-RPC response
    /// carrying one (`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [...]}}`), an
    /// array of tools, or a folder of JSON files of one tool each (as the GitHub MCP
    /// server keeps its `__toolsnaps__`); and that the file `import docker` reads is an
    /// array of Docker's MCP registry tools (`tools.json`).
    ///
    /// ## Why
    /// Guessing where the tools of an unknown document are would import the wrong
    /// thing; the shapes are named so the fix is plain. A JSON-RPC error response, or a
    /// harn-tools catalog (which `harn-catalog schema` reads as it is), is refused with
    /// what it is.
    ///
    /// ## Example
    /// ```json
    /// {"result": {"items": []}}
    /// ```
    pub static IMPORT_SHAPE = {
        code: "import-shape",
        phase: Import,
        severity: Error,
        summary: "the file holds no tools in a shape the importer reads",
        help: "give a tools/list result ({\"tools\": [...]}), a JSON-RPC response carrying one, an array of tools, or a folder of one-tool JSON files",
    }
}
