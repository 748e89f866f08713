//! Down-levelling (`harn-catalog mcp --profile NAME`): a tool's `tools/list` entry
//! rewritten into what one client takes, every change reported.
//!
//! The transformations, in order, each applied only when the profile refuses what
//! it rewrites:
//!
//! | transformation | kind |
//! |---|---|
//! | inline `$ref`s to `$defs`/`definitions` (siblings merged when no keyword is on both sides), drop the `$defs` no longer used | exact (a recursive `$ref` cannot be inlined: reported, left) |
//! | `$ref` with siblings → `{"anyOf": [{"$ref": …}], …siblings}` | exact |
//! | `const` → one-value `enum` (an `enum` beside it is filtered) | exact |
//! | `type: [T, "null"]` → `type: T, nullable: true` (OpenAPI 3.0, Gemini's `parameters`); other lists → `anyOf` of single types | exact (in the client's OpenAPI reading of `nullable`) |
//! | `oneOf` → `anyOf` when the branches are provably disjoint | exact |
//! | add `"properties": {}` to a root object without it | exact |
//! | close objects with `"additionalProperties": false` (strict modes) | changes meaning: other properties are then refused |
//! | make optional properties required and nullable (OpenAI strict) | changes meaning: the client sends `null` where it left the property out |
//!
//! With `--allow-lossy`, then: a constraint the client refuses (a `format`, a
//! `pattern`, a bound, a `default`, a non-string `enum`, `additionalProperties` on
//! Gemini's `parameters`) is moved into the node's `description` as text, a
//! non-disjoint `oneOf` becomes `anyOf`, and an open map (`additionalProperties`
//! other than `false`) is closed in strict modes. Each is reported with what was
//! lost. What is still refused afterwards is the profile's error.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::{Construct, Nullable, Profile, rules, tool_findings};
use crate::diagnostics::Rule;
use crate::pointer::{Pointer, Segment};
use crate::prepare::mcp::McpTool;
use crate::schema::constructs::{self, local_target};
use crate::schema::walk::{self, Holds};

/// How a change relates to what the schema accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Accepts exactly the same instances.
    Exact,
    /// A strict-mode rewrite that changes what is accepted (closing an object, making
    /// an optional property required-and-nullable).
    Meaning,
    /// A constraint dropped from the schema (and said in the description).
    Lossy,
    /// Something the profile refuses that cannot be rewritten.
    Impossible,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Exact => "exact",
            Kind::Meaning => "changes-meaning",
            Kind::Lossy => "lossy",
            Kind::Impossible => "impossible",
        }
    }

    /// The rule a change of this kind is reported by (`downlevel-<kind>`).
    pub fn rule(self) -> &'static Rule {
        match self {
            Kind::Exact => rules::DOWNLEVEL_EXACT,
            Kind::Meaning => rules::DOWNLEVEL_CHANGES_MEANING,
            Kind::Lossy => rules::DOWNLEVEL_LOSSY,
            Kind::Impossible => rules::DOWNLEVEL_IMPOSSIBLE,
        }
    }
}

/// One change made (or not makeable) to one tool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub tool: String,
    /// A JSON Pointer into the tool's `tools/list` entry.
    pub pointer: String,
    pub kind: Kind,
    pub text: String,
}

/// `tool` rewritten for `profile`, with every change.
pub fn downlevel(tool: &McpTool, profile: &Profile, allow_lossy: bool) -> (McpTool, Vec<Change>) {
    let mut out = tool.clone();
    let mut changes = Vec::new();
    let mut note = |at: &Pointer, kind: Kind, text: String| {
        changes.push(Change {
            tool: tool.name.clone(),
            pointer: Pointer::root().key("inputSchema").join(at).to_string(),
            kind,
            text,
        });
    };
    let has = |f: fn(&Construct) -> bool| profile.checks.iter().any(|c| f(&c.construct));
    let schema = &mut out.input_schema;
    if has(|c| matches!(c, Construct::Refs)) {
        inline_refs(schema, &mut note);
    }
    for check in &profile.checks {
        if let Construct::RefSiblings(allowed) = check.construct {
            wrap_ref_siblings(schema, allowed, &mut note);
        }
    }
    if has(|c| matches!(c, Construct::Const)) {
        const_to_enum(schema, &mut note);
    }
    if has(|c| matches!(c, Construct::TypeArray)) {
        type_lists(schema, profile.nullable, &mut note);
    }
    if has(|c| matches!(c, Construct::OneOf)) {
        one_of_to_any_of(schema, allow_lossy, &mut note);
    }
    if has(|c| matches!(c, Construct::AnyOfTyping)) {
        type_into_branches(schema, &mut note);
    }
    if has(|c| matches!(c, Construct::RootProperties)) {
        if let Value::Object(root) = schema {
            if !root.contains_key("properties") {
                root.insert("properties".into(), json!({}));
                note(&Pointer::root(), Kind::Exact, "added `\"properties\": {}` (no property is declared)".into());
            }
        }
    }
    if has(|c| matches!(c, Construct::OptionalProperty)) {
        require_all(schema, &mut note);
    }
    if profile.strict_objects && has(|c| matches!(c, Construct::OpenObject)) {
        close_objects(schema, allow_lossy, &mut note);
    }
    if allow_lossy {
        move_into_descriptions(&mut out, profile, &mut note);
    }
    (out, changes)
}

