use serde_json::{Map, Value};

use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::schema::walk;

declare_rule! {
    /// ## What it checks
    /// For a tool of the MCP audience in a catalog that has components: that neither
    /// its schemas nor any component they reach use `$id`, `$anchor`,
    /// `$dynamicAnchor` or `$dynamicRef`.
    ///
    /// ## Why
    /// MCP clients receive each tool's schema standalone, with the components it uses
    /// bundled under `$defs` and every reference rebased. These keywords change the
    /// resource scope that references resolve in, so moving the schema would change
    /// its meaning; Harn refuses to serve it (`harn serve mcp`), and so does the
    /// compiler, at build time.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"schemas": {"W": {"type": "object"}}},
    ///  "tools": [{"name": "t", "returns": {"$id": "https://example.com/w", "type": "object"}}]}
    /// ```
    pub static MCP_RESOURCE_SCOPE = {
        code: "mcp-resource-scope",
        phase: Prepare,
        severity: Error,
        summary: "an MCP tool's schema changes resource scope and cannot be bundled with components",
        help: "remove the keyword, or move the schema it scopes into a component referenced by #/components/schemas/<name>",
    }
}

/// The first keyword of one schema node that changes resource scope, if any.
pub fn scoping_keyword(node: &Map<String, Value>) -> Option<&'static str> {
    ["$id", "$anchor", "$dynamicAnchor", "$dynamicRef"]
        .into_iter()
        .find(|keyword| walk::member(node, keyword).is_some())
}

/// `<context>cannot project <label> through MCP components: <keyword> changes …`
pub fn diag(context: &str, label: &str, keyword: &str) -> Diagnostic {
    MCP_RESOURCE_SCOPE.diag(format!(
        "{context}cannot project {label} through MCP components: {keyword} changes JSON Schema resource scope"
    ))
}
