//! References in schema positions and what they point at (CONTRACT.md b.4).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value;

use super::walk;
use crate::pointer::{Pointer, decode_token};

/// The prefix of a reference to a catalog component.
pub const COMPONENT_PREFIX: &str = "#/components/schemas/";

/// What a `$ref` or `$dynamicRef` value names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `#/components/schemas/<name>[/rest]`, the name decoded as a JSON Pointer token
    /// (never percent-decoded, DECISIONS.md 6).
    Component { name: String, rest: String },
    /// `#/components/schemas/<token>` whose token has a bad `~` escape.
    InvalidComponent,
    /// Any other reference starting with `#`: resolved inside the schema's own resource.
    Local,
    /// Anything else: never fetched (DECISIONS.md 3).
    External,
}

impl Target {
    pub fn of(reference: &str) -> Target {
        if let Some(tail) = reference.strip_prefix(COMPONENT_PREFIX) {
            let (token, rest) = tail.split_once('/').map_or((tail, ""), |(t, _)| (t, &tail[t.len()..]));
            return match decode_token(token) {
                Some(name) => Target::Component { name, rest: rest.to_owned() },
                None => Target::InvalidComponent,
            };
        }
        if reference.starts_with('#') { Target::Local } else { Target::External }
    }
}

/// One reference found in a schema.
#[derive(Clone, Debug)]
pub struct Reference<'v> {
    /// The node holding the keyword.
    pub at: Pointer,
    /// `$ref` or `$dynamicRef`.
    pub keyword: &'static str,
    pub value: &'v str,
    pub target: Target,
}

/// Every `$ref` and `$dynamicRef` in schema positions of `schema`, in document order.
pub fn collect(schema: &Value) -> Vec<Reference<'_>> {
    let mut found = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else {
            return;
        };
        for keyword in ["$ref", "$dynamicRef"] {
            if let Some(Value::String(value)) = walk::member(object, keyword) {
                found.push(Reference { at: path.pointer(), keyword, value, target: Target::of(value) });
            }
        }
    });
    found
}

/// The component names `schema` references directly (with `$ref` only, as MCP
/// bundling counts them).
pub fn component_names<'a>(references: &'a [Reference<'a>]) -> impl Iterator<Item = &'a str> {
    references.iter().filter_map(|r| match (&r.target, r.keyword) {
        (Target::Component { name, .. }, "$ref") => Some(name.as_str()),
        _ => None,
    })
}

/// The component names `schema` references directly with `$ref` (decoded, possibly
/// not components), without building a pointer for each reference.
fn direct_component_refs(schema: &Value) -> Vec<String> {
    let mut names = Vec::new();
    walk::visit(schema, |_, node| {
        if let Some(Value::String(reference)) = walk::keyword(node, "$ref") {
            if let Target::Component { name, .. } = Target::of(reference) {
                names.push(name);
            }
        }
    });
    names
}

/// Which components reference which, computed once per catalog so that the
/// components every schema reaches are found without walking them again.
pub struct ComponentGraph<'c> {
    components: &'c BTreeMap<String, Value>,
    edges: HashMap<&'c str, Vec<String>>,
}

impl<'c> ComponentGraph<'c> {
    pub fn new(components: &'c BTreeMap<String, Value>) -> Self {
        let edges = components.iter().map(|(name, schema)| (name.as_str(), direct_component_refs(schema))).collect();
        ComponentGraph { components, edges }
    }

    pub fn components(&self) -> &'c BTreeMap<String, Value> {
        self.components
    }

    /// The components `schema` reaches through `$ref`, transitively, by name
    /// (sorted). Names that are not components are skipped.
    pub fn reachable(&self, schema: &Value) -> BTreeSet<String> {
        let mut reached = BTreeSet::new();
        if self.components.is_empty() {
            return reached;
        }
        let mut pending = direct_component_refs(schema);
        while let Some(name) = pending.pop() {
            if let Some(next) = self.edges.get(name.as_str()) {
                if reached.insert(name) {
                    pending.extend(next.iter().cloned());
                }
            }
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_references() {
        assert_eq!(
            Target::of("#/components/schemas/Result~1Envelope/properties/a"),
            Target::Component { name: "Result/Envelope".into(), rest: "/properties/a".into() }
        );
        assert_eq!(
            Target::of("#/components/schemas/My%20Thing"),
            Target::Component { name: "My%20Thing".into(), rest: String::new() }
        );
        assert_eq!(Target::of("#/components/schemas/a~2"), Target::InvalidComponent);
        assert_eq!(Target::of("#/$defs/x"), Target::Local);
        assert_eq!(Target::of("#anchor"), Target::Local);
        assert_eq!(Target::of("other.json#/x"), Target::External);
    }
}
