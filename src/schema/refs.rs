//! References in schema positions and what they point at (spec/contract.md b.4).

use std::borrow::Cow;
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
    /// (never percent-decoded, spec/decisions.md 6).
    Component { name: String, rest: String },
    /// `#/components/schemas/<token>` whose token has a bad `~` escape.
    InvalidComponent,
    /// Any other reference starting with `#`: resolved inside the schema's own resource.
    Local,
    /// Anything else: never fetched (spec/decisions.md 3).
    External,
}

/// `#/components/schemas/<token>[/rest]` as its token, still encoded, and the rest.
fn component_parts(reference: &str) -> Option<(&str, &str)> {
    let tail = reference.strip_prefix(COMPONENT_PREFIX)?;
    Some(tail.split_once('/').map_or((tail, ""), |(t, _)| (t, &tail[t.len()..])))
}

impl Target {
    pub fn of(reference: &str) -> Target {
        if let Some((token, rest)) = component_parts(reference) {
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
/// not components), without building a pointer for each reference, nor a string for
/// a name that needs no decoding.
fn direct_component_refs(schema: &Value) -> Vec<Cow<'_, str>> {
    let mut names = Vec::new();
    walk::visit(schema, |_, node| {
        if let Some(Value::String(reference)) = walk::keyword(node, "$ref") {
            if let Some((token, _)) = component_parts(reference) {
                if !token.contains('~') {
                    names.push(Cow::Borrowed(token));
                } else if let Some(name) = decode_token(token) {
                    names.push(Cow::Owned(name));
                }
            }
        }
    });
    names
}

/// Which components reference which, computed once per catalog so that the
/// components every schema reaches are found without walking them again.
pub struct ComponentGraph<'c> {
    components: &'c BTreeMap<String, Value>,
    edges: HashMap<&'c str, Vec<Cow<'c, str>>>,
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
    pub fn reachable(&self, schema: &Value) -> BTreeSet<&'c str> {
        let mut reached = BTreeSet::new();
        if self.components.is_empty() {
            return reached;
        }
        let mut pending = direct_component_refs(schema);
        while let Some(name) = pending.pop() {
            if let Some((&component, next)) = self.edges.get_key_value(name.as_ref()) {
                if reached.insert(component) {
                    pending.extend(next.iter().map(|name| Cow::Borrowed(name.as_ref())));
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
