//! Standalone schemas (spec/contract.md c.2): the components a schema reaches, bundled
//! under its root `$defs`, every reference rebased to where its target now lives.

use std::collections::BTreeMap;

use serde_json::Value;

use super::rules::{mcp_external_ref, mcp_resource_scope};
use crate::maps::HashMap;
use crate::pointer::Pointer;
use crate::schema::fragment;
use crate::schema::refs::{ComponentGraph, Reached, Target};
use crate::schema::walk;

/// Why a schema cannot be projected standalone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `$id`, `$anchor`, `$dynamicAnchor` or `$dynamicRef` at `at`.
    ResourceScope { keyword: &'static str, at: Pointer },
    /// A `$ref` not starting with `#`, at `at` (the `$ref` itself).
    External { at: Pointer },
}

/// Which schema a refusal is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The tool's own schema.
    Tool,
    /// A component the tool's schema reaches.
    Component(String),
}

/// The first node of `schema` that keeps it from being moved (the safety scan).
pub fn scan(schema: &Value) -> Option<Refusal> {
    let mut found = None;
    walk::visit(schema, |path, node| {
        if found.is_some() {
            return;
        }
        let Value::Object(object) = node else { return };
        if let Some(keyword) = mcp_resource_scope::scoping_keyword(object) {
            found = Some(Refusal::ResourceScope { keyword, at: path.pointer().key(keyword) });
        } else if mcp_external_ref::is_external(object) {
            found = Some(Refusal::External { at: path.pointer().key("$ref") });
        }
    });
    found
}

/// The safety scan of every component, done once for a catalog: the components that
/// cannot be moved, with why. Most catalogs have none, and then the components a tool
/// reaches need no lookup at all.
pub fn scan_components(components: &BTreeMap<String, Value>) -> HashMap<String, Refusal> {
    components.iter().filter_map(|(name, schema)| Some((name.clone(), scan(schema)?))).collect()
}

/// What a schema reaches once the safety scans pass (see [`Reached`]); `Err` names
/// the first schema (the tool's own, or a reached component in name order) that
/// cannot be moved. `scanned` holds each component's scan (see [`scan_components`]).
pub fn check<'g, 'c>(
    schema: &Value,
    graph: &'g ComponentGraph<'c>,
    scanned: &HashMap<String, Refusal>,
) -> Result<Reached<'g, 'c>, (Place, Refusal)> {
    let reached = graph.reachable(schema);
    if graph.components().is_empty() {
        return Ok(reached);
    }
    if let Some(refusal) = scan(schema) {
        return Err((Place::Tool, refusal));
    }
    if !scanned.is_empty() {
        for name in reached.names() {
            if let Some(refusal) = scanned.get(name) {
                return Err((Place::Component(name.to_owned()), refusal.clone()));
            }
        }
    }
    Ok(reached)
}

/// `schema` with the `reached` components bundled under its root `$defs` and every
/// reference rebased (a schema that reaches nothing is returned as it is).
pub fn standalone(schema: &Value, components: &BTreeMap<String, Value>, reached: &Reached<'_, '_>) -> Value {
    let mut root = schema.clone();
    if reached.is_empty() {
        return root;
    }
    rebase(&mut root, None);
    let Value::Object(object) = &mut root else {
        return root;
    };
    let defs = object.entry("$defs").or_insert_with(|| Value::Object(serde_json::Map::new()));
    if let Value::Object(defs) = defs {
        for name in reached.names() {
            let mut component = components[name].clone();
            rebase(&mut component, Some(&format!("#/$defs/{}", fragment::token(name))));
            defs.insert(name.to_owned(), component);
        }
    }
    root
}

/// [`check`] then [`standalone`], for one schema on its own.
pub fn bundle(schema: &Value, components: Option<&BTreeMap<String, Value>>) -> Result<Value, (Place, Refusal)> {
    let empty = BTreeMap::new();
    let components = components.unwrap_or(&empty);
    let graph = ComponentGraph::new(components);
    let reached = check(schema, &graph, &scan_components(components))?;
    Ok(standalone(schema, components, &reached))
}

