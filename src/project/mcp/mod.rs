//! The MCP projection (CONTRACT.md c): each MCP-audience tool as the `tools/list`
//! entry Harn serves, with standalone schemas (components bundled under `$defs`) and
//! non-object outputs wrapped.

pub mod bundle;
pub mod rules;
pub mod wrap;

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;
use serde_json::{Value, json};

use crate::check::catalog::reserved_meta_key::TOOL_CONTRACT_KEY;
use crate::contract::{ToolAudience, ToolCatalog, ToolIcon, ToolPresentationAnnotations};
use crate::diagnostics::Diagnostic;
use crate::pointer::Pointer;
use crate::provenance::Provenance;
use bundle::{Place, Refusal};
use rules::external_ref::MCP_EXTERNAL_REF;
use rules::resource_scope::MCP_RESOURCE_SCOPE;

/// One tool as MCP's `tools/list` reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct McpTool {
    pub name: String,
    pub title: String,
    pub description: String,
    #[serde(rename = "inputSchema")]
    pub input_schema: Value,
    #[serde(rename = "outputSchema", skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    pub annotations: ToolPresentationAnnotations,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icons: Option<Vec<ToolIcon>>,
    #[serde(rename = "_meta", skip_serializing_if = "BTreeMap::is_empty")]
    pub meta: BTreeMap<String, Value>,
}

/// The `tools/list` result: `{"tools": [...]}`.
pub fn tools_list(tools: &[McpTool]) -> Value {
    json!({ "tools": tools })
}

/// Projects every MCP-audience tool; what cannot be projected is reported.
pub fn project(catalog: &ToolCatalog, provenance: &Provenance, out: &mut Vec<Diagnostic>) -> Vec<McpTool> {
    let components = catalog.components.as_ref().map(|c| &c.schemas);
    let mut reported_components = HashSet::new();
    let mut projected = Vec::new();
    for (index, tool) in catalog.tools.iter().enumerate() {
        if !tool.governance.includes(ToolAudience::Mcp) {
            continue;
        }
        let mut standalone = |field: &str, schema: &Value| match bundle::standalone(schema, components) {
            Ok(schema) => Some(schema),
            Err((place, refusal)) => {
                let (label, origin) = match &place {
                    Place::Tool => (
                        "tool schema".to_owned(),
                        provenance.tool(index, &Pointer::root().key(field).join(at(&refusal)), false),
                    ),
                    Place::Component(name) => {
                        if !reported_components.insert(name.clone()) {
                            return None;
                        }
                        (format!("components.schemas.{name}"), provenance.component(name, at(&refusal), false))
                    }
                };
                let (rule, reason) = match &refusal {
                    Refusal::ResourceScope { keyword, .. } => {
                        (MCP_RESOURCE_SCOPE, format!("{keyword} changes JSON Schema resource scope"))
                    }
                    Refusal::External { .. } => (MCP_EXTERNAL_REF, "external $ref is not self-contained".to_owned()),
                };
                let context = match place {
                    Place::Tool => format!("tool {:?} {field}: ", tool.name),
                    Place::Component(_) => format!("tool {:?} {field} reaches a component: ", tool.name),
                };
                out.push(
                    rule.diag(format!("{context}cannot project {label} through MCP components: {reason}")).at(origin),
                );
                None
            }
        };
        let input = standalone("inputSchema", &tool.input_schema);
        let output = tool.output_schema.as_ref().map(|s| standalone("outputSchema", s));
        let error = tool.error_schema.as_ref().map(|s| standalone("errorSchema", s));
        // `Some(None)`: declared but refused (reported above).
        let (Some(input_schema), false, false) = (input, matches!(output, Some(None)), matches!(error, Some(None)))
        else {
            continue;
        };
        let (output, error) = (output.flatten(), error.flatten());
        let title = tool
            .title
            .clone()
            .or_else(|| tool.annotations.as_ref().and_then(|a| a.title.clone()))
            .unwrap_or_else(|| tool.name.clone());
        let mut annotations = tool.annotations.clone().unwrap_or_default();
        annotations.title.get_or_insert_with(|| title.clone());
        let mut meta: BTreeMap<String, Value> = tool
            .meta
            .iter()
            .flatten()
            .filter(|(k, _)| *k != TOOL_CONTRACT_KEY)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if let Some(error_schema) = error {
            meta.insert(TOOL_CONTRACT_KEY.to_owned(), json!({ "errorSchema": error_schema }));
        }
        projected.push(McpTool {
            name: tool.name.clone(),
            title,
            description: tool.description.clone().unwrap_or_else(|| format!("Exported Harn function '{}'.", tool.name)),
            input_schema,
            output_schema: output.map(wrap::wrap_output),
            annotations,
            icons: tool.icons.clone(),
            meta,
        });
    }
    projected
}

fn at(refusal: &Refusal) -> &Pointer {
    match refusal {
        Refusal::ResourceScope { at, .. } | Refusal::External { at } => at,
    }
}
