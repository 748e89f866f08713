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
    // In floating point, which validators divide in, 0.3 is no multiple of 0.1.
    assert_eq!(codes(&input(m(0.1), m(0.3))), ["constraint-changed"]);
    assert_eq!(codes(&output(m(0.1), m(0.3))), ["constraint-changed"]);
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
    let described = input(json!({"not": {"type": "null"}}), json!({"not": {"type": "null"}, "description": "x"}));
    assert_eq!(codes(&described), ["schema-description-changed"]);
}

#[test]
fn a_recursive_schema_compared_with_nothing_is_reported_once() {
    let node = json!({"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Node"}}});
    let old = json!({"type": "object", "properties": {"n": {"$ref": "#/components/schemas/Node"}}});
    let new = json!({"type": "object", "properties": {"n": {}}});
    let found = changes(Side::Output, old, new, (json!({"Node": node.clone()}), json!({"Node": node})));
    assert_eq!(codes(&found), ["type-widened", "property-removed"], "{found:?}");
}

#[test]
fn a_property_is_compared_at_its_own_place_only() {
    // `b` is declared inside `a`: that says nothing of a `b` at the root, which is
    // newly declared on an open object there, as `c` is.
    let old = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {}}}}});
    let mut new = old.clone();
    new["properties"]["b"] = json!({"type": "string"});
    assert_eq!(codes(&input(old.clone(), new.clone())), ["property-added"]);
    new["properties"]["c"] = json!({"type": "string"});
    assert_eq!(codes(&input(old.clone(), new)), ["property-added", "property-added"]);
    // Declared at the same place by an `allOf` member, it is compared.
    let old = json!({"type": "object", "allOf": [{"properties": {"b": {}}}]});
    let mut new = old.clone();
    new["properties"] = json!({"b": {"type": "string"}});
    assert_eq!(codes(&input(old, new)), ["type-narrowed"]);
}

#[test]
fn a_component_changed_under_a_one_of() {
    let schema = json!({"type": "object", "properties": {"a": {"oneOf": [
        {"type": "object", "properties": {"c": {"$ref": "#/components/schemas/C2"}}},
        {"type": "null"}
    ]}}});
    let found = changes(
        Side::Input,
        schema.clone(),
        schema,
        (json!({"C2": {"enum": ["x", "y"]}}), json!({"C2": {"enum": ["y"]}})),
    );
    assert_eq!(codes(&found), ["enum-value-removed"], "{found:?}");
}

#[test]
fn spellings_of_the_same_schema_are_no_change() {
    let base = json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]});
    let whole =
        json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]});
    let components = || (json!({"Base": base.clone()}), json!({"Base": base.clone()}));
    // A component inlined.
    let referenced = json!({"$ref": "#/components/schemas/Base"});
    assert!(changes(Side::Input, referenced.clone(), base.clone(), components()).is_empty());
    assert!(changes(Side::Output, base.clone(), referenced, components()).is_empty());
    // An object extended through allOf, and the same object written whole.
    let extended =
        json!({"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {"b": {"type": "integer"}}}]});
    assert!(changes(Side::Input, whole.clone(), extended.clone(), components()).is_empty());
    assert!(changes(Side::Output, extended, whole.clone(), components()).is_empty());
    // `type: object` next to a `$ref`, as an input root must have it.
    let rooted = json!({"type": "object", "$ref": "#/components/schemas/Base"});
    assert!(changes(Side::Input, rooted, base.clone(), components()).is_empty());
    // Annotations only: no change to what is accepted.
    let annotated = json!({"type": "object", "title": "Base", "description": "A base.", "properties": {"a": {"type": "string", "examples": ["x"]}}, "required": ["a"], "$comment": "c"});
    assert_eq!(codes(&input(base, annotated)), ["schema-description-changed", "schema-description-changed"]);
}

#[test]
fn local_defs_resolve_in_their_own_schema() {
    let old = json!({"type": "object", "properties": {"m": {"$ref": "#/$defs/Mode"}}, "$defs": {"Mode": {"enum": ["a", "b"]}}});
    let new =
        json!({"type": "object", "properties": {"m": {"$ref": "#/$defs/Mode"}}, "$defs": {"Mode": {"enum": ["a"]}}});
    let found = input(old, new);
    assert_eq!(codes(&found), ["enum-value-removed"]);
    assert!(found[0].ends_with("at /tools/0/schema/$defs/Mode/enum/1 -> /tools/0/schema/$defs/Mode/enum"), "{found:?}");
}

#[test]
fn keywords_of_a_type_only_one_side_accepts_are_not_compared() {
    // Old `a` was never an object: the new object's properties refuse nothing it
    // accepted, and the objects it now accepts are the type widened.
    let old = json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "^x"}}});
    let new = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}}});
    assert_eq!(codes(&input(old, new)), ["type-narrowed", "type-widened"]);
    // A `const` no longer contradicted by its `type` now accepts its value.
    let found = output(
        json!({"allOf": [{"const": 2}, {"type": "object"}]}),
        json!({"allOf": [{"const": 2}, {"type": "integer"}]}),
    );
    assert_eq!(codes(&found), ["enum-value-added"], "{found:?}");
}

#[test]
fn a_branch_described_is_still_the_same_branch() {
    let old = json!({"oneOf": [{"type": "string"}, {"type": "integer"}]});
    let new = json!({"oneOf": [{"type": "integer", "description": "A count."}, {"type": "string"}]});
    let found = output(old, new);
    assert_eq!(codes(&found), ["schema-description-changed"], "{found:?}");
    assert!(found[0].contains("at /tools/0/schema/oneOf/1 -> /tools/0/schema/oneOf/0/description"), "{found:?}");
}
