//! The schema constructs that some LLM client refuses, drops or rewrites, each found
//! by one walk written once: the client profiles (`harn-catalog lint --profile`)
//! choose which of them each client refuses, and down-levelling rewrites them.
//!
//! Every finder returns where the construct is (a pointer relative to the schema's
//! root) and a few words saying what was found.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::walk;
use crate::pointer::Pointer;

/// One occurrence of a construct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Where, relative to the schema's root.
    pub at: Pointer,
    /// What was found, in a few words (`"format \"uri\""`).
    pub detail: String,
}

fn found(at: Pointer, detail: impl Into<String>) -> Found {
    Found { at, detail: detail.into() }
}

/// The root keywords of `keywords` (`anyOf`, `oneOf`, `allOf`, `not`, `if`) present.
pub fn root_keywords(schema: &Value, keywords: &[&str]) -> Vec<Found> {
    keywords
        .iter()
        .filter(|k| walk::keyword(schema, k).is_some())
        .map(|k| found(Pointer::root().key(k), format!("root `{k}`")))
        .collect()
}

/// A root object schema without `properties`.
pub fn root_without_properties(schema: &Value) -> Option<Found> {
    (schema.is_object() && walk::keyword(schema, "properties").is_none())
        .then(|| found(Pointer::root(), "a root object without `properties`"))
}

/// Every schema node that has one of `keywords`, once per keyword.
pub fn keywords(schema: &Value, keywords: &[&str]) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        for keyword in keywords {
            if walk::keyword(node, keyword).is_some() {
                out.push(found(path.pointer().key(keyword), format!("`{keyword}`")));
            }
        }
    });
    out
}

/// Keywords outside `allowed` (and outside `elsewhere`, the keywords another
/// construct reports), on every schema node.
pub fn keywords_outside(schema: &Value, allowed: &[&str], elsewhere: &[&str]) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        for key in object.keys() {
            if !allowed.contains(&key.as_str()) && !elsewhere.contains(&key.as_str()) {
                out.push(found(path.pointer().key(key), format!("`{key}`")));
            }
        }
    });
    out
}

/// `$ref` with sibling keywords other than those `allowed` keeps.
pub fn ref_siblings(schema: &Value, allowed: impl Fn(&str) -> bool) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        if !object.contains_key("$ref") {
            return;
        }
        let siblings: Vec<&str> = object.keys().map(String::as_str).filter(|k| *k != "$ref" && !allowed(k)).collect();
        if !siblings.is_empty() {
            out.push(found(path.pointer(), format!("`$ref` beside {}", quoted(&siblings))));
        }
    });
    out
}

fn quoted(keys: &[&str]) -> String {
    keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
}

/// Whether a node describes objects: `type` is or includes `object`, or it has
/// `properties` and no `type`.
pub fn is_object_schema(node: &Map<String, Value>) -> bool {
    match walk::member(node, "type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => node.contains_key("properties"),
    }
}

/// Object schemas without `"additionalProperties": false`.
pub fn open_objects(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        if is_object_schema(object) && walk::member(object, "additionalProperties") != Some(&Value::Bool(false)) {
            out.push(found(path.pointer(), "an object that is not closed (`\"additionalProperties\": false`)"));
        }
    });
    out
}

/// Properties not listed in their object's `required`.
pub fn optional_properties(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Some(Value::Object(properties)) = walk::keyword(node, "properties") else { return };
        let required = walk::names(walk::keyword(node, "required"));
        for name in properties.keys() {
            if !required.contains(&name.as_str()) {
                out.push(found(path.pointer().key("properties").key(name), format!("optional property {name:?}")));
            }
        }
    });
    out
}

/// `type` given as a list.
pub fn type_arrays(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if let Some(types @ Value::Array(_)) = walk::keyword(node, "type") {
            out.push(found(path.pointer().key("type"), format!("type list {types}")));
        }
    });
    out
}

/// `format` values outside `allowed`.
pub fn formats(schema: &Value, allowed: &[&str]) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if let Some(Value::String(format)) = walk::keyword(node, "format") {
            if !allowed.contains(&format.as_str()) {
                out.push(found(path.pointer().key("format"), format!("format {format:?}")));
            }
        }
    });
    out
}

