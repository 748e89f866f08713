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

/// The component graphs and tool forms a registry may have, each a benchmark input
/// of its own, so that no single shape stands for all (`make bench` measures each
/// beside the serde_json baseline).
pub const SHAPES: [&str; 6] = ["none", "flat", "chained", "diamond", "mixed", "deep"];

/// Components of the graph-shaped registries.
const ENTITIES: usize = 30;

/// A registry of `tools` tools in `shape`: `none`, input schemas inline and no
/// component; `flat`, components that reference none, two per tool; `chained`,
/// `Entity{n}` referencing `Entity{n-1}` down to `Entity0`, each tool one link of
/// the chain; `diamond`, layers of four components each referencing two of the layer
/// below; `mixed`, the chain with a third of the tools declared by legacy
/// `parameters` maps (some parameters `{"schema": {"$ref": …}}`), half with a
/// `returns` reference, error schemas, command groups, annotations, execution
/// policies and `_meta`; `deep`, objects nested twelve deep, inline. `None` for an
/// unknown shape.
pub fn shaped(tools: usize, shape: &str) -> Option<Value> {
    let components = match shape {
        "none" | "deep" => serde_json::Map::new(),
        "flat" => (0..ENTITIES).map(|n| (format!("Entity{n}"), entity(n, None))).collect(),
        "chained" | "mixed" => (0..ENTITIES).map(|n| (format!("Entity{n}"), entity(n, n.checked_sub(1)))).collect(),
        "diamond" => (0..ENTITIES)
            .map(|n| {
                let (layer, place) = (n / 4, n % 4);
                let mut schema = entity(n, layer.checked_sub(1).map(|below| below * 4 + place));
                if layer > 0 {
                    let other = (layer - 1) * 4 + (place + 1) % 4;
                    schema["properties"]["also"] = json!({"$ref": format!("#/components/schemas/Entity{other}")});
                }
                (format!("Entity{n}"), schema)
            })
            .collect(),
        _ => return None,
    };
    let list: Vec<Value> = (0..tools).map(|i| shaped_tool(i, shape)).collect();
    let mut registry = json!({"info": {"name": "shapes", "version": "1.0.0"}, "tools": list});
    if !components.is_empty() {
        registry["components"] = json!({"schemas": components});
    }
    if shape == "mixed" {
        let groups: Vec<Value> = (0..20)
            .map(|g| json!({"command": [format!("group{g}")], "title": format!("Group {g}"), "description": "Tools of one group."}))
            .collect();
        registry["cli"] = json!({"commands": groups});
    }
    Some(registry)
}

/// One component: a few scalar properties and, when `link` is given, a reference to
/// the component of that number.
fn entity(n: usize, link: Option<usize>) -> Value {
    let mut schema = json!({
        "type": "object",
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "rank": {"type": "integer", "minimum": 0},
            "state": {"type": "string", "enum": ["new", "seen", "done"]},
        },
        "required": ["id"],
        "description": format!("Entity number {n}."),
    });
    if let Some(link) = link {
        schema["properties"]["parent"] = json!({"$ref": format!("#/components/schemas/Entity{link}")});
    }
    schema
}

fn reference(n: usize) -> Value {
    json!({"$ref": format!("#/components/schemas/Entity{}", n % ENTITIES)})
}

/// An object `depth` levels deep, each level with a scalar and the next level.
fn nested(depth: usize) -> Value {
    let mut inner = json!({"type": "string", "maxLength": 64});
    for level in 0..depth {
        inner = json!({
            "type": "object",
            "properties": {"name": {"type": "string"}, "count": {"type": "integer", "minimum": level}, "next": inner},
            "required": ["name"],
        });
    }
    inner
}

fn shaped_tool(i: usize, shape: &str) -> Value {
    let input = match shape {
        "none" => json!({
            "type": "object",
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
                "mode": {"type": "string", "enum": ["fast", "safe", "full"]},
                "filter": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}},
            },
            "required": ["id"],
        }),
        "deep" => json!({"type": "object", "properties": {"root": nested(12)}, "required": ["root"]}),
        _ => json!({
            "type": "object",
            "properties": {"id": {"type": "string"}, "subject": reference(i), "other": reference(i * 7 + 3)},
            "required": ["id", "subject"],
        }),
    };
    let mut tool = json!({
        "name": format!("{shape}_tool_{i:05}"),
        "description": format!("Tool {i} of the {shape} shape."),
    });
    if shape != "mixed" {
        tool["inputSchema"] = input;
        tool["outputSchema"] = json!({"type": "object", "properties": {"ok": {"type": "boolean"}}});
        return tool;
    }
    // The mixed shape: a third declared by legacy parameter maps.
    if i % 3 == 0 {
        tool["parameters"] = json!({
            "id": {"type": "string", "required": true, "description": "Identifier."},
            "subject": {"schema": reference(i), "required": true},
            "limit": "int",
            "verbose": "bool",
        });
    } else {
        tool["inputSchema"] = input;
    }
    if i % 2 == 0 {
        tool["returns"] = reference(i + 11);
    }
    if i % 5 == 0 {
        tool["errorSchema"] =
            json!({"type": "object", "properties": {"code": {"type": "integer"}}, "required": ["code"]});
    }
    tool["namespace"] = json!(format!("group{}", i % 20));
    tool["annotations"] = json!({"readOnlyHint": i % 2 == 0, "idempotentHint": true});
    tool["execution_policy"] = json!({"kind": if i % 2 == 0 { "read" } else { "edit" }, "side_effect_level": if i % 2 == 0 { "read_only" } else { "workspace_write" }});
    tool["meta"] = json!({"io.example/tier": if i % 3 == 0 { "gold" } else { "silver" }});
    tool["cli"] = json!({"command": [format!("group{}", i % 20), format!("tool-{i}")]});
    tool
}
