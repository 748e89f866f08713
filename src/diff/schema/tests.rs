//! The comparator's trickier logic, on schemas written inline.

use serde_json::{Value, json};

use super::{Components, map, schemas};
use crate::diff::Side;
use crate::pointer::Pointer;

/// The changes from `old` to `new` on `side`, as `code level: message at old -> new`.
fn changes(side: Side, old: Value, new: Value, components: (Value, Value)) -> Vec<String> {
    let (co, cn) = (map(components.0), map(components.1));
    let shared = Components::new(Some(&co), Some(&cn));
    let at = Pointer::root().key("tools").index(0).key("schema");
    schemas(side, "t", &shared, (&old, at.clone()), (&new, at))
        .into_iter()
        .map(|c| {
            format!("{} {}: {} at {} -> {}", c.rule.code, c.level.as_str(), c.message, c.old_pointer, c.new_pointer)
        })
        .collect()
}

fn input(old: Value, new: Value) -> Vec<String> {
    changes(Side::Input, old, new, (json!({}), json!({})))
}

fn output(old: Value, new: Value) -> Vec<String> {
    changes(Side::Output, old, new, (json!({}), json!({})))
}

fn codes(found: &[String]) -> Vec<&str> {
    found.iter().map(|c| c.split(' ').next().unwrap_or_default()).collect()
}

#[test]
fn integer_is_a_subset_of_number() {
    let int = json!({"type": "integer"});
    let num = json!({"type": "number"});
    assert_eq!(
        input(int.clone(), num.clone()),
        [
            "type-widened info: the input now accepts numbers with a fraction at /tools/0/schema/type -> /tools/0/schema/type"
        ]
    );
    assert_eq!(codes(&input(num.clone(), int.clone())), ["type-narrowed"]);
    assert_eq!(codes(&output(int.clone(), num.clone())), ["type-widened"]);
    assert!(output(int, num)[0].contains("breaking"));
    // A list with both is the same as `number`.
    assert!(input(json!({"type": ["integer", "number"]}), json!({"type": "number"})).is_empty());
}

#[test]
fn integer_bounds_are_compared_as_integers() {
    // On integers, `exclusiveMinimum: 0` is `minimum: 1`.
    assert!(
        input(json!({"type": "integer", "minimum": 1}), json!({"type": "integer", "exclusiveMinimum": 0})).is_empty()
    );
    let numbers = input(json!({"type": "number", "minimum": 1}), json!({"type": "number", "exclusiveMinimum": 0}));
    assert_eq!(codes(&numbers), ["constraint-loosened"]);
    assert_eq!(codes(&input(json!({"minimum": 0}), json!({"exclusiveMinimum": 0}))), ["constraint-tightened"]);
}

#[test]
fn multiple_of_tightens_loosens_or_both() {
    let m = |x: f64| json!({"type": "number", "multipleOf": x});
    assert_eq!(codes(&input(m(2.0), m(4.0))), ["constraint-tightened"]);
    assert_eq!(codes(&input(m(4.0), m(2.0))), ["constraint-loosened"]);
    assert_eq!(codes(&input(m(2.0), m(3.0))), ["constraint-changed"]);
    assert_eq!(codes(&input(m(0.1), m(0.3))), ["constraint-tightened"]);
    assert!(input(m(2.0), json!({"type": "number", "multipleOf": 2})).is_empty());
    // On strings, a number's bound is no change.
    assert!(input(json!({"type": "string", "multipleOf": 2}), json!({"type": "string"})).is_empty());
}

#[test]
fn a_reference_cycle_compares_and_terminates() {
    let node = |leaf: &str| {
        json!({"type": "object", "properties": {
            "value": {"type": leaf},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}
        }})
    };
    let schema = json!({"type": "object", "properties": {"root": {"$ref": "#/components/schemas/Node"}}});
    let same = changes(
        Side::Input,
        schema.clone(),
        schema.clone(),
        (json!({"Node": node("string")}), json!({"Node": node("string")})),
    );
    assert!(same.is_empty());
    let found = changes(
        Side::Input,
        schema.clone(),
        schema,
        (json!({"Node": node("string")}), json!({"Node": node("integer")})),
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("type-narrowed breaking: `root.value`"), "{found:?}");
    assert!(found[0].ends_with(
        "at /components/schemas/Node/properties/value/type -> /components/schemas/Node/properties/value/type"
    ));
    // A local cycle through `$defs`, renamed on one side.
    let old = json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}},
        "$defs": {"T": {"type": "object", "properties": {"next": {"$ref": "#/$defs/T"}}}}});
    let new = json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/Tree"}},
        "$defs": {"Tree": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Tree"}}}}});
    assert!(input(old, new).is_empty());
}