/// A regular-expression feature some clients' engines lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexFeature {
    /// `(?=`, `(?!`, `(?<=`, `(?<!`.
    Lookaround,
    /// `\1`…`\9`, `\k<name>`.
    Backreference,
    /// `\p{…}`, `\P{…}`.
    UnicodeProperty,
    /// `\b`, `\B`.
    WordBoundary,
}

impl RegexFeature {
    pub fn as_str(self) -> &'static str {
        match self {
            RegexFeature::Lookaround => "lookaround",
            RegexFeature::Backreference => "a backreference",
            RegexFeature::UnicodeProperty => "a Unicode property class (\\p{…})",
            RegexFeature::WordBoundary => "a word boundary (\\b)",
        }
    }
}

/// The features of `pattern` among `wanted`, scanning escapes (so `\(?=` is not a
/// lookaround) and character classes (where `(` is literal).
pub fn regex_features(pattern: &str, wanted: &[RegexFeature]) -> Vec<RegexFeature> {
    let mut seen = Vec::new();
    let mut note = |feature: RegexFeature| {
        if wanted.contains(&feature) && !seen.contains(&feature) {
            seen.push(feature);
        }
    };
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                match chars.get(i + 1) {
                    Some('p' | 'P') => note(RegexFeature::UnicodeProperty),
                    Some('b' | 'B') if !in_class => note(RegexFeature::WordBoundary),
                    Some('1'..='9') if !in_class => note(RegexFeature::Backreference),
                    Some('k') if chars.get(i + 2) == Some(&'<') => note(RegexFeature::Backreference),
                    _ => {}
                }
                i += 2;
                continue;
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                let rest: String = chars[i + 2..].iter().take(2).collect();
                if rest.starts_with('=') || rest.starts_with('!') || rest == "<=" || rest == "<!" {
                    note(RegexFeature::Lookaround);
                }
            }
            _ => {}
        }
        i += 1;
    }
    seen
}

/// `pattern`s (and `patternProperties` keys) using one of `wanted`.
pub fn patterns(schema: &Value, wanted: &[RegexFeature]) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let mut check = |at: Pointer, pattern: &str| {
            let features = regex_features(pattern, wanted);
            if !features.is_empty() {
                let named: Vec<&str> = features.iter().map(|f| f.as_str()).collect();
                out.push(found(at, format!("pattern {pattern:?} uses {}", named.join(" and "))));
            }
        };
        if let Some(Value::String(pattern)) = walk::keyword(node, "pattern") {
            check(path.pointer().key("pattern"), pattern);
        }
        if let Some(Value::Object(map)) = walk::keyword(node, "patternProperties") {
            for key in map.keys() {
                check(path.pointer().key("patternProperties").key(key), key);
            }
        }
    });
    out
}

/// `enum`s with a value that is not a string.
pub fn non_string_enums(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if let Some(Value::Array(values)) = walk::keyword(node, "enum") {
            if let Some(value) = values.iter().find(|v| !v.is_string()) {
                out.push(found(path.pointer().key("enum"), format!("enum value {value}")));
            }
        }
    });
    out
}

/// `required` names that `properties` does not declare, on object schemas (`type:
/// object`, or `properties`): a bare `{"required": [...]}` inside an `anyOf` speaks of
/// its parent's properties.
pub fn required_undeclared(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if !node.as_object().is_some_and(is_object_schema) {
            return;
        }
        let Some(Value::Array(required)) = walk::keyword(node, "required") else { return };
        let properties = walk::keyword(node, "properties").and_then(Value::as_object);
        for (i, name) in required.iter().enumerate() {
            let Some(name) = name.as_str() else { continue };
            if !properties.is_some_and(|p| p.contains_key(name)) {
                out.push(found(
                    path.pointer().key("required").index(i),
                    format!("required {name:?} is not a declared property"),
                ));
            }
        }
    });
    out
}

/// `anyOf` beside a `type` on one node, and `anyOf` branches without a `type` (nor an
/// `anyOf` of their own): Gemini's `Schema` wants the type in each branch.
pub fn any_of_typing(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Some(Value::Array(branches)) = walk::keyword(node, "anyOf") else { return };
        if walk::keyword(node, "type").is_some() {
            out.push(found(path.pointer().key("type"), "`type` beside `anyOf`"));
        }
        for (i, branch) in branches.iter().enumerate() {
            if walk::keyword(branch, "type").is_none() && walk::keyword(branch, "anyOf").is_none() {
                out.push(found(path.pointer().key("anyOf").index(i), "an `anyOf` branch without `type`"));
            }
        }
    });
    out
}

