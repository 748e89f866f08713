//! The schema traversal of spec/contract.md b.3, shared by every schema rule and by
//! MCP bundling: which keywords hold subschemas. Values under `const`, `enum`,
//! `default`, `examples` and other keywords are instance data and never visited.

use serde_json::{Map, Value};

use crate::pointer::{Pointer, Segment};

/// Keywords that apply a subschema to the same instance (no property or item is
/// consumed on the way), used to find `$ref` cycles that never terminate.
pub const IN_PLACE_SINGLE: &[&str] = &["not", "if", "then", "else"];
pub const IN_PLACE_LIST: &[&str] = &["allOf", "anyOf", "oneOf"];
pub const IN_PLACE_MAP: &[&str] = &["dependentSchemas"];

/// One step from a schema node to a subschema, borrowing the key.
#[derive(Clone, Copy, Debug)]
pub enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

/// The path from a schema's root to the node being visited. Cheap to carry; turned
/// into a [`Pointer`] only when a rule reports something.
pub struct Path<'p, 'v>(&'p [Step<'v>]);

impl Path<'_, '_> {
    pub fn pointer(&self) -> Pointer {
        let mut pointer = Pointer::root();
        for step in self.0 {
            pointer.push(match step {
                Step::Key(k) => Segment::Key((*k).into()),
                Step::Index(i) => Segment::Index(*i),
            });
        }
        pointer
    }

    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
}

/// Calls `visit` on every schema-bearing node of `root` (the root included), in
/// document order.
pub fn visit<'v>(root: &'v Value, mut visit: impl FnMut(&Path<'_, 'v>, &'v Value)) {
    // Inline up to 16 steps: most schemas nest less, and a walk then allocates
    // nothing (every rule walks every schema).
    let mut path = smallvec::SmallVec::<[Step<'v>; 16]>::new();
    walk(root, &mut path, &mut visit);
}

fn walk<'v>(
    node: &'v Value,
    path: &mut smallvec::SmallVec<[Step<'v>; 16]>,
    visit: &mut impl FnMut(&Path<'_, 'v>, &'v Value),
) {
    visit(&Path(path), node);
    let Value::Object(object) = node else {
        return;
    };
    for (keyword, value) in object {
        let keyword = keyword.as_str();
        match (holds(keyword), value) {
            (Holds::One, _) => {
                path.push(Step::Key(keyword));
                walk(value, path, visit);
                path.pop();
            }
            (Holds::List, Value::Array(items)) => {
                path.push(Step::Key(keyword));
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    walk(item, path, visit);
                    path.pop();
                }
                path.pop();
            }
            (Holds::Map, Value::Object(members)) => {
                path.push(Step::Key(keyword));
                for (name, member) in members {
                    path.push(Step::Key(name));
                    walk(member, path, visit);
                    path.pop();
                }
                path.pop();
            }
            _ => {}
        }
    }
}

/// Calls `visit` on every schema-bearing object node of `root` (the root included),
/// mutably: a node's subschemas are visited after `visit` returns for it.
pub fn visit_objects_mut(root: &mut Value, visit: &mut impl FnMut(&mut Map<String, Value>)) {
    let Value::Object(object) = root else {
        return;
    };
    visit(object);
    for (keyword, value) in object.iter_mut() {
        match (holds(keyword), value) {
            (Holds::One, value) => visit_objects_mut(value, visit),
            (Holds::List, Value::Array(items)) => items.iter_mut().for_each(|item| visit_objects_mut(item, visit)),
            (Holds::Map, Value::Object(members)) => {
                members.values_mut().for_each(|member| visit_objects_mut(member, visit))
            }
            _ => {}
        }
    }
}

/// What a keyword's value holds: one subschema, a list or a map of them, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    One,
    List,
    Map,
    Nothing,
}

/// Which keywords hold subschemas. A `match`, which compiles to a switch on the
/// length: walks run it for every key of every schema node.
pub fn holds(keyword: &str) -> Holds {
    match keyword {
        "additionalProperties"
        | "contains"
        | "contentSchema"
        | "else"
        | "if"
        | "items"
        | "not"
        | "propertyNames"
        | "then"
        | "unevaluatedItems"
        | "unevaluatedProperties" => Holds::One,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Holds::List,
        "$defs" | "definitions" | "dependentSchemas" | "patternProperties" | "properties" => Holds::Map,
        _ => Holds::Nothing,
    }
}

/// The value of `keyword` in a schema node, when the node is an object that has it.
/// Every walk looks up a few keywords at every node, and schema objects have few
/// keys: scanning them is several times cheaper than hashing the keyword (serde_json's
/// map hashes with SipHash). Large objects are still looked up by hash.
pub fn keyword<'v>(node: &'v Value, keyword: &str) -> Option<&'v Value> {
    match node {
        Value::Object(object) => member(object, keyword),
        _ => None,
    }
}

/// [`keyword`], on an object already in hand.
pub fn member<'v>(object: &'v Map<String, Value>, keyword: &str) -> Option<&'v Value> {
    if object.len() <= 8 {
        object.iter().find_map(|(key, value)| (key == keyword).then_some(value))
    } else {
        object.get(keyword)
    }
}

/// The strings of a keyword's array of names (`required`), skipping other items;
/// none when the keyword is absent or not an array.
pub fn names(keyword: Option<&Value>) -> Vec<&str> {
    keyword.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect()
}

/// Applies `f` to every schema-bearing node of `root`, mutably (for rewriting
/// references), in the same traversal.
pub fn visit_mut(root: &mut Value, f: &mut impl FnMut(&mut Map<String, Value>)) {
    let Value::Object(object) = root else {
        return;
    };
    f(object);
    for (keyword, value) in object.iter_mut() {
        match (holds(keyword), value) {
            (Holds::One, value) => visit_mut(value, f),
            (Holds::List, Value::Array(items)) => items.iter_mut().for_each(|item| visit_mut(item, f)),
            (Holds::Map, Value::Object(members)) => members.values_mut().for_each(|member| visit_mut(member, f)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn visits_schema_positions_only() {
        let schema = json!({
            "properties": {"a": {"items": {"$ref": "#/x"}}},
            "allOf": [{"not": true}],
            "const": {"$ref": "#/opaque"},
            "examples": [{"type": "object"}],
            "$defs": {"d": {}}
        });
        let mut seen = Vec::new();
        visit(&schema, |path, _| seen.push(path.pointer().to_string()));
        assert_eq!(seen, ["", "/properties/a", "/properties/a/items", "/allOf/0", "/allOf/0/not", "/$defs/d"]);
    }
}
