use serde_json::{Map, Value};

use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::schema::walk;

declare_rule! {
    /// ## What it checks
    /// For a tool of the MCP audience in a catalog that has components: that neither
    /// its schemas nor any component they reach hold a `$ref` that does not start with
    /// `#` (see [MCP projection](../spec/checks.md#mcp-projection)).
    ///
    /// ## Why
    /// A tool's MCP schema must be self-contained: clients never fetch anything, and
    /// the bundled `$defs` cannot hold a document from elsewhere. Outside this case an
    /// external reference is only a `non-portable-ref` warning.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"schemas": {"W": {"type": "object"}}},
    ///  "tools": [{"name": "t", "returns": {"$ref": "https://example.com/widget.json"}}]}
    /// ```
    pub static MCP_EXTERNAL_REF = {
        code: "mcp-external-ref",
        phase: Prepare,
        severity: Error,
        summary: "an MCP tool's schema references a document outside the catalog",
        help: "declare the referenced schema as a component and use #/components/schemas/<name>",
    }
}

/// Whether one schema node's `$ref` leads outside the document (does not start with
/// `#`).
pub fn is_external(node: &Map<String, Value>) -> bool {
    matches!(walk::member(node, "$ref"), Some(Value::String(reference)) if !reference.starts_with('#'))
}

/// `<context>cannot project <label> through MCP components: external $ref …`
pub fn diag(context: &str, label: &str) -> Diagnostic {
    MCP_EXTERNAL_REF
        .diag(format!("{context}cannot project {label} through MCP components: external $ref is not self-contained"))
}