/// Union types: nodes with an `anyOf` or a list of types.
pub fn unions(schema: &Value) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if walk::keyword(node, "anyOf").is_some() || walk::keyword(node, "type").is_some_and(Value::is_array) {
            out.push(found(path.pointer(), "a union type"));
        }
    });
    out
}

/// `enum`s with more than `limit` values.
pub fn large_enums(schema: &Value, limit: usize) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        if let Some(Value::Array(values)) = walk::keyword(node, "enum") {
            if values.len() > limit {
                out.push(found(path.pointer().key("enum"), format!("{} enum values, over {limit}", values.len())));
            }
        }
    });
    out
}

/// The characters OpenAI counts against its schema size budget: property names,
/// definition names, and string `enum` and `const` values.
pub fn string_budget(schema: &Value) -> usize {
    let mut total = 0;
    let strings = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    walk::visit(schema, |_, node| {
        for names in ["properties", "$defs", "definitions"] {
            if let Some(Value::Object(map)) = walk::keyword(node, names) {
                total += map.keys().map(|k| k.chars().count()).sum::<usize>();
            }
        }
        if let Some(Value::Array(values)) = walk::keyword(node, "enum") {
            total += values.iter().map(strings).sum::<usize>();
        }
        if let Some(value) = walk::keyword(node, "const") {
            total += strings(value);
        }
    });
    total
}

/// Whether a node declares arrays: `type` is or includes `array`.
fn is_array_schema(node: &Map<String, Value>) -> bool {
    match walk::member(node, "type") {
        Some(Value::String(t)) => t == "array",
        Some(Value::Array(types)) => types.iter().any(|t| t == "array"),
        _ => false,
    }
}

/// Whether an `items` schema constrains the items (not `true`, not `{}`).
fn is_typed_items(items: &Value) -> bool {
    match items {
        Value::Object(object) => !object.is_empty(),
        Value::Bool(b) => !b,
        _ => false,
    }
}

/// Array schemas without `items` (with `typed`, also `items: {}` or `true`), unless
/// `prefixItems` describes them.
pub fn arrays_without_items(schema: &Value, typed: bool) -> Vec<Found> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        if !is_array_schema(object) || object.contains_key("prefixItems") {
            return;
        }
        match walk::member(object, "items") {
            None => out.push(found(path.pointer(), "an array without `items`")),
            Some(items) if typed && !is_typed_items(items) => {
                out.push(found(path.pointer().key("items"), "an array whose `items` accepts anything"))
            }
            _ => {}
        }
    });
    out
}

/// Local references (`#` or `#/…`) that lead back into themselves: each `$ref` that
/// closes a cycle, found by following references from the root's own (outside
/// `$defs` and `definitions`).
pub fn recursion(schema: &Value) -> Vec<Found> {
    // Every local reference: where it is, where it leads.
    let mut sites: Vec<(Pointer, Pointer)> = Vec::new();
    walk::visit(schema, |path, node| {
        if let Some(Value::String(reference)) = walk::keyword(node, "$ref") {
            if let Some(target) = local_target(reference) {
                sites.push((path.pointer(), target));
            }
        }
    });
    let under = |inner: &Pointer, outer: &Pointer| inner.segments().starts_with(outer.segments());
    // Edges: site i leads to every site inside its target.
    let next: Vec<Vec<usize>> =
        sites.iter().map(|(_, target)| (0..sites.len()).filter(|j| under(&sites[*j].0, target)).collect()).collect();
    let in_defs = |at: &Pointer| matches!(at.segments().first(), Some(crate::pointer::Segment::Key(k)) if &**k == "$defs" || &**k == "definitions");
    let mut closing = BTreeSet::new();
    // Depth-first from each root-region site, with the path on a stack.
    let mut state = vec![0u8; sites.len()]; // 0 new, 1 on the stack, 2 done
    fn dfs(i: usize, next: &[Vec<usize>], state: &mut [u8], closing: &mut BTreeSet<usize>) {
        state[i] = 1;
        for &j in &next[i] {
            match state[j] {
                0 => dfs(j, next, state, closing),
                1 => {
                    closing.insert(i);
                }
                _ => {}
            }
        }
        state[i] = 2;
    }
    for i in 0..sites.len() {
        if state[i] == 0 && !in_defs(&sites[i].0) {
            dfs(i, &next, &mut state, &mut closing);
        }
    }
    closing.into_iter().map(|i| found(sites[i].0.key("$ref"), "a recursive `$ref`")).collect()
}

