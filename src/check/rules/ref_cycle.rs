//! `$ref` cycles that never consume any of the instance.

use serde_json::Value;

use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::maps::{HashMap, HashSet};
use crate::pointer::{Part, Pointer, encode_token};
use crate::schema::fragment;
use crate::schema::refs::{self, Reference, Target};
use crate::schema::walk::{self, IN_PLACE_LIST, IN_PLACE_MAP, IN_PLACE_SINGLE};

declare_rule! {
    /// ## What it checks
    /// Reference cycles that apply a schema to the same value over and over: `A` is
    /// `{"$ref": "#/components/schemas/B"}` and `B` is `{"allOf": [{"$ref":
    /// "#/components/schemas/A"}]}`. Only `$ref`, `$dynamicRef` and the in-place
    /// applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else`,
    /// `dependentSchemas`) count; a cycle through `properties`, `items` and the like is
    /// an ordinary recursive type (a tree, a linked list) and is fine.
    ///
    /// ## Why
    /// Draft 2020-12 calls such schemas invalid: evaluating one never terminates, and
    /// validators either loop, overflow their stack, or quietly accept everything.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"schemas": {"A": {"$ref": "#/components/schemas/B"},
    ///                             "B": {"$ref": "#/components/schemas/A"}}}}
    /// ```
    pub static REF_CYCLE = {
        code: "ref-cycle",
        phase: Catalog,
        severity: Error,
        summary: "a `$ref` cycle applies schemas to the same value forever",
        help: "break the cycle, or make it go through `properties` or `items`",
    }
}

/// One schema document of the graph.
pub struct Document<'a> {
    pub label: String,
    pub value: &'a Value,
    pub origin: &'a dyn Fn(&Pointer, Part) -> Origin,
}

/// A node of the graph: a document and a JSON Pointer (string form) into it.
type Node = (usize, String);

/// A node on the depth-first stack: its successors (each with whether it is reached
/// by a `$ref`), the next one to visit, and whether the node itself was reached by one.
type Frame = (Node, Vec<(Node, bool)>, usize, bool);

struct Graph<'a, 'd> {
    docs: &'d [Document<'a>],
    components: Option<&'d HashMap<String, usize>>,
}

impl Graph<'_, '_> {
    fn value(&self, node: &Node) -> Option<&Value> {
        Pointer::parse(&node.1)?.resolve(self.docs[node.0].value)
    }

    /// Where `reference` (in document `doc`) leads, when that is a node of the graph.
    fn target(&self, doc: usize, reference: &str) -> Option<Node> {
        match Target::of(reference) {
            Target::Local => {
                let fragment = fragment::decode(reference.strip_prefix('#')?).into_owned();
                if !(fragment.is_empty() || fragment.starts_with('/')) || has_nested_id(self.docs[doc].value) {
                    return None;
                }
                Some((doc, fragment))
            }
            Target::Component { name, rest } => {
                Some((*self.components?.get(&name)?, fragment::decode(&rest).into_owned()))
            }
            _ => None,
        }
    }

    /// In-place successors: the same-instance subschemas and the reference targets.
    fn successors(&self, node: &Node) -> Vec<(Node, bool)> {
        let Some(Value::Object(object)) = self.value(node) else {
            return Vec::new();
        };
        let mut next = Vec::new();
        for keyword in ["$ref", "$dynamicRef"] {
            if let Some(Value::String(reference)) = walk::member(object, keyword) {
                if let Some(target) = self.target(node.0, reference) {
                    if self.value(&target).is_some() {
                        next.push((target, true));
                    }
                }
            }
        }
        let child = |suffix: String| ((node.0, format!("{}/{suffix}", node.1)), false);
        for keyword in IN_PLACE_SINGLE {
            if walk::member(object, keyword).is_some() {
                next.push(child(keyword.to_string()));
            }
        }
        for keyword in IN_PLACE_LIST {
            if let Some(Value::Array(items)) = walk::member(object, keyword) {
                next.extend((0..items.len()).map(|i| child(format!("{keyword}/{i}"))));
            }
        }
        for keyword in IN_PLACE_MAP {
            if let Some(Value::Object(members)) = walk::member(object, keyword) {
                next.extend(members.keys().map(|k| child(format!("{keyword}/{}", encode_token(k)))));
            }
        }
        next
    }