type Note<'a> = dyn FnMut(&Pointer, Kind, String) + 'a;

/// Every schema node's pointer, in reverse document order (children before their
/// parents, later siblings first), so that rewriting one never moves another yet to
/// be rewritten.
fn nodes(schema: &Value) -> Vec<Pointer> {
    let mut all = Vec::new();
    walk::visit(schema, |path, _| all.push(path.pointer()));
    all.reverse();
    all
}

fn resolve_mut<'v>(root: &'v mut Value, at: &Pointer) -> Option<&'v mut Value> {
    let mut current = root;
    for segment in at.segments() {
        current = match (segment, current) {
            (Segment::Key(key), Value::Object(map)) => map.get_mut(&**key)?,
            (Segment::Index(i), Value::Array(items)) => items.get_mut(*i)?,
            (Segment::Index(i), Value::Object(map)) => map.get_mut(&i.to_string())?,
            _ => return None,
        };
    }
    Some(current)
}

/// Annotations: a sibling's wins over the definition's without changing what is
/// accepted.
const ANNOTATIONS: &[&str] =
    &["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"];

/// Keywords whose meaning depends on others in the same object: merging a sibling
/// into a definition is exact only when each group stays on one side.
const GROUPS: &[&[&str]] = &[
    &["properties", "patternProperties", "additionalProperties", "unevaluatedProperties"],
    &["prefixItems", "items", "unevaluatedItems", "contains", "minContains", "maxContains"],
    &["if", "then", "else"],
    &["allOf", "anyOf", "oneOf", "not", "$ref", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems"],
];

/// `target` with `siblings` merged in, when that is exact.
fn merge(mut target: Map<String, Value>, siblings: &Map<String, Value>) -> Option<Map<String, Value>> {
    for (key, value) in siblings {
        if target.contains_key(key) && !ANNOTATIONS.contains(&key.as_str()) {
            return None;
        }
        let split = GROUPS.iter().any(|group| {
            group.contains(&key.as_str())
                && group.iter().any(|k| *k != key && target.contains_key(*k) && !siblings.contains_key(*k))
        });
        if split {
            return None;
        }
        target.insert(key.clone(), value.clone());
    }
    Some(target)
}

/// Inlines every local `$ref` into a copy of what it names, then drops the root's
/// `$defs`/`definitions` when nothing refers into them any more.
fn inline_refs(schema: &mut Value, note: &mut Note<'_>) {
    // A recursive reference has no finite inlining: nothing is inlined then, since the
    // client refuses the tool anyway.
    let recursive = constructs::recursion(schema);
    if !recursive.is_empty() {
        for found in recursive {
            note(&found.at, Kind::Impossible, "this `$ref` is recursive: it cannot be inlined".into());
        }
        return;
    }
    let original = schema.clone();
    let mut left = false;
    inline_at(schema, &original, &Pointer::root(), &mut Vec::new(), &mut left, note);
    if left {
        return;
    }
    if let Value::Object(root) = schema {
        for defs in ["$defs", "definitions"] {
            if root.remove(defs).is_some() {
                note(&Pointer::root().key(defs), Kind::Exact, format!("removed `{defs}` (every reference inlined)"));
            }
        }
    }
}

fn inline_at(
    node: &mut Value,
    root: &Value,
    at: &Pointer,
    stack: &mut Vec<Pointer>,
    left: &mut bool,
    note: &mut Note<'_>,
) {
    // Definitions are inlined where they are used, not rewritten in place.
    if let Some(Value::String(reference)) = walk::keyword(node, "$ref").cloned().as_ref() {
        match local_target(reference).and_then(|t| t.resolve(root).map(|v| (t, v.clone()))) {
            Some((target, _)) if stack.contains(&target) => {
                *left = true;
                note(
                    &at.key("$ref"),
                    Kind::Impossible,
                    format!("`$ref` {reference:?} is recursive: it cannot be inlined"),
                );
                return;
            }
            Some((target, Value::Object(definition))) => {
                let Value::Object(object) = node else { return };
                let mut siblings = object.clone();
                siblings.remove("$ref");
                match merge(definition, &siblings) {
                    Some(merged) => {
                        *node = Value::Object(merged);
                        stack.push(target);
                        inline_at(node, root, at, stack, left, note);
                        stack.pop();
                        note(&at.key("$ref"), Kind::Exact, format!("inlined `$ref` {reference:?}"));
                        return;
                    }
                    None => {
                        *left = true;
                        note(
                            &at.key("$ref"),
                            Kind::Impossible,
                            format!(
                                "`$ref` {reference:?} has siblings that also constrain what it names: it cannot be inlined exactly"
                            ),
                        );
                        return;
                    }
                }
            }
            Some((target, Value::Bool(b))) => {
                let Value::Object(object) = node else { return };
                if object.len() == 1 {
                    *node = Value::Bool(b);
                    note(&at.key("$ref"), Kind::Exact, format!("inlined `$ref` {reference:?} ({b})"));
                    let _ = target;
                    return;
                }
                *left = true;
                return;
            }
            _ => {
                *left = true;
                return;
            }
        }
    }
    let Value::Object(object) = node else { return };
    for (keyword, value) in object.iter_mut() {
        if at.is_root() && (keyword == "$defs" || keyword == "definitions") {
            continue;
        }
        for (step, child) in children(keyword, value) {
            inline_at(child, root, &step.prefixed(at, keyword), stack, left, note);
        }
    }
}

/// A step from a node to one of its subschemas, for the rewrites that track paths.
enum Step {
    One,
    Index(usize),
    Key(String),
}

impl Step {
    fn prefixed(&self, at: &Pointer, keyword: &str) -> Pointer {
        match self {
            Step::One => at.key(keyword),
            Step::Index(i) => at.key(keyword).index(*i),
            Step::Key(k) => at.key(keyword).key(k),
        }
    }
}

/// The subschemas a keyword's value holds (see [`walk`]).
fn children<'v>(keyword: &str, value: &'v mut Value) -> Vec<(Step, &'v mut Value)> {
    match (walk::holds(keyword), value) {
        (Holds::One, value) => vec![(Step::One, value)],
        (Holds::List, Value::Array(items)) => items.iter_mut().enumerate().map(|(i, v)| (Step::Index(i), v)).collect(),
        (Holds::Map, Value::Object(members)) => members.iter_mut().map(|(k, v)| (Step::Key(k.clone()), v)).collect(),
        _ => Vec::new(),
    }
}