/// The pointer a local `$ref` names (`#` the root, `#/…` a JSON Pointer); none for
/// anything else.
pub fn local_target(reference: &str) -> Option<Pointer> {
    let fragment = reference.strip_prefix('#')?;
    let decoded = percent_encoding::percent_decode_str(fragment).decode_utf8().ok()?;
    Pointer::parse(&decoded)
}

/// How deeply objects nest: the root object is level 1, an object under one of its
/// properties (directly, through `items` or a combinator) level 2, and so on; the
/// deepest object node and its level. References are not followed.
pub fn nesting_depth(schema: &Value) -> (usize, Pointer) {
    let mut deepest = (0, Pointer::root());
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        if !is_object_schema(object) {
            return;
        }
        let pointer = path.pointer();
        let level = 1 + pointer
            .segments()
            .iter()
            .filter(|s| matches!(s, crate::pointer::Segment::Key(k) if &**k == "properties"))
            .count();
        if level > deepest.0 {
            deepest = (level, pointer);
        }
    });
    deepest
}

/// The number of properties declared in the whole schema (every `properties` map's
/// members, `$defs` included).
pub fn property_count(schema: &Value) -> usize {
    let mut count = 0;
    walk::visit(schema, |_, node| {
        if let Some(Value::Object(properties)) = walk::keyword(node, "properties") {
            count += properties.len();
        }
    });
    count
}

/// The members of a node's `properties` with the schemas they name, for rewriting.
pub fn property_names(node: &Map<String, Value>) -> Vec<String> {
    match node.get("properties") {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// The JSON types a schema node can accept, from its `type` (all seven when absent),
/// with `integer` counted inside `number`; `None` when the node is not an object.
pub fn accepted_types(node: &Value) -> Option<BTreeSet<&'static str>> {
    const ALL: [&str; 6] = ["array", "boolean", "null", "number", "object", "string"];
    let object = node.as_object()?;
    let named = |t: &str| match t {
        "integer" | "number" => Some("number"),
        other => ALL.iter().copied().find(|a| *a == other),
    };
    let mut types: BTreeSet<&'static str> = match object.get("type") {
        None => ALL.into_iter().collect(),
        Some(Value::String(t)) => named(t).into_iter().collect(),
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).filter_map(named).collect(),
        Some(_) => return None,
    };
    if let Some(Value::Array(values)) = object.get("enum") {
        types.retain(|t| values.iter().any(|v| json_type(v) == *t));
    }
    if let Some(value) = object.get("const") {
        types.retain(|t| json_type(value) == *t);
    }
    Some(types)
}

/// The JSON type of an instance (`number` for every number).
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Whether the branches of a `oneOf` can never both accept one instance, which makes
/// it equivalent to an `anyOf`: their accepted types are pairwise disjoint, or each
/// requires a property one of whose constant values no other branch shares (a
/// discriminator).
pub fn provably_disjoint(branches: &[Value]) -> bool {
    let types: Option<Vec<BTreeSet<&str>>> = branches.iter().map(accepted_types).collect();
    if let Some(types) = types {
        let disjoint = types.iter().enumerate().all(|(i, a)| types[i + 1..].iter().all(|b| a.is_disjoint(b)));
        if disjoint {
            return true;
        }
    }
    // A discriminator: one property every branch requires, with a `const` (or
    // one-value `enum`) that differs between branches, and each branch an object only.
    let tags: Option<Vec<BTreeMap<&str, &Value>>> = branches.iter().map(discriminators).collect();
    let Some(tags) = tags else { return false };
    let Some(first) = tags.first() else { return false };
    first.keys().any(|name| {
        let values: Option<Vec<&Value>> = tags.iter().map(|t| t.get(name).copied()).collect();
        values.is_some_and(|values| values.iter().enumerate().all(|(i, a)| values[i + 1..].iter().all(|b| a != b)))
    })
}