    /// Every cycle reachable from `starts`, each as the nodes that hold a `$ref` on it.
    fn cycles(&self, starts: Vec<Node>) -> Vec<Vec<Node>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Colour {
            Grey,
            Black,
        }
        let mut colour: HashMap<Node, Colour> = HashMap::default();
        let mut found = Vec::new();
        let mut seen_cycles: HashSet<Vec<Node>> = HashSet::default();
        for start in starts {
            if colour.contains_key(&start) {
                continue;
            }
            // (node, its successors, next successor to visit, reached by a $ref edge)
            let mut stack: Vec<Frame> = Vec::new();
            colour.insert(start.clone(), Colour::Grey);
            let successors = self.successors(&start);
            stack.push((start, successors, 0, false));
            while let Some((_, successors, cursor, _)) = stack.last_mut() {
                let Some((next, by_ref)) = successors.get(*cursor).cloned() else {
                    let (node, ..) = stack.pop().expect("non-empty");
                    colour.insert(node, Colour::Black);
                    continue;
                };
                *cursor += 1;
                match colour.get(&next) {
                    Some(Colour::Black) => {}
                    Some(Colour::Grey) => {
                        let from = stack.iter().position(|(n, ..)| *n == next).unwrap_or(0);
                        // The nodes on the cycle that leave by a $ref edge.
                        let mut holders: Vec<Node> = Vec::new();
                        for i in from..stack.len() {
                            let leaves_by_ref = stack.get(i + 1).map_or(by_ref, |(.., r)| *r);
                            if leaves_by_ref {
                                holders.push(stack[i].0.clone());
                            }
                        }
                        let mut key = holders.clone();
                        key.sort();
                        if !holders.is_empty() && seen_cycles.insert(key) {
                            found.push(holders);
                        }
                    }
                    None => {
                        colour.insert(next.clone(), Colour::Grey);
                        let successors = self.successors(&next);
                        stack.push((next, successors, 0, by_ref));
                    }
                }
            }
        }
        found
    }

    fn describe(&self, node: &Node) -> String {
        format!("{}{}", self.docs[node.0].label, node.1)
    }

    fn report(&self, cycle: &[Node], out: &mut Vec<Diagnostic>) {
        let mut chain: Vec<String> = cycle.iter().map(|n| self.describe(n)).collect();
        chain.push(self.describe(&cycle[0]));
        let first = &cycle[0];
        let at = Pointer::parse(&first.1).unwrap_or_default();
        let keyword = match self.value(first) {
            Some(v) if v.get("$ref").is_some() => "$ref",
            _ => "$dynamicRef",
        };
        out.push(
            REF_CYCLE
                .diag(format!(
                    "{} is part of a $ref cycle that never consumes any of the value, so validating it never ends: {}",
                    self.describe(first),
                    chain.join(" → ")
                ))
                .at((self.docs[first.0].origin)(&at.key(keyword), Part::Value)),
        );
    }
}

fn has_nested_id(schema: &Value) -> bool {
    let mut found = false;
    walk::visit(schema, |path, node| {
        found |= !path.is_root() && walk::keyword(node, "$id").is_some();
    });
    found
}

fn starts(graph: &Graph<'_, '_>, references: impl Iterator<Item = (usize, String)>) -> Vec<Node> {
    references
        .filter_map(|(doc, reference)| graph.target(doc, &reference))
        .filter(|n| graph.value(n).is_some())
        .collect()
}

/// Cycles among the components.
pub fn check_components(docs: &[Document<'_>], names: &HashMap<String, usize>, out: &mut Vec<Diagnostic>) {
    let graph = Graph { docs, components: Some(names) };
    let references = docs.iter().enumerate().flat_map(|(i, doc)| {
        refs::collect(doc.value).into_iter().map(move |r| (i, r.value.to_owned())).collect::<Vec<_>>()
    });
    for cycle in graph.cycles(starts(&graph, references)) {
        graph.report(&cycle, out);
    }
}

/// Cycles inside one tool schema (cycles among components are reported once, with
/// the components).
pub fn check_document(subject: &Subject<'_>, references: &[Reference<'_>], out: &mut Vec<Diagnostic>) {
    if !references.iter().any(|r| r.target == Target::Local) {
        return;
    }
    let docs = [Document { label: subject.label.to_string(), value: subject.value, origin: subject.origin }];
    let graph = Graph { docs: &docs, components: None };
    let refs = references.iter().map(|r| (0, r.value.to_owned()));
    for cycle in graph.cycles(starts(&graph, refs)) {
        graph.report(&cycle, out);
    }
}
