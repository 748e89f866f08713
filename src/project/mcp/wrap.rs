//! Non-object outputs (CONTRACT.md c.3, DECISIONS.md 10): MCP's structured content is
//! an object, so an output schema that does not require one is wrapped as
//! `{"result": …}`.

use serde_json::{Map, Value, json};

use crate::pointer::Pointer;
use crate::schema::{fragment, walk};

/// Whether every value `schema` accepts is an object (`schema` sits in `root`, which
/// local references resolve against).
pub fn requires_object(schema: &Value, root: &Value) -> bool {
    requires_object_guarded(schema, root, &mut Vec::new())
}

fn requires_object_guarded<'v>(schema: &'v Value, root: &'v Value, resolving: &mut Vec<&'v str>) -> bool {
    let Value::Object(object) = schema else { return false };
    let typed = match object.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => !ts.is_empty() && ts.iter().all(|t| t == "object"),
        _ => false,
    };
    if typed {
        return true;
    }
    if let Some(Value::String(reference)) = object.get("$ref") {
        if let Some(tail) = reference.strip_prefix('#') {
            if !resolving.contains(&reference.as_str()) {
                // A URI fragment: bundling percent-encodes component names.
                if let Some(target) = Pointer::parse(&fragment::decode(tail)).and_then(|p| p.resolve(root)) {
                    resolving.push(reference);
                    let requires = requires_object_guarded(target, root, resolving);
                    resolving.pop();
                    if requires {
                        return true;
                    }
                }
            }
        }
    }
    let branches = |keyword: &str| object.get(keyword).and_then(Value::as_array);
    if branches("allOf").is_some_and(|all| all.iter().any(|b| requires_object_guarded(b, root, resolving))) {
        return true;
    }
    ["anyOf", "oneOf"].iter().any(|keyword| {
        branches(keyword).is_some_and(|options| {
            !options.is_empty() && options.iter().all(|b| requires_object_guarded(b, root, resolving))
        })
    })
}

/// The output schema as MCP advertises it. When it requires an object: as it is, with
/// `"type": "object"` at its root (put first if it was not there, DECISIONS.md 10:
/// MCP's `Tool` declares `outputSchema.type` as `"object"`, and the MCP SDK's `Client`
/// refuses a `tools/list` whose output schema is a bare `$ref` or `allOf`). Otherwise
/// `{"type":"object","properties":{"result":S},"required":["result"],
/// "additionalProperties":false}`. S's root `$defs` (where bundled components live)
/// move to the wrapper's root, and S's other root-relative references are rebased
/// under `properties/result`, so that every reference still resolves. Returns the
/// schema and whether it was wrapped (a client unwraps `result` then).
pub fn wrap_output(schema: Value) -> (Value, bool) {
    if requires_object(&schema, &schema) {
        let mut schema = schema;
        if let Value::Object(object) = &mut schema {
            if object.get("type") != Some(&Value::String("object".into())) {
                object.shift_remove("type");
                object.shift_insert(0, "type".into(), "object".into());
            }
        }
        return (schema, false);
    }
    let mut inner = schema;
    rebase_under_result(&mut inner);
    let defs = match &mut inner {
        Value::Object(object) => object.shift_remove("$defs"),
        _ => None,
    };
    // Built member by member: `json!` would serialise a copy of `inner`.
    let mut properties = Map::new();
    properties.insert("result".into(), inner);
    let mut wrapper = Map::new();
    wrapper.insert("type".into(), "object".into());
    wrapper.insert("properties".into(), Value::Object(properties));
    wrapper.insert("required".into(), json!(["result"]));
    wrapper.insert("additionalProperties".into(), false.into());
    if let Some(defs) = defs {
        wrapper.insert("$defs".into(), defs);
    }
    (Value::Object(wrapper), true)
}

/// `#` becomes `#/properties/result` and `#/<path>` becomes
/// `#/properties/result/<path>`, except references into the root `$defs`, which stay
/// as they are because those definitions move to the wrapper's root.
fn rebase_under_result(schema: &mut Value) {
    walk::visit_mut(schema, &mut |object| {
        let Some(Value::String(reference)) = object.get_mut("$ref") else { return };
        if reference == "#" {
            *reference = "#/properties/result".to_owned();
        } else if reference.starts_with("#/") && !reference.starts_with("#/$defs/") && reference != "#/$defs" {
            *reference = format!("#/properties/result{}", &reference[1..]);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_which_schemas_require_an_object() {
        for object in [
            json!({"type": "object"}),
            json!({"type": ["object"]}),
            json!({"allOf": [{"minProperties": 1}, {"type": "object"}]}),
            json!({"anyOf": [{"type": "object"}, {"type": "object", "required": ["a"]}]}),
            json!({"$ref": "#/$defs/O", "$defs": {"O": {"type": "object"}}}),
            json!({"$ref": "#/$defs/My%20Thing", "$defs": {"My Thing": {"type": "object"}}}),
        ] {
            assert!(requires_object(&object, &object), "{object}");
        }
        for other in [
            json!(true),
            json!({}),
            json!({"type": ["object", "null"]}),
            json!({"type": []}),
            json!({"anyOf": []}),
            json!({"oneOf": [{"type": "object"}, {"type": "string"}]}),
            json!({"$ref": "#"}),
        ] {
            assert!(!requires_object(&other, &other), "{other}");
        }
    }

    #[test]
    fn wraps_and_hoists_defs_so_references_resolve() {
        let schema = json!({"type": "array", "items": {"$ref": "#/$defs/Item"}, "$defs": {"Item": {"$ref": "#/$defs/Name"}, "Name": {"type": "string"}}});
        assert_eq!(
            wrap_output(schema),
            (
                json!({"type": "object", "properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/Item"}}},
                   "required": ["result"], "additionalProperties": false,
                   "$defs": {"Item": {"$ref": "#/$defs/Name"}, "Name": {"type": "string"}}}),
                true
            )
        );
        let recursive = json!({"type": "array", "items": {"$ref": "#"}});
        assert_eq!(wrap_output(recursive).0["properties"]["result"]["items"]["$ref"], "#/properties/result");
        assert_eq!(wrap_output(json!(false)).0["properties"]["result"], json!(false));
        let object = json!({"type": "object"});
        assert_eq!(wrap_output(object.clone()), (object, false));
        // An object all the same, with the `type` MCP's `Tool` requires.
        let reference = json!({"$ref": "#/$defs/O", "$defs": {"O": {"type": "object"}}});
        assert_eq!(
            serde_json::to_string(&wrap_output(reference).0).unwrap(),
            r##"{"type":"object","$ref":"#/$defs/O","$defs":{"O":{"type":"object"}}}"##
        );
        assert_eq!(wrap_output(json!({"type": ["object"]})), (json!({"type": "object"}), false));
    }
}