/// The required properties of an object-only branch that have one constant value.
fn discriminators(branch: &Value) -> Option<BTreeMap<&str, &Value>> {
    let object = branch.as_object()?;
    if object.get("type").and_then(Value::as_str) != Some("object") {
        return None;
    }
    let required = walk::names(object.get("required"));
    let Some(Value::Object(properties)) = object.get("properties") else { return None };
    let mut tags = BTreeMap::new();
    for name in required {
        let Some(property) = properties.get(name) else { continue };
        let value = match (property.get("const"), property.get("enum")) {
            (Some(value), _) => value,
            (None, Some(Value::Array(values))) if values.len() == 1 => &values[0],
            _ => continue,
        };
        tags.insert(name, value);
    }
    Some(tags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn regex_features_skip_escapes_and_classes() {
        let all = [
            RegexFeature::Lookaround,
            RegexFeature::Backreference,
            RegexFeature::UnicodeProperty,
            RegexFeature::WordBoundary,
        ];
        assert_eq!(regex_features("^(?=a)b$", &all), [RegexFeature::Lookaround]);
        assert_eq!(regex_features("(?<!x)y", &all), [RegexFeature::Lookaround]);
        assert!(regex_features(r"\(?=a", &all).is_empty());
        assert!(regex_features("[(?=]", &all).is_empty());
        assert!(regex_features("(?:ab)+", &all).is_empty());
        assert!(regex_features("(?<name>ab)", &all).is_empty());
        assert_eq!(regex_features(r"\p{L}+", &all), [RegexFeature::UnicodeProperty]);
        assert_eq!(regex_features(r"(a)\1", &all), [RegexFeature::Backreference]);
        assert_eq!(regex_features(r"\bword", &all), [RegexFeature::WordBoundary]);
        assert!(regex_features(r"[\b]", &[RegexFeature::WordBoundary]).is_empty());
    }

    #[test]
    fn recursion_is_a_cycle_of_references() {
        let direct = json!({"type": "object", "properties": {"child": {"$ref": "#"}}});
        assert_eq!(recursion(&direct).len(), 1);
        let through_defs = json!({
            "properties": {"n": {"$ref": "#/$defs/Node"}},
            "$defs": {"Node": {"properties": {"next": {"$ref": "#/$defs/Node"}}}}
        });
        assert_eq!(recursion(&through_defs)[0].at.to_string(), "/$defs/Node/properties/next/$ref");
        let shared = json!({
            "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/$defs/A"}},
            "$defs": {"A": {"properties": {"c": {"$ref": "#/$defs/C"}}}, "C": {"type": "string"}}
        });
        assert!(recursion(&shared).is_empty());
    }

    #[test]
    fn disjoint_branches() {
        assert!(provably_disjoint(&[json!({"type": "string"}), json!({"type": "integer"})]));
        assert!(!provably_disjoint(&[json!({"type": "number"}), json!({"type": "integer"})]));
        assert!(!provably_disjoint(&[json!({"type": "string"}), json!({"minLength": 1})]));
        let tagged =
            |tag: &str| json!({"type": "object", "required": ["kind"], "properties": {"kind": {"const": tag}}});
        assert!(provably_disjoint(&[tagged("a"), tagged("b")]));
        assert!(!provably_disjoint(&[tagged("a"), tagged("a")]));
        assert!(provably_disjoint(&[json!({"const": 1}), json!({"const": "1"})]));
    }

    #[test]
    fn depth_and_counts() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "object", "properties": {"b": {"type": "array", "items": {"type": "object", "properties": {"c": {}}}}}}
        }});
        let (depth, at) = nesting_depth(&schema);
        assert_eq!((depth, at.to_string().as_str()), (3, "/properties/a/properties/b/items"));
        assert_eq!(property_count(&schema), 3);
        assert_eq!(arrays_without_items(&json!({"type": "array"}), false).len(), 1);
        assert_eq!(arrays_without_items(&json!({"type": "array", "items": {}}), true).len(), 1);
        assert!(arrays_without_items(&json!({"type": "array", "items": {}}), false).is_empty());
    }
}