fn wrap_ref_siblings(schema: &mut Value, allowed: &[&str], note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        if !node.contains_key("$ref") || node.contains_key("anyOf") {
            continue;
        }
        let extra = node.keys().any(|k| k != "$ref" && !allowed.contains(&k.as_str()));
        if extra {
            let reference = node.remove("$ref").expect("checked above");
            node.insert("anyOf".into(), json!([{ "$ref": reference }]));
            note(&at, Kind::Exact, "moved `$ref` into a one-branch `anyOf`, away from its sibling keywords".into());
        }
    }
}

fn const_to_enum(schema: &mut Value, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        let Some(value) = node.remove("const") else { continue };
        let values = match node.get("enum") {
            Some(Value::Array(existing)) => existing.iter().filter(|v| **v == value).cloned().collect(),
            _ => vec![value],
        };
        node.insert("enum".into(), Value::Array(values));
        note(&at.key("const"), Kind::Exact, "wrote `const` as a one-value `enum`".into());
    }
}

fn type_lists(schema: &mut Value, nullable: Nullable, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        let Some(Value::Array(types)) = node.get("type").cloned() else { continue };
        let null = types.iter().any(|t| t == "null");
        let others: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
        let nullable_form = nullable == Nullable::OpenApi;
        match others.as_slice() {
            [] => {
                node.insert("type".into(), json!("null"));
                note(&at.key("type"), Kind::Exact, "wrote `[\"null\"]` as `\"null\"`".into());
            }
            [single] if !null => {
                node.insert("type".into(), single.clone());
                note(&at.key("type"), Kind::Exact, format!("wrote the one-type list as {single}"));
            }
            [single] if nullable_form => {
                node.insert("type".into(), single.clone());
                node.insert("nullable".into(), json!(true));
                note(
                    &at.key("type"),
                    Kind::Exact,
                    format!("wrote `[{single}, \"null\"]` as `\"type\": {single}, \"nullable\": true`"),
                );
            }
            _ if !node.contains_key("anyOf") => {
                node.remove("type");
                let mut branches: Vec<Value> = others.iter().map(|t| json!({ "type": t })).collect();
                if null {
                    if nullable_form {
                        branches[0]["nullable"] = json!(true);
                    } else {
                        branches.push(json!({"type": "null"}));
                    }
                }
                node.insert("anyOf".into(), Value::Array(branches));
                note(&at.key("type"), Kind::Exact, "wrote the list of types as an `anyOf` of single types".into());
            }
            _ => {}
        }
    }
}