#[test]
fn a_renamed_component_is_no_change() {
    let old = json!({"type": "object", "properties": {"m": {"$ref": "#/components/schemas/Mode"}}});
    let new = json!({"type": "object", "properties": {"m": {"$ref": "#/components/schemas/Kind"}}});
    let mode = json!({"type": "string", "enum": ["a", "b"]});
    assert!(changes(Side::Input, old, new, (json!({"Mode": mode.clone()}), json!({"Kind": mode}))).is_empty());
}

#[test]
fn one_of_branches_that_may_overlap_are_uncertain() {
    let old = json!({"oneOf": [{"type": "string"}, {"type": "integer"}]});
    // `number` overlaps `integer`: 1 now matches two branches and is refused.
    let new = json!({"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "number"}]});
    assert_eq!(codes(&input(old.clone(), new.clone())), ["branch-added", "uncertain-change"]);
    // A branch of another type is told apart: no value matches two.
    let apart = json!({"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]});
    assert_eq!(codes(&input(old.clone(), apart)), ["branch-added"]);
    // As anyOf, adding a branch is only a widening.
    let any = |v: Value| json!({"anyOf": v["oneOf"].clone()});
    assert_eq!(codes(&input(any(old), any(new))), ["branch-added"]);
}

#[test]
fn one_of_with_a_discriminator_is_told_apart() {
    let variant = |kind: &str| json!({"type": "object", "required": ["kind"], "properties": {"kind": {"const": kind}, "data": {}}});
    let old = json!({"oneOf": [variant("a"), variant("b")]});
    let new = json!({"oneOf": [variant("a"), variant("b"), variant("c")]});
    assert_eq!(codes(&input(old.clone(), new.clone())), ["branch-added"]);
    let found = changes(Side::Error, old, new, (json!({}), json!({})));
    assert_eq!(codes(&found), ["branch-added"]);
    assert!(found[0].contains(" warning: "), "{found:?}");
}

#[test]
fn a_nullable_rewrite_is_a_branch_added() {
    let old = json!({"type": "string"});
    let new = json!({"anyOf": [{"type": "string"}, {"type": "null"}]});
    assert_eq!(codes(&input(old.clone(), new.clone())), ["branch-added"]);
    assert_eq!(codes(&input(new, old)), ["branch-removed"]);
}

#[test]
fn a_new_optional_property_of_an_open_object_is_info_only_there() {
    let old = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let new = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}});
    assert_eq!(codes(&input(old.clone(), new.clone())), ["property-added"]);
    // On a closed object, `b` was refused: now it is accepted.
    let closed = |mut v: Value| {
        v["additionalProperties"] = json!(false);
        v
    };
    assert_eq!(codes(&output(closed(old.clone()), closed(new.clone()))), ["value-allowed"]);
    assert_eq!(codes(&input(closed(new.clone()), closed(old.clone()))), ["value-refused"]);
    // Dropped from an open object: its values are no longer constrained.
    assert_eq!(codes(&output(new, old)), ["property-removed"]);
}

#[test]
fn all_of_members_merge() {
    let split = json!({"allOf": [
        {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
        {"properties": {"b": {"type": "integer"}}, "required": ["b"]}
    ]});
    let whole = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a", "b"]});
    assert!(input(split.clone(), whole.clone()).is_empty());
    assert!(output(whole, split).is_empty());
}

#[test]
fn unclassified_keywords_are_uncertain() {
    let found = input(json!({"not": {"type": "null"}}), json!({"not": {"type": "string"}}));
    assert_eq!(codes(&found), ["uncertain-change"]);
    assert!(found[0].contains("warning"));
    assert!(input(json!({"not": {"type": "null"}}), json!({"not": {"type": "null"}, "description": "x"})).is_empty());
}