/// Rewrites the references of one schema being bundled: component references to
/// `#/$defs/<name>…`; with a `base` (a component moving under `$defs`), its own `#`
/// to the base and `#/<path>` to `<base>/<path>`. Other references are left alone.
fn rebase(schema: &mut Value, base: Option<&str>) {
    walk::visit_mut(schema, &mut |object| {
        let Some(Value::String(reference)) = object.get_mut("$ref") else { return };
        let rebased = match (Target::of(reference), base) {
            (Target::Component { name, rest }, _) => Some(format!("#/$defs/{}{rest}", fragment::token(&name))),
            (Target::Local, Some(base)) if reference == "#" => Some(base.to_owned()),
            (Target::Local, Some(base)) if reference.starts_with("#/") => Some(format!("{base}{}", &reference[1..])),
            _ => None,
        };
        if let Some(rebased) = rebased {
            *reference = rebased;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn components(value: Value) -> BTreeMap<String, Value> {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn bundles_reachable_components_and_rebases_their_references() {
        let components = components(json!({
            "Result/Envelope": {"type": "object", "properties": {"label": {"$ref": "#/$defs/Label"}, "self": {"$ref": "#"}},
                                "$defs": {"Label": {"type": "string"}}},
            "Item": {"$ref": "#/components/schemas/Result~1Envelope/properties/label"},
            "Unused": {"type": "null"}
        }));
        let schema = json!({"type": "object", "properties": {"i": {"$ref": "#/components/schemas/Item"}}});
        let bundled = bundle(&schema, Some(&components)).unwrap();
        assert_eq!(
            bundled,
            json!({"type": "object", "properties": {"i": {"$ref": "#/$defs/Item"}}, "$defs": {
                "Item": {"$ref": "#/$defs/Result~1Envelope/properties/label"},
                "Result/Envelope": {"type": "object", "properties": {
                    "label": {"$ref": "#/$defs/Result~1Envelope/$defs/Label"},
                    "self": {"$ref": "#/$defs/Result~1Envelope"}
                }, "$defs": {"Label": {"type": "string"}}}
            }})
        );
    }

    #[test]
    fn rewrites_legacy_definitions_and_leaves_schemas_without_components_alone() {
        let components = components(json!({"Result": {"type": "string"}}));
        let schema = json!({"type": "object", "definitions": {"Legacy": {"$ref": "#/components/schemas/Result"}}});
        let bundled = bundle(&schema, Some(&components)).unwrap();
        assert_eq!(bundled["definitions"]["Legacy"]["$ref"], "#/$defs/Result");
        let plain = json!({"type": "object", "$id": "https://example.com/x"});
        assert_eq!(bundle(&plain, None).unwrap(), plain, "no components: no scan, no change");
    }

    #[test]
    fn refuses_resource_scope_and_external_references_once_there_are_components() {
        let components = components(json!({"W": {"type": "object", "properties": {"a": {"$anchor": "a"}}}}));
        let scoped = json!({"type": "object", "properties": {"x": {"$dynamicRef": "#meta"}}});
        assert_eq!(
            bundle(&scoped, Some(&components)).unwrap_err(),
            (
                Place::Tool,
                Refusal::ResourceScope {
                    keyword: "$dynamicRef",
                    at: Pointer::parse("/properties/x/$dynamicRef").unwrap()
                }
            )
        );
        let external = json!({"type": "object", "properties": {"x": {"$ref": "other.json"}}});
        assert!(matches!(bundle(&external, Some(&components)).unwrap_err(), (Place::Tool, Refusal::External { .. })));
        let reaches = json!({"type": "object", "properties": {"w": {"$ref": "#/components/schemas/W"}}});
        assert!(matches!(
            bundle(&reaches, Some(&components)).unwrap_err(),
            (Place::Component(name), Refusal::ResourceScope { keyword: "$anchor", .. }) if name == "W"
        ));
    }
}