fn one_of_to_any_of(schema: &mut Value, allow_lossy: bool, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        let Some(Value::Array(branches)) = node.get("oneOf") else { continue };
        if node.contains_key("anyOf") {
            note(&at.key("oneOf"), Kind::Impossible, "`oneOf` beside an `anyOf` cannot become one".into());
            continue;
        }
        let disjoint = constructs::provably_disjoint(branches);
        if !disjoint && !allow_lossy {
            note(
                &at.key("oneOf"),
                Kind::Impossible,
                "`oneOf` branches are not provably disjoint: turning it into `anyOf` would accept an instance matching two (needs --allow-lossy)".into(),
            );
            continue;
        }
        let branches = node.remove("oneOf").expect("checked above");
        node.insert("anyOf".into(), branches);
        if disjoint {
            note(&at.key("oneOf"), Kind::Exact, "wrote `oneOf` as `anyOf` (its branches are disjoint)".into());
        } else {
            note(
                &at.key("oneOf"),
                Kind::Lossy,
                "wrote `oneOf` as `anyOf`: an instance matching several branches is now accepted".into(),
            );
        }
    }
}

/// `{"type": T, "anyOf": [B…]}` → `{"anyOf": [{"type": T, B…}…]}`: each branch keeps
/// only values of type T either way. Done when every branch is an object with no
/// `type` or the same one, and no `nullable` is involved.
fn type_into_branches(schema: &mut Value, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        if !node.contains_key("type") {
            type_branches_from_values(node, &at, note);
            continue;
        }
        let (Some(Value::String(t)), Some(Value::Array(branches))) = (node.get("type"), node.get("anyOf")) else {
            continue;
        };
        let t = t.clone();
        let fits = !node.contains_key("nullable")
            && branches.iter().all(|b| {
                b.as_object().is_some_and(|b| {
                    !b.contains_key("nullable") && b.get("type").is_none_or(|bt| bt.as_str() == Some(t.as_str()))
                })
            });
        if !fits {
            note(
                &at.key("type"),
                Kind::Impossible,
                "`type` beside `anyOf` cannot be moved into branches that have another type".into(),
            );
            continue;
        }
        node.remove("type");
        if let Some(Value::Array(branches)) = node.get_mut("anyOf") {
            for branch in branches.iter_mut().filter_map(Value::as_object_mut) {
                branch.entry("type").or_insert_with(|| Value::String(t.clone()));
            }
        }
        note(&at.key("type"), Kind::Exact, format!("moved `\"type\": {t:?}` into each `anyOf` branch"));
    }
}

/// An untyped `anyOf` branch whose `enum` or `const` values are all of one type gets
/// that `type` (which those values have anyway); any other untyped branch is reported.
fn type_branches_from_values(node: &mut Map<String, Value>, at: &Pointer, note: &mut Note<'_>) {
    let Some(Value::Array(branches)) = node.get_mut("anyOf") else { return };
    for (i, branch) in branches.iter_mut().enumerate() {
        let Value::Object(branch) = branch else { continue };
        if branch.contains_key("type") || branch.contains_key("anyOf") {
            continue;
        }
        let values: Vec<&Value> = match (branch.get("const"), branch.get("enum")) {
            (Some(value), _) => vec![value],
            (None, Some(Value::Array(values))) => values.iter().collect(),
            _ => Vec::new(),
        };
        let types: BTreeSet<&str> = values.iter().map(|v| value_type(v)).collect();
        let at = at.key("anyOf").index(i);
        match (types.len(), types.first()) {
            (1, Some(t)) if *t != "null" => {
                let t = (*t).to_owned();
                note(
                    &at,
                    Kind::Exact,
                    format!("gave the `anyOf` branch `\"type\": {t:?}`, the type of all its values"),
                );
                branch.insert("type".into(), Value::String(t));
            }
            _ => note(
                &at,
                Kind::Impossible,
                "an `anyOf` branch without `type` whose type cannot be told from its values".into(),
            ),
        }
    }
}

