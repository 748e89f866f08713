//! The importer's rules: what `harn-catalog import` refuses in the file it reads, and
//! what it reports about the declaration it writes.

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

declare_rule! {
    /// ## What it checks
    /// Schemas that declare draft-04, draft-06 or draft-07 (`$schema`), which the
    /// importer upgrades to Draft 2020-12 with their meaning kept (`definitions` to
    /// `$defs` with the references rewritten, tuple `items` to `prefixItems`,
    /// `additionalItems` to `items`, `dependencies` to `dependentRequired` and
    /// `dependentSchemas`, draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `id` to `$id`, a plain-name `$id` such as `#foo` to `$anchor`). It reports, with its pointer, each keyword the old draft
    /// ignored and the upgrade therefore drops (the siblings of a `$ref`, keywords the
    /// old draft did not know), and each construct it cannot upgrade exactly.
    ///
    /// ## Why
    /// The catalog is Draft 2020-12 (`schema-dialect`). Under 2020-12 the siblings of a
    /// `$ref` apply: kept, they would start to refuse instances the server accepts.
    ///
    /// ## Example
    /// ```json
    /// {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
    ///  "properties": {"id": {"$ref": "#/definitions/Id", "maxLength": 4}},
    ///  "definitions": {"Id": {"type": "string"}}}
    /// ```
    pub static IMPORT_UPGRADE = {
        code: "import-upgrade",
        phase: Import,
        severity: Warning,
        summary: "a draft-04/06/07 construct the upgrade to Draft 2020-12 drops or cannot keep exactly",
        help: "check that the upgraded schema says what the server accepts",
    }
}

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
