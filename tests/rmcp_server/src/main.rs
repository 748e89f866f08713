//! A widgets server on the official Rust MCP SDK (rmcp), its calls typed by the crate
//! `harn-catalog sdk --lang rust` generates from `fixtures/widgets/registry.json`
//! (copied in as the module `sdk` by tests/it/sdk_typescript.rs): `tools/list` is
//! answered from the crate's `TOOLS`, and `tools/call` deserialised into its
//! `ToolCall` and dispatched with one `match`. Served over stdio.

mod sdk;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

struct Widgets {
    stock: Vec<sdk::Widget>,
}

/// A result of `value`'s JSON: structured (wrapped where the tool's output is) and as
/// text, or, for an error, the declared error under the key the generated clients
/// read.
fn result(tool: &str, value: Value, error: bool) -> CallToolResult {
    let text = json!([{ "type": "text", "text": value.to_string() }]);
    let result = if error {
        json!({ "content": text, "isError": true, "_meta": { "com.harnlang/toolError": value } })
    } else {
        let wrapped = sdk::TOOLS.iter().any(|t| t.name == tool && t.output_wrapped);
        let structured = if wrapped { json!({ "result": value }) } else { value };
        json!({ "content": text, "structuredContent": structured })
    };
    serde_json::from_value(result).expect("a CallToolResult")
}

impl Widgets {
    fn call(&self, call: sdk::ToolCall) -> CallToolResult {
        let name = call.name();
        match call {
            sdk::ToolCall::LookupWidget(input) => match self.stock.iter().find(|w| w.id == input.widget_id) {
                Some(found) => {
                    let mut found = found.clone();
                    if input.verbose != Some(true) {
                        found.tags.clear();
                    }
                    let output = sdk::LookupWidgetOutput(found);
                    result(name, serde_json::to_value(output).unwrap(), false)
                }
                None => {
                    let error = sdk::WidgetError {
                        code: sdk::WidgetErrorCode::NotFound,
                        message: Some(format!("no widget {}", input.widget_id)),
                    };
                    result(name, serde_json::to_value(sdk::LookupWidgetError(error)).unwrap(), true)
                }
            },
            sdk::ToolCall::CountWidgets(input) => {
                let count = self
                    .stock
                    .iter()
                    .filter(|w| input.tag.as_ref().is_none_or(|tag| w.tags.contains(tag)))
                    .count();
                result(name, serde_json::to_value(sdk::CountWidgetsOutput(count as u64)).unwrap(), false)
            }
        }
    }
}

impl ServerHandler for Widgets {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let listed = sdk::tools_list();
        let tools: Vec<Tool> = serde_json::from_value(listed["tools"].clone())
            .map_err(|e| ErrorData::internal_error(format!("TOOLS does not read as tools: {e}"), None))?;
        Ok(ListToolsResult { tools, ..Default::default() })
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if !sdk::TOOLS.iter().any(|t| t.name == request.name && t.definition.is_some()) {
            return Err(ErrorData::invalid_params(format!("Unknown tool: {}", request.name), None));
        }
        let call = json!({ "name": request.name, "arguments": request.arguments });
        let result = match serde_json::from_value::<sdk::ToolCall>(call) {
            Ok(call) => self.call(call),
            // MCP asks for refused arguments to be a tool error the model can read.
            Err(reason) => {
                let text = format!("Invalid arguments for tool {}: {reason}", request.name);
                CallToolResult::error(vec![rmcp::model::ContentBlock::text(text)])
            }
        };
        Ok(CallToolResponse::Complete(result))
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let widget = |id: &str, name: &str, tags: &[&str]| sdk::Widget {
        id: id.into(),
        name: name.into(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        extra: Default::default(),
    };
    let server = Widgets { stock: vec![widget("w1", "Sprocket", &["metal"]), widget("w2", "Gear", &["metal", "round"])] };
    let running = server.serve(rmcp::transport::stdio()).await.expect("the server starts");
    let _ = running.waiting().await;
}