/// The JSON Schema type of an instance, `integer` for whole numbers.
fn value_type(value: &Value) -> &'static str {
    match value {
        Value::Number(n) if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) => "integer",
        other => constructs::json_type(other),
    }
}

/// Required and nullable: a property the object did not require now must be sent,
/// `null` standing for "left out".
fn require_all(schema: &mut Value, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        let names = constructs::property_names(node);
        let required: Vec<String> = walk::names(node.get("required")).into_iter().map(str::to_owned).collect();
        let missing: Vec<String> = names.iter().filter(|n| !required.contains(n)).cloned().collect();
        if missing.is_empty() {
            continue;
        }
        let properties = node.get_mut("properties").and_then(Value::as_object_mut).expect("has properties");
        for name in &missing {
            let property = properties.get_mut(name).expect("a declared property");
            *property = nullable(property.take());
            note(
                &at.key("properties").key(name),
                Kind::Meaning,
                format!(
                    "made optional property {name:?} required and nullable: a client now sends null where it left it out, and the tool must read null as absent"
                ),
            );
        }
        let mut all = required;
        all.extend(missing);
        node.insert("required".into(), json!(all));
    }
}

/// `schema` or `null`.
fn nullable(schema: Value) -> Value {
    if let Value::Object(object) = &schema {
        let constrained_values = object.contains_key("enum") || object.contains_key("const");
        match object.get("type") {
            Some(Value::String(t)) if !constrained_values && t != "null" => {
                let mut object = object.clone();
                object.insert("type".into(), json!([t, "null"]));
                return Value::Object(object);
            }
            Some(Value::Array(types)) if !constrained_values => {
                let mut object = object.clone();
                let mut types = types.clone();
                if !types.iter().any(|t| t == "null") {
                    types.push(json!("null"));
                }
                object.insert("type".into(), Value::Array(types));
                return Value::Object(object);
            }
            _ => {}
        }
    }
    json!({ "anyOf": [schema, {"type": "null"}] })
}

fn close_objects(schema: &mut Value, allow_lossy: bool, note: &mut Note<'_>) {
    for at in nodes(schema) {
        let Some(Value::Object(node)) = resolve_mut(schema, &at) else { continue };
        if !constructs::is_object_schema(node) {
            continue;
        }
        match node.get("additionalProperties") {
            Some(Value::Bool(false)) => {}
            None => {
                node.insert("additionalProperties".into(), json!(false));
                note(&at, Kind::Meaning, "closed the object (`\"additionalProperties\": false`): properties it does not declare are now refused".into());
            }
            Some(other) if allow_lossy => {
                let was = other.to_string();
                node.insert("additionalProperties".into(), json!(false));
                note(&at.key("additionalProperties"), Kind::Lossy, format!("replaced `additionalProperties` {was} by false: the open map is lost"));
            }
            Some(_) => note(
                &at.key("additionalProperties"),
                Kind::Impossible,
                "an open map (`additionalProperties` other than false) cannot be closed without losing it (needs --allow-lossy)".into(),
            ),
        }
    }
}

