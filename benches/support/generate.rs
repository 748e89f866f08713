//! Synthetic registry declarations for benchmarks: `tools` tools with nested
//! objects, enums, arrays, component references, output and error schemas; and a
//! pathological one, many definitions of one tool on one line.

use serde_json::{Value, json};

/// Number of shared components of each kind.
const KINDS: usize = 25;

pub fn registry(tools: usize) -> Value {
    let mut schemas = serde_json::Map::new();
    for i in 0..KINDS {
        schemas.insert(
            format!("Owner{i}"),
            json!({"type": "object", "properties": {"login": {"type": "string", "minLength": 1}, "id": {"type": "integer"}}, "required": ["login"]}),
        );
        schemas.insert(
            format!("Item{i}"),
            json!({"type": "object", "properties": {
                "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
                "owner": {"$ref": format!("#/components/schemas/Owner{i}")},
                "state": {"type": "string", "enum": ["open", "closed", "archived"]}
            }, "required": ["sku", "state"], "additionalProperties": false}),
        );
        schemas.insert(
            format!("Failure{i}"),
            json!({"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}, "required": ["code"]}),
        );
    }
    let tools: Vec<Value> = (0..tools).map(tool).collect();
    json!({
        "info": {"name": "bench", "version": "1.0.0", "description": "Synthetic registry for benchmarks."},
        "components": {"schemas": schemas},
        "tools": tools
    })
}

fn tool(i: usize) -> Value {
    let k = i % KINDS;
    json!({
        "name": format!("tool_{i:05}"),
        "namespace": format!("group{}", i % 97),
        "description": format!("Synthetic tool number {i}, with nested inputs and shared components."),
        "inputSchema": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9-]+$", "description": "Identifier."},
                "mode": {"type": "string", "enum": ["fast", "safe", "full"], "default": "safe"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 100},
                "filter": {
                    "type": "object",
                    "properties": {
                        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
                        "since": {"type": "string", "format": "date-time"},
                        "owner": {"$ref": format!("#/components/schemas/Owner{k}")}
                    },
                    "additionalProperties": false
                },
                "items": {"type": "array", "items": {"$ref": format!("#/components/schemas/Item{k}")}, "maxItems": 50}
            },
            "required": ["id"]
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "items": {"type": "array", "items": {"$ref": format!("#/components/schemas/Item{k}")}},
                "count": {"type": "integer", "minimum": 0}
            },
            "required": ["items"]
        },
        "errorSchema": {"anyOf": [{"$ref": format!("#/components/schemas/Failure{k}")}, {"type": "string"}]},
        "annotations": {"title": format!("Tool {i}"), "readOnlyHint": i % 2 == 0, "openWorldHint": false},
        "source": {"kind": "openapi", "id": format!("op{i}"), "binding": {"method": "GET", "path": format!("/things/{i}")}}
    })
}

/// `{"tools":[{"name":"t"},…]}` on one line: every definition after the first is a
/// `redefined-tool` warning, all of them on that line.
pub fn same_named(tools: usize) -> String {
    let mut text = String::with_capacity(13 * tools + 12);
    text.push_str(r#"{"tools":["#);
    for i in 0..tools {
        if i > 0 {
            text.push(',');
        }
        text.push_str(r#"{"name":"t"}"#);
    }
    text.push_str("]}");
    text
}

/// `registry(tools)` as a pull request might change it: one tool in a hundred
/// changed, in turn: an enum value removed from its input, a property made
/// required, its description rewritten, its output's `count` made optional, or the
/// tool renamed away (removed, and a new one added).
pub fn changed(tools: usize) -> Value {
    let mut registry = registry(tools);
    let list = registry["tools"].as_array_mut().expect("tools is a list");
    for (n, i) in (0..tools).step_by(100).enumerate() {
        let tool = &mut list[i];
        match n % 5 {
            0 => tool["inputSchema"]["properties"]["mode"]["enum"] = json!(["fast", "safe"]),
            1 => tool["inputSchema"]["required"] = json!(["id", "limit"]),
            2 => tool["description"] = json!(format!("Synthetic tool number {i}, described anew.")),
            3 => tool["outputSchema"]["required"] = json!([]),
            _ => tool["name"] = json!(format!("tool_{i:05}_renamed")),
        }
    }
    registry
}
