//! References in schema positions and what they point at (spec/contract.md b.4).

use std::collections::BTreeMap;
use std::sync::OnceLock;

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

/// Calls `found` with each component name `schema` references directly with `$ref`
/// (decoded, possibly not a component), without building a pointer for each
/// reference, nor a string for a name that needs no decoding.
fn direct_component_refs(schema: &Value, mut found: impl FnMut(&str)) {
    walk::visit(schema, |_, node| {
        if let Some(Value::String(reference)) = walk::keyword(node, "$ref") {
            if let Some((token, _)) = component_parts(reference) {
                if !token.contains('~') {
                    found(token);
                } else if let Some(name) = decode_token(token) {
                    found(&name);
                }
            }
        }
    });
}

/// Which components reference which, computed once per catalog, and what each one
/// reaches, computed once per component (on first use), so that the components a
/// schema reaches are found by walking that schema alone: a registry whose tools all
/// reference one long chain of components pays for the chain once, not once a tool.
pub struct ComponentGraph<'c> {
    components: &'c BTreeMap<String, Value>,
    /// The components in name order: a component's ordinal is its place here, found
    /// by binary search (no hashing of every name referenced).
    names: Vec<&'c str>,
    /// Each component's direct references, as ordinals (names that are no component
    /// left out).
    edges: Vec<Vec<usize>>,
    /// Each component's closure (itself and everything it reaches) as a bit set over
    /// the ordinals. A `OnceLock`, since the tools' schemas are checked in parallel.
    closures: Vec<OnceLock<Vec<u64>>>,
}

/// The components one schema reaches, as a bit set over a [`ComponentGraph`]'s
/// ordinals: most callers only ask whether some reached component is refused, or
/// nothing is reached, and need no names.
pub struct Reached<'g, 'c> {
    graph: &'g ComponentGraph<'c>,
    words: Vec<u64>,
}

impl<'c> Reached<'_, 'c> {
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    /// The names reached, sorted (ordinals in increasing order are names in order).
    pub fn names(&self) -> impl Iterator<Item = &'c str> + '_ {
        self.words.iter().enumerate().flat_map(move |(w, &word)| {
            std::iter::successors((word != 0).then_some(word), |rest| Some(rest & (rest - 1)).filter(|r| *r != 0))
                .map(move |rest| self.graph.names[w * 64 + rest.trailing_zeros() as usize])
        })
    }
}

impl<'c> ComponentGraph<'c> {
    pub fn new(components: &'c BTreeMap<String, Value>) -> Self {
        let names: Vec<&str> = components.keys().map(String::as_str).collect();
        let edges = components
            .values()
            .map(|schema| {
                let mut edges = Vec::new();
                direct_component_refs(schema, |name| edges.extend(ordinal(&names, name)));
                edges
            })
            .collect();
        let closures = names.iter().map(|_| OnceLock::new()).collect();
        ComponentGraph { components, names, edges, closures }
    }

    pub fn components(&self) -> &'c BTreeMap<String, Value> {
        self.components
    }

    /// Bit set words for every component.
    fn words(&self) -> usize {
        self.names.len().div_ceil(64)
    }

    /// The closure of the component `start`: itself and every component it reaches.
    fn closure(&self, start: usize) -> &[u64] {
        self.closures[start].get_or_init(|| {
            let mut reached = vec![0u64; self.words()];
            let mut pending = vec![start];
            while let Some(at) = pending.pop() {
                let (word, bit) = (at / 64, 1u64 << (at % 64));
                if reached[word] & bit == 0 {
                    reached[word] |= bit;
                    pending.extend(&self.edges[at]);
                }
            }
            reached
        })
    }

    /// The components `schema` reaches through `$ref`, transitively. Names that are
    /// not components are skipped.
    pub fn reachable(&self, schema: &Value) -> Reached<'_, 'c> {
        let mut words = vec![0u64; self.words()];
        if !self.names.is_empty() {
            direct_component_refs(schema, |name| {
                if let Some(start) = ordinal(&self.names, name) {
                    words.iter_mut().zip(self.closure(start)).for_each(|(into, from)| *into |= from);
                }
            });
        }
        Reached { graph: self, words }
    }
}

/// The ordinal of component `name` among the sorted `names`.
fn ordinal(names: &[&str], name: &str) -> Option<usize> {
    names.binary_search(&name).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn components(pairs: &[(&str, Value)]) -> BTreeMap<String, Value> {
        pairs.iter().map(|(name, schema)| ((*name).to_owned(), schema.clone())).collect()
    }

    fn to(name: &str) -> Value {
        json!({"$ref": format!("{COMPONENT_PREFIX}{name}")})
    }

    #[test]
    fn reaches_through_chains_cycles_and_diamonds_each_component_once() {
        let graph_of = components(&[
            ("A", json!({"properties": {"b": to("B")}})),
            ("B", json!({"items": to("C")})),
            ("C", json!({"type": "string"})),
            // A cycle: D and E reach each other, and E the chain.
            ("D", json!({"anyOf": [to("E"), {"type": "null"}]})),
            ("E", json!({"properties": {"d": to("D"), "a": to("A")}})),
            // A diamond over the chain's two ends, and a name that is no component.
            ("F", json!({"allOf": [to("A"), to("C"), to("Missing")]})),
            ("Result/Envelope", json!({"properties": {"f": to("F")}})),
            ("Lonely", json!({"type": "object"})),
        ]);
        let graph = ComponentGraph::new(&graph_of);
        let reached = |schema: Value| graph.reachable(&schema).names().collect::<Vec<_>>();
        assert_eq!(reached(to("A")), ["A", "B", "C"]);
        assert_eq!(reached(to("C")), ["C"]);
        assert_eq!(reached(to("D")), ["A", "B", "C", "D", "E"], "a cycle ends");
        assert_eq!(reached(to("F")), ["A", "B", "C", "F"], "each component once, an unknown name skipped");
        assert_eq!(reached(to("Result~1Envelope")), ["A", "B", "C", "F", "Result/Envelope"], "a decoded name");
        assert_eq!(reached(json!({"properties": {"x": to("C"), "y": to("E")}})), ["A", "B", "C", "D", "E"]);
        assert!(reached(json!({"type": "object"})).is_empty());
        assert!(reached(to("Missing")).is_empty());
        // The same answers asked again (the closures are kept), and from an empty graph.
        assert_eq!(reached(to("D")), ["A", "B", "C", "D", "E"]);
        let empty = BTreeMap::new();
        assert!(ComponentGraph::new(&empty).reachable(&to("A")).is_empty());
        assert!(graph.reachable(&to("Missing")).is_empty() && !graph.reachable(&to("C")).is_empty());
    }

    #[test]
    fn reaches_past_the_first_word_of_its_bit_sets() {
        // 130 components in a chain: ordinals over three 64-bit words.
        let names: Vec<String> = (0..130).map(|n| format!("N{n:03}")).collect();
        let chain: BTreeMap<String, Value> = names
            .iter()
            .enumerate()
            .map(|(i, name)| (name.clone(), names.get(i + 1).map_or(json!({}), |next| to(next))))
            .collect();
        let graph = ComponentGraph::new(&chain);
        let all: Vec<&str> = graph.reachable(&to("N000")).names().collect();
        assert_eq!(all, names.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(graph.reachable(&to("N128")).names().collect::<Vec<_>>(), ["N128", "N129"]);
    }

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