/// With `--allow-lossy`: every keyword a profile rule still reports that can be said
/// in words is moved into its node's `description`.
fn move_into_descriptions(tool: &mut McpTool, profile: &Profile, note: &mut Note<'_>) {
    let movable = |c: &Construct| {
        matches!(
            c,
            Construct::Format(_)
                | Construct::Pattern(_)
                | Construct::Keywords(_)
                | Construct::KeywordsOutside(_)
                | Construct::Default
                | Construct::NonStringEnum
                | Construct::ArrayBounds
                | Construct::AdditionalProperties
        )
    };
    let mut found: Vec<Pointer> = Vec::new();
    let input = Pointer::root().key("inputSchema");
    for (at, _, rule) in tool_findings(tool, profile, "") {
        let construct = profile.checks.iter().find(|c| std::ptr::eq(c.rule, rule)).map(|c| &c.construct);
        if construct.is_some_and(movable) {
            if let Some(rest) = at.segments().strip_prefix(input.segments()) {
                found.push(Pointer::from_segments(rest));
            }
        }
    }
    // Deepest first, so that removing one keyword moves no other.
    found.sort();
    found.dedup();
    found.reverse();
    for at in found {
        let Some(Segment::Key(keyword)) = at.segments().last() else { continue };
        let parent = at.parent();
        // A keyword of a schema node, not a member of a map such as `properties`.
        let in_map = matches!(
            parent.segments().last(),
            Some(Segment::Key(k)) if matches!(&**k, "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas")
        );
        if in_map {
            continue;
        }
        let Some(Value::Object(node)) = resolve_mut(&mut tool.input_schema, &parent) else { continue };
        let Some(value) = node.remove(&**keyword) else { continue };
        let said = format!("{keyword}: {}", compact(&value));
        let description = match node.get("description").and_then(Value::as_str) {
            Some(text) if !text.is_empty() => format!("{text} ({said})"),
            _ => format!("({said})"),
        };
        node.insert("description".into(), Value::String(description));
        note(&at, Kind::Lossy, format!("moved `{keyword}` into the description: the client no longer enforces it"));
    }
}

fn compact(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::find_profile;

    fn tool(schema: Value) -> McpTool {
        McpTool {
            name: "t".into(),
            title: "t".into(),
            description: "d".into(),
            input_schema: schema,
            output_schema: None,
            annotations: Default::default(),
            icons: None,
            meta: Default::default(),
            output_wrapped: false,
        }
    }

    #[test]
    fn gemini_inlines_and_rewrites_exactly() {
        let profile = find_profile("gemini").unwrap();
        let schema = json!({
            "type": "object",
            "properties": {"id": {"$ref": "#/$defs/Id", "description": "which"}, "n": {"type": ["integer", "null"]}, "k": {"const": "a"}},
            "$defs": {"Id": {"type": "string"}}
        });
        let (out, changes) = downlevel(&tool(schema), &profile, false);
        assert_eq!(
            out.input_schema,
            json!({
                "type": "object",
                "properties": {"id": {"type": "string", "description": "which"}, "n": {"type": "integer", "nullable": true}, "k": {"enum": ["a"]}}
            })
        );
        assert!(changes.iter().all(|c| c.kind == Kind::Exact), "{changes:?}");
    }

    #[test]
    fn recursion_is_left_and_reported() {
        let profile = find_profile("gemini").unwrap();
        let schema = json!({"type": "object", "properties": {"child": {"$ref": "#"}}});
        let (out, changes) = downlevel(&tool(schema.clone()), &profile, false);
        assert_eq!(out.input_schema, schema);
        assert_eq!(changes[0].kind, Kind::Impossible);
    }

    #[test]
    fn strict_closes_and_requires_with_notes() {
        let profile = find_profile("openai-strict").unwrap();
        let schema = json!({"type": "object", "properties": {"q": {"type": "string"}, "e": {"enum": ["a", "b"]}}});
        let (out, changes) = downlevel(&tool(schema), &profile, false);
        assert_eq!(
            out.input_schema,
            json!({
                "type": "object",
                "properties": {"q": {"type": ["string", "null"]}, "e": {"anyOf": [{"enum": ["a", "b"]}, {"type": "null"}]}},
                "required": ["q", "e"],
                "additionalProperties": false
            })
        );
        assert_eq!(changes.iter().filter(|c| c.kind == Kind::Meaning).count(), 3);
    }

    #[test]
    fn lossy_moves_into_description_only_when_allowed() {
        let profile = find_profile("openai-strict").unwrap();
        let schema = json!({"type": "object", "properties": {"u": {"type": "string", "format": "uri"}}, "required": ["u"], "additionalProperties": false});
        let (kept, _) = downlevel(&tool(schema.clone()), &profile, false);
        assert_eq!(kept.input_schema, schema);
        let (out, changes) = downlevel(&tool(schema), &profile, true);
        assert_eq!(out.input_schema["properties"]["u"], json!({"type": "string", "description": "(format: uri)"}));
        assert_eq!(changes.last().unwrap().kind, Kind::Lossy);
    }
}
