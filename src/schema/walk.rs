//! The schema traversal of CONTRACT.md b.3, shared by every schema rule and by
//! MCP bundling: which keywords hold subschemas. Values under `const`, `enum`,
//! `default`, `examples` and other keywords are instance data and never visited.

use serde_json::Value;

use crate::pointer::{Pointer, Segment};

/// Keywords whose value is one subschema.
pub const SINGLE: &[&str] = &[
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
];

/// Keywords whose value is a list of subschemas.
pub const LIST: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value is a map of named subschemas.
pub const MAP: &[&str] = &["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"];

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
    let mut path = Vec::new();
    walk(root, &mut path, &mut visit);
}

fn walk<'v>(node: &'v Value, path: &mut Vec<Step<'v>>, visit: &mut impl FnMut(&Path<'_, 'v>, &'v Value)) {
    visit(&Path(path), node);
    let Value::Object(object) = node else {
        return;
    };
    for (keyword, value) in object {
        let keyword = keyword.as_str();
        if SINGLE.contains(&keyword) {
            path.push(Step::Key(keyword));
            walk(value, path, visit);
            path.pop();
        } else if LIST.contains(&keyword) {
            if let Value::Array(items) = value {
                path.push(Step::Key(keyword));
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    walk(item, path, visit);
                    path.pop();
                }
                path.pop();
            }
        } else if MAP.contains(&keyword) {
            if let Value::Object(members) = value {
                path.push(Step::Key(keyword));
                for (name, member) in members {
                    path.push(Step::Key(name));
                    walk(member, path, visit);
                    path.pop();
                }
                path.pop();
            }
        }
    }
}

/// Applies `f` to every schema-bearing node of `root`, mutably (for rewriting
/// references), in the same traversal.
pub fn visit_mut(root: &mut Value, f: &mut impl FnMut(&mut serde_json::Map<String, Value>)) {
    let Value::Object(object) = root else {
        return;
    };
    f(object);
    for (keyword, value) in object.iter_mut() {
        let keyword = keyword.as_str();
        if SINGLE.contains(&keyword) {
            visit_mut(value, f);
        } else if LIST.contains(&keyword) {
            if let Value::Array(items) = value {
                items.iter_mut().for_each(|item| visit_mut(item, f));
            }
        } else if MAP.contains(&keyword) {
            if let Value::Object(members) = value {
                members.values_mut().for_each(|member| visit_mut(member, f));
            }
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
