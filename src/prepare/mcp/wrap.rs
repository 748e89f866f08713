//! Non-object outputs (spec/contract.md c.3, spec/decisions.md 10): MCP's structured content is
//! an object, so an output schema that does not require one is wrapped as
//! `{"result": …}`.

use serde_json::{Map, Value, json};

use super::ProtocolVersion;
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
/// `"type": "object"` at its root (put first if it was not there, spec/decisions.md 10:
/// MCP's `Tool` declares `outputSchema.type` as `"object"`, and the MCP SDK's `Client`
/// refuses a `tools/list` whose output schema is a bare `$ref` or `allOf`). Otherwise
/// `{"type":"object","properties":{"result":S},"required":["result"],
/// "additionalProperties":false}`. S's root `$defs` (where bundled components live)
/// move to the wrapper's root, and S's other root-relative references are rebased
/// under `properties/result`, so that every reference still resolves. Returns the
/// schema and whether it was wrapped (a client unwraps `result` then).
///
/// For 2026-07-28, which takes any output schema written as an object, the schema is
/// returned as it is, the boolean schemas as the objects that accept the same values.
pub fn wrap_output(schema: Value, version: ProtocolVersion) -> (Value, bool) {
    if !version.wraps_outputs() {
        return (as_object(schema), false);
    }
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

/// 2025-11-25's `Tool` declares each schema of a root `properties` member (of
/// `inputSchema` and `outputSchema`) an object, where JSON Schema also allows the
/// boolean schemas: `true` becomes `{}` and `false` `{"not": {}}`, which accept the
/// same values. Later versions take any schema, and keep them as they are.
pub fn root_properties_as_objects(schema: &mut Value, version: ProtocolVersion) {
    if !version.wraps_outputs() {
        return;
    }
    let Some(Value::Object(properties)) = schema.get_mut("properties") else { return };
    for property in properties.values_mut() {
        *property = as_object(std::mem::take(property));
    }
}

/// A boolean schema as the object schema that accepts the same values: `true` as `{}`,
/// `false` as `{"not": {}}`; any other schema as it is.
fn as_object(schema: Value) -> Value {
    match schema {
        Value::Bool(true) => json!({}),
        Value::Bool(false) => json!({"not": {}}),
        other => other,
    }
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

    /// Under the wrapper's `result`, a local reference moves with what it names; one
    /// into the root `$defs` (or naming `$defs` itself) stays, as the definitions move
    /// to the wrapper's root.
    #[test]
    fn local_references_move_under_result_but_those_into_defs_stay() {
        let mut schema = json!({"items": {"$ref": "#/$defs/Item"}, "prefixItems": [{"$ref": "#/items"}], "not": {"$ref": "#"}, "if": {"$ref": "#/$defs"}});
        rebase_under_result(&mut schema);
        assert_eq!(
            schema,
            json!({"items": {"$ref": "#/$defs/Item"}, "prefixItems": [{"$ref": "#/properties/result/items"}], "not": {"$ref": "#/properties/result"}, "if": {"$ref": "#/$defs"}})
        );
    }

    const V2025: ProtocolVersion = ProtocolVersion::V2025_11_25;

    #[test]
    fn wraps_and_hoists_defs_so_references_resolve() {
        let schema = json!({"type": "array", "items": {"$ref": "#/$defs/Item"}, "$defs": {"Item": {"$ref": "#/$defs/Name"}, "Name": {"type": "string"}}});
        assert_eq!(
            wrap_output(schema, V2025),
            (
                json!({"type": "object", "properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/Item"}}},
                   "required": ["result"], "additionalProperties": false,
                   "$defs": {"Item": {"$ref": "#/$defs/Name"}, "Name": {"type": "string"}}}),
                true
            )
        );
        let recursive = json!({"type": "array", "items": {"$ref": "#"}});
        assert_eq!(wrap_output(recursive, V2025).0["properties"]["result"]["items"]["$ref"], "#/properties/result");
        assert_eq!(wrap_output(json!(false), V2025).0["properties"]["result"], json!(false));
        let object = json!({"type": "object"});
        assert_eq!(wrap_output(object.clone(), V2025), (object, false));
        // An object all the same, with the `type` MCP's `Tool` requires.
        let reference = json!({"$ref": "#/$defs/O", "$defs": {"O": {"type": "object"}}});
        assert_eq!(
            serde_json::to_string(&wrap_output(reference, V2025).0).unwrap(),
            r##"{"type":"object","$ref":"#/$defs/O","$defs":{"O":{"type":"object"}}}"##
        );
        assert_eq!(wrap_output(json!({"type": ["object"]}), V2025), (json!({"type": "object"}), false));
    }

    #[test]
    fn boolean_root_properties_become_objects_for_2025_11_25_only() {
        let schema = json!({"type": "object", "properties": {"a": true, "b": false, "c": {"type": "string"}}});
        let mut older = schema.clone();
        root_properties_as_objects(&mut older, V2025);
        assert_eq!(older["properties"], json!({"a": {}, "b": {"not": {}}, "c": {"type": "string"}}));
        let mut newer = schema.clone();
        root_properties_as_objects(&mut newer, ProtocolVersion::V2026_07_28);
        assert_eq!(newer, schema);
    }

    #[test]
    fn outputs_pass_through_for_2026_07_28() {
        for output in [json!({"type": "array"}), json!({"$ref": "#/$defs/O", "$defs": {"O": {"type": "object"}}})] {
            assert_eq!(wrap_output(output.clone(), ProtocolVersion::V2026_07_28), (output, false));
        }
        assert_eq!(wrap_output(json!(false), ProtocolVersion::V2026_07_28), (json!({"not": {}}), false));
        assert_eq!(wrap_output(json!(true), ProtocolVersion::V2026_07_28), (json!({}), false));
    }
}
