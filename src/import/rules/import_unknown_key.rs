use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Keys of a tool that neither MCP's `Tool` nor Docker's registry defines (and,
    /// inside `annotations`, keys other than MCP's hints). A tool's unknown key is kept
    /// in the declaration under `meta` (the tool's `_meta`), under its own name; one
    /// whose name `_meta` cannot hold, or that `meta` already has, is left out, and so
    /// are unknown annotation keys, which the catalog does not keep.
    ///
    /// ## Why
    /// Servers add their own keys (`category`, `examples`, ...). The catalog has no
    /// place for most of them, and nothing the importer read is dropped without a word.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "get_widget", "inputSchema": {"type": "object"}, "category": "widgets"}]}
    /// ```
    pub static IMPORT_UNKNOWN_KEY = {
        code: "import-unknown-key",
        phase: Import,
        severity: Warning,
        summary: "a key of a tool that MCP does not define, moved under meta or left out",
        help: "nothing to do if this is intended; edit the declaration to keep the value elsewhere",
    }
}
