//! Upgrading a draft-04, draft-06 or draft-07 JSON Schema to Draft 2020-12 with the
//! same meaning: the same instances valid, the same invalid.
//!
//! - `definitions` becomes `$defs`, and every local `$ref` into a moved place is
//!   rewritten to where it now is;
//! - tuple `items` (an array) becomes `prefixItems`, and `additionalItems` becomes
//!   `items`; an `additionalItems` beside a single `items` schema was ignored, and is
//!   dropped;
//! - `dependencies` splits into `dependentRequired` (the lists of names) and
//!   `dependentSchemas` (the schemas);
//! - draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` take the bound's number
//!   in place of `minimum`/`maximum`, and its `id` becomes `$id`;
//! - a plain-name `$id` (`#foo`) becomes `$anchor`; references are rewritten within
//!   the resource (the root, or a subschema with an `$id`) that holds them;
//! - `$schema` names Draft 2020-12.
//!
//! What the old draft ignored must stay without effect, so it is dropped and reported
//! ([`Change::Dropped`]): the siblings of a `$ref` (before 2019-09 a `$ref` replaced
//! its whole schema object), and keywords the old draft did not know that would
//! start to apply (`prefixItems`, `dependentSchemas`, `unevaluatedProperties`, ...; for
//! draft-04 also `const`, `contains`, `propertyNames` and `if`/`then`/`else`). What
//! cannot be upgraded exactly is reported with its pointer ([`Change::Inexact`]) and
//! left as it was: draft-04's `integer`, which refused `1.0`, is the one known.
//!
//! Only the schema keywords of the old draft are walked: values under `enum`,
//! `const`, `default` and `examples` are instance data and never touched.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::pointer::{Pointer, Segment, decode_token};
use crate::schema::fragment;

/// The meta-schema URI of the dialect every upgraded schema declares.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// A JSON Schema dialect older than Draft 2020-12 that can be upgraded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Draft {
    Draft4,
    Draft6,
    Draft7,
}

impl Draft {
    /// The draft a `$schema` value names (with or without the trailing `#`, over
    /// `http` or `https`), if it is one of the three.
    pub fn from_uri(uri: &str) -> Option<Draft> {
        let uri = uri.trim_end_matches('#');
        let uri = uri.strip_prefix("http://").or_else(|| uri.strip_prefix("https://"))?;
        match uri {
            "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
            "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            _ => None,
        }
    }

    /// The draft a schema's root `$schema` names, if it is one of the three.
    pub fn of(schema: &Value) -> Option<Draft> {
        schema.get("$schema").and_then(Value::as_str).and_then(Draft::from_uri)
    }

    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "draft-04",
            Draft::Draft6 => "draft-06",
            Draft::Draft7 => "draft-07",
        }
    }

    /// Keywords this draft does not know that Draft 2020-12 applies (assertions or
    /// applicators): present in an old schema they were ignored, so they are dropped.
    fn unknown_applicators(self) -> &'static [&'static str] {
        // One list, newest keywords last: a draft knows a tail of it.
        const LATER_THAN_4: &[&str] = &[
            "prefixItems",
            "dependentRequired",
            "dependentSchemas",
            "unevaluatedProperties",
            "unevaluatedItems",
            "minContains",
            "maxContains",
            "$dynamicRef",
            "$dynamicAnchor",
            "$recursiveRef",
            "$recursiveAnchor",
            "$anchor",
            // Known from draft-07 on.
            "if",
            "then",
            "else",
            // Known from draft-06 on.
            "const",
            "contains",
            "propertyNames",
        ];
        match self {
            Draft::Draft4 => LATER_THAN_4,
            Draft::Draft6 => &LATER_THAN_4[..LATER_THAN_4.len() - 3],
            Draft::Draft7 => &LATER_THAN_4[..LATER_THAN_4.len() - 6],
        }
    }
}

/// One change the upgrade reports, at a pointer into the original schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A keyword the old draft ignored, dropped so that it keeps having no effect.
    Dropped { pointer: Pointer, keyword: String, reason: &'static str },
    /// A construct that could not be upgraded exactly; left as it was.
    Inexact { pointer: Pointer, reason: String },
}

impl Change {
    pub fn pointer(&self) -> &Pointer {
        match self {
            Change::Dropped { pointer, .. } | Change::Inexact { pointer, .. } => pointer,
        }
    }
}

/// A schema upgraded to Draft 2020-12 and what the upgrade reports.
#[derive(Debug)]
pub struct Upgraded {
    pub schema: Value,
    pub changes: Vec<Change>,
}

/// Upgrades `schema`, written in `draft`, to Draft 2020-12.
pub fn upgrade(schema: &Value, draft: Draft) -> Upgraded {
    let mut upgrade = Upgrade { draft, moved: BTreeMap::new(), changes: Vec::new() };
    let mut schema = upgrade.node(schema, &Pointer::root(), &Pointer::root());
    let moved = std::mem::take(&mut upgrade.moved);
    let back = moved.iter().map(|(old, new)| (new.clone(), old.clone())).collect();
    let maps = Maps { moved, back };
    let original = schema.clone();
    let root = Scope { old: Pointer::root(), new: Pointer::root() };
    upgrade.rewrite_refs(&mut schema, &original, &maps, &Pointer::root(), &root);
    Upgraded { schema, changes: upgrade.changes }
}

struct Upgrade {
    draft: Draft,
    /// Where each schema node of the original sits in the upgraded schema.
    moved: BTreeMap<Pointer, Pointer>,
    changes: Vec<Change>,
}

/// Subschema keywords shared by every draft handled here, by shape.
const SINGLE: &[&str] = &["additionalProperties", "contains", "propertyNames", "not", "if", "then", "else"];
const LIST: &[&str] = &["allOf", "anyOf", "oneOf"];
const MAP: &[&str] = &["properties", "patternProperties"];

impl Upgrade {
    /// The upgraded form of the schema at `old` in the original, to sit at `new`.
    fn node(&mut self, schema: &Value, old: &Pointer, new: &Pointer) -> Value {
        self.moved.insert(old.clone(), new.clone());
        let Value::Object(object) = schema else {
            return schema.clone();
        };
        let has_ref = object.contains_key("$ref");
        let mut out = Map::new();
        for (key, value) in object {
            let at = old.key(key);
            // Before 2019-09 `$ref` replaced its schema object; only what a reference
            // may still point into (the definitions) keeps a place.
            if has_ref && key != "$ref" && key != "definitions" && key != "$defs" {
                self.changes.push(Change::Dropped {
                    pointer: at,
                    keyword: key.clone(),
                    reason: "a sibling of `$ref`, which the old draft ignored",
                });
                continue;
            }
            if self.draft.unknown_applicators().contains(&key.as_str()) {
                self.changes.push(Change::Dropped {
                    pointer: at,
                    keyword: key.clone(),
                    reason: "a keyword the old draft did not know and ignored",
                });
                continue;
            }
            match key.as_str() {
                "$schema" => {
                    let upgraded = value.as_str().and_then(Draft::from_uri).is_some();
                    out.insert(key.clone(), if upgraded { Value::from(DRAFT_2020_12) } else { value.clone() });
                }
                "type" if self.draft == Draft::Draft4 && names_integer(value) => {
                    self.changes.push(Change::Inexact {
                        pointer: at,
                        reason: "draft-04's `integer` refuses integral numbers written with a fraction or an \
                                 exponent (`1.0`, `1e3`), which Draft 2020-12 accepts; no keyword tells them apart"
                            .into(),
                    });
                    out.insert(key.clone(), value.clone());
                }
                "id" if self.draft == Draft::Draft4 && value.is_string() => {
                    self.identifier(key, value.as_str().unwrap_or_default(), old, &mut out);
                }
                "$id" if self.draft != Draft::Draft4 && value.is_string() => {
                    self.identifier(key, value.as_str().unwrap_or_default(), old, &mut out);
                }
                "definitions" | "$defs" => self.definitions(key, value, old, new, &mut out),
                "items" => self.items(object, value, old, new, &mut out),
                "additionalItems" => {
                    if !matches!(object.get("items"), Some(Value::Array(_))) {
                        self.changes.push(Change::Dropped {
                            pointer: at,
                            keyword: key.clone(),
                            reason: "`additionalItems` without a tuple `items`, which the old draft ignored",
                        });
                    }
                    // Otherwise written as `items` with the tuple.
                }
                "dependencies" => self.dependencies(value, old, new, &mut out),
                "exclusiveMinimum" | "exclusiveMaximum" if value.is_boolean() => {
                    self.exclusive_bound(object, key, value, old, &mut out);
                }
                "minimum" | "maximum" if self.bound_made_exclusive(object, key) => {}
                _ if SINGLE.contains(&key.as_str()) => {
                    out.insert(key.clone(), self.node(value, &at, &new.key(key)));
                }
                _ if LIST.contains(&key.as_str()) => match value {
                    Value::Array(items) => {
                        let list = items
                            .iter()
                            .enumerate()
                            .map(|(i, item)| self.node(item, &at.index(i), &new.key(key).index(i)))
                            .collect();
                        out.insert(key.clone(), Value::Array(list));
                    }
                    _ => {
                        out.insert(key.clone(), value.clone());
                    }
                },
                _ if MAP.contains(&key.as_str()) => {
                    out.insert(key.clone(), self.map(value, &at, &new.key(key)));
                }
                _ => {
                    out.insert(key.clone(), value.clone());
                }
            }
        }
        Value::Object(out)
    }

    /// A map of named subschemas, each upgraded in place.
    fn map(&mut self, value: &Value, old: &Pointer, new: &Pointer) -> Value {
        match value {
            Value::Object(members) => Value::Object(
                members.iter().map(|(name, s)| (name.clone(), self.node(s, &old.key(name), &new.key(name)))).collect(),
            ),
            _ => value.clone(),
        }
    }

    /// `definitions` (and a `$defs` an old schema used as a place to point into) as
    /// `$defs`; both at once are merged when their names do not clash.
    fn definitions(&mut self, key: &str, value: &Value, old: &Pointer, new: &Pointer, out: &mut Map<String, Value>) {
        let at = old.key(key);
        let upgraded = self.map(value, &at, &new.key("$defs"));
        match (out.get_mut("$defs"), upgraded) {
            (None, upgraded) => {
                out.insert("$defs".into(), upgraded);
            }
            (Some(Value::Object(existing)), Value::Object(more)) => {
                for (name, schema) in more {
                    if existing.contains_key(&name) {
                        self.changes.push(Change::Inexact {
                            pointer: at.key(&name),
                            reason: format!(
                                "`definitions` and `$defs` both define {name:?}; the first is kept under `$defs`"
                            ),
                        });
                    } else {
                        existing.insert(name, schema);
                    }
                }
            }
            _ => self.changes.push(Change::Inexact {
                pointer: at,
                reason: "`definitions` and `$defs` are not both objects; the first is kept".into(),
            }),
        }
    }

    /// `items`: a tuple becomes `prefixItems` followed by `additionalItems` as `items`;
    /// a single schema stays.
    fn items(
        &mut self,
        object: &Map<String, Value>,
        value: &Value,
        old: &Pointer,
        new: &Pointer,
        out: &mut Map<String, Value>,
    ) {
        let at = old.key("items");
        let Value::Array(tuple) = value else {
            out.insert("items".into(), self.node(value, &at, &new.key("items")));
            return;
        };
        if !tuple.is_empty() {
            let prefix = tuple
                .iter()
                .enumerate()
                .map(|(i, item)| self.node(item, &at.index(i), &new.key("prefixItems").index(i)))
                .collect();
            out.insert("prefixItems".into(), Value::Array(prefix));
        }
        // An empty tuple constrains nothing (2020-12 has no empty `prefixItems`).
        if let Some(rest) = object.get("additionalItems") {
            let rest = self.node(rest, &old.key("additionalItems"), &new.key("items"));
            out.insert("items".into(), rest);
        }
    }

    /// `dependencies`: lists of names to `dependentRequired`, schemas to
    /// `dependentSchemas`, each keeping the order of the original.
    fn dependencies(&mut self, value: &Value, old: &Pointer, new: &Pointer, out: &mut Map<String, Value>) {
        let at = old.key("dependencies");
        let Value::Object(members) = value else {
            self.changes.push(Change::Inexact {
                pointer: at,
                reason: "`dependencies` is not an object; left as it was".into(),
            });
            out.insert("dependencies".into(), value.clone());
            return;
        };
        let mut required = Map::new();
        let mut schemas = Map::new();
        for (name, dependency) in members {
            match dependency {
                Value::Array(_) => {
                    required.insert(name.clone(), dependency.clone());
                }
                _ => {
                    let upgraded = self.node(dependency, &at.key(name), &new.key("dependentSchemas").key(name));
                    schemas.insert(name.clone(), upgraded);
                }
            }
        }
        if !required.is_empty() {
            out.insert("dependentRequired".into(), Value::Object(required));
        }
        if !schemas.is_empty() {
            out.insert("dependentSchemas".into(), Value::Object(schemas));
        }
    }

    /// Draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`: `true` with a bound
    /// becomes the numeric keyword with the bound's value; `false`, or `true` without a
    /// bound, had no effect and is left out.
    fn exclusive_bound(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        value: &Value,
        old: &Pointer,
        out: &mut Map<String, Value>,
    ) {
        let bound = if key == "exclusiveMinimum" { "minimum" } else { "maximum" };
        match (value, object.get(bound)) {
            (Value::Bool(true), Some(limit)) if limit.is_number() => {
                out.insert(key.into(), limit.clone());
            }
            (Value::Bool(true), Some(_)) => self.changes.push(Change::Inexact {
                pointer: old.key(key),
                reason: format!("`{key}: true` with a `{bound}` that is not a number"),
            }),
            _ => {}
        }
    }

    /// Whether `minimum`/`maximum` (`key`) is carried by a draft-04 `exclusive…: true`.
    fn bound_made_exclusive(&self, object: &Map<String, Value>, key: &str) -> bool {
        let exclusive = if key == "minimum" { "exclusiveMinimum" } else { "exclusiveMaximum" };
        self.draft == Draft::Draft4
            && object.get(exclusive) == Some(&Value::Bool(true))
            && object.get(key).is_some_and(Value::is_number)
    }

    /// Rewrites every local `$ref` (`#/…`) of the upgraded schema to the place its
    /// target moved to, within the resource (the root, or a subschema with an `$id`)
    /// that holds it.
    fn rewrite_refs(&mut self, schema: &mut Value, upgraded: &Value, maps: &Maps, at: &Pointer, scope: &Scope) {
        let Value::Object(object) = schema else {
            return;
        };
        // Reported where it was written, in the original.
        let written = maps.back.get(at).cloned().unwrap_or_else(|| at.clone());
        let embedded =
            !at.is_root() && object.get("$id").and_then(Value::as_str).is_some_and(|id| !id.starts_with('#'));
        let inner;
        let scope = if embedded {
            inner = Scope { old: written.clone(), new: at.clone() };
            &inner
        } else {
            scope
        };
        if let Some(Value::String(reference)) = object.get_mut("$ref") {
            if let Some(rewritten) = self.rewrite(reference, upgraded, maps, scope, &written) {
                *reference = rewritten;
            }
        }
        for (key, value) in object.iter_mut() {
            // Instance data is never a schema.
            if matches!(key.as_str(), "enum" | "const" | "default" | "examples" | "$ref") {
                continue;
            }
            match value {
                Value::Object(_) => self.rewrite_refs(value, upgraded, maps, &at.key(key), scope),
                Value::Array(items) => {
                    for (i, item) in items.iter_mut().enumerate() {
                        self.rewrite_refs(item, upgraded, maps, &at.key(key).index(i), scope);
                    }
                }
                _ => {}
            }
        }
    }

    /// The upgraded form of one reference, when it moved.
    fn rewrite(
        &mut self,
        reference: &str,
        upgraded: &Value,
        maps: &Maps,
        scope: &Scope,
        written: &Pointer,
    ) -> Option<String> {
        let fragment = reference.strip_prefix('#')?;
        if !fragment.starts_with('/') {
            return None;
        }
        let raw: Vec<&str> = fragment[1..].split('/').collect();
        let decoded: Option<Vec<String>> = raw.iter().map(|t| decode_token(&fragment::decode(t))).collect();
        let decoded = decoded?;
        let mut inexact = |reason: String| {
            self.changes.push(Change::Inexact { pointer: written.key("$ref"), reason });
            None
        };
        // The deepest schema node of the original on the reference's path, inside its
        // resource.
        let mut old = scope.old.clone();
        let mut deepest = (0, maps.moved.get(&old)?.clone());
        for (i, token) in decoded.iter().enumerate() {
            old.push(segment_of(token));
            if let Some(new) = maps.moved.get(&old) {
                deepest = (i + 1, new.clone());
            }
        }
        let (consumed, new) = deepest;
        let Some(relative) = new.segments().strip_prefix(scope.new.segments()) else {
            return inexact(format!("`$ref` {reference:?} points out of the resource that holds it"));
        };
        let mut rewritten = String::from("#");
        for segment in relative {
            rewritten.push('/');
            match segment {
                Segment::Key(key) => rewritten.push_str(&fragment::token(key)),
                Segment::Index(i) => rewritten.push_str(&i.to_string()),
            }
        }
        for token in &raw[consumed..] {
            rewritten.push('/');
            rewritten.push_str(token);
        }
        let target = Pointer::parse(&fragment_pointer(&rewritten)).map(|p| scope.new.join(&p));
        if target.and_then(|p| p.resolve(upgraded).cloned()).is_none() {
            return inexact(format!("`$ref` {reference:?} points at nothing the upgraded schema still has"));
        }
        (rewritten != reference).then_some(rewritten)
    }

    /// An old `$id` (draft-04's `id`): a plain-name fragment (`#foo`) becomes
    /// `$anchor`, as 2020-12 has `$id` name resources only.
    fn identifier(&mut self, key: &str, id: &str, old: &Pointer, out: &mut Map<String, Value>) {
        let (base, anchor) = match id.split_once('#') {
            Some((base, anchor)) => (base, anchor),
            None => (id, ""),
        };
        // `#` alone names nothing.
        if !base.is_empty() {
            out.insert("$id".into(), Value::from(if anchor.is_empty() { id } else { base }));
        }
        if anchor.is_empty() {
            return;
        }
        let mut chars = anchor.chars();
        let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'));
        if valid {
            out.insert("$anchor".into(), Value::from(anchor));
        } else {
            self.changes.push(Change::Inexact {
                pointer: old.key(key),
                reason: format!("the fragment {anchor:?} of {id:?} is no Draft 2020-12 `$anchor` name; left out"),
            });
        }
    }
}

/// Where each schema node of the original went, and back.
struct Maps {
    moved: BTreeMap<Pointer, Pointer>,
    back: BTreeMap<Pointer, Pointer>,
}

/// The resource a reference is resolved in: its root in the original and upgraded.
struct Scope {
    old: Pointer,
    new: Pointer,
}

/// Whether a `type` value names `integer`.
fn names_integer(value: &Value) -> bool {
    match value {
        Value::String(name) => name == "integer",
        Value::Array(names) => names.iter().any(|n| n == "integer"),
        _ => false,
    }
}

/// A pointer segment for one decoded token: an index when it is a canonical number.
fn segment_of(token: &str) -> Segment {
    let is_index =
        !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'));
    match token.parse::<usize>() {
        Ok(i) if is_index => Segment::Index(i),
        _ => Segment::Key(token.into()),
    }
}

/// The JSON Pointer text of a `#/…` reference, percent-decoded.
fn fragment_pointer(reference: &str) -> String {
    fragment::decode(reference.strip_prefix('#').unwrap_or(reference)).into_owned()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn up(schema: Value) -> Upgraded {
        let draft = Draft::of(&schema).expect("a draft the upgrade knows");
        upgrade(&schema, draft)
    }

    #[test]
    fn recognises_the_three_drafts_by_their_uris() {
        assert_eq!(Draft::from_uri("http://json-schema.org/draft-07/schema#"), Some(Draft::Draft7));
        assert_eq!(Draft::from_uri("https://json-schema.org/draft-07/schema"), Some(Draft::Draft7));
        assert_eq!(Draft::from_uri("http://json-schema.org/draft-06/schema#"), Some(Draft::Draft6));
        assert_eq!(Draft::from_uri("http://json-schema.org/draft-04/schema#"), Some(Draft::Draft4));
        assert_eq!(Draft::from_uri("https://json-schema.org/draft/2019-09/schema"), None);
        assert_eq!(Draft::from_uri(DRAFT_2020_12), None);
    }

    #[test]
    fn definitions_become_defs_and_refs_follow() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"a": {"$ref": "#/definitions/A"}, "b": {"$ref": "#/definitions/A/properties/x"}},
            "definitions": {"A": {"type": "object", "properties": {"x": {"$ref": "#/definitions/My%20B"}}}, "My B": {"type": "string"}}
        }));
        assert_eq!(
            upgraded.schema,
            json!({
                "$schema": DRAFT_2020_12,
                "type": "object",
                "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/$defs/A/properties/x"}},
                "$defs": {"A": {"type": "object", "properties": {"x": {"$ref": "#/$defs/My%20B"}}}, "My B": {"type": "string"}}
            })
        );
        assert!(upgraded.changes.is_empty(), "{:?}", upgraded.changes);
    }

    #[test]
    fn a_tuple_becomes_prefix_items_and_additional_items_becomes_items() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "array",
            "items": [{"type": "string"}, {"$ref": "#/items/0"}],
            "additionalItems": false
        }));
        assert_eq!(
            upgraded.schema,
            json!({
                "$schema": DRAFT_2020_12,
                "type": "array",
                "prefixItems": [{"type": "string"}, {"$ref": "#/prefixItems/0"}],
                "items": false
            })
        );
        let empty = up(json!({"$schema": "http://json-schema.org/draft-07/schema#", "items": []}));
        assert_eq!(empty.schema, json!({"$schema": DRAFT_2020_12}));
    }

    #[test]
    fn additional_items_beside_one_items_schema_is_dropped_and_reported() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "items": {"type": "integer"},
            "additionalItems": false
        }));
        assert_eq!(upgraded.schema, json!({"$schema": DRAFT_2020_12, "items": {"type": "integer"}}));
        assert!(matches!(&upgraded.changes[..], [Change::Dropped { keyword, .. }] if keyword == "additionalItems"));
    }

    #[test]
    fn dependencies_split_by_kind() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-06/schema#",
            "dependencies": {"a": ["b"], "c": {"required": ["d"]}, "e": false}
        }));
        assert_eq!(
            upgraded.schema,
            json!({
                "$schema": DRAFT_2020_12,
                "dependentRequired": {"a": ["b"]},
                "dependentSchemas": {"c": {"required": ["d"]}, "e": false}
            })
        );
    }

    #[test]
    fn draft_04_boolean_exclusive_bounds_take_the_bound() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-04/schema#",
            "id": "urn:example:n",
            "properties": {
                "a": {"minimum": 1, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": false},
                "b": {"exclusiveMaximum": true}
            }
        }));
        assert_eq!(
            upgraded.schema,
            json!({
                "$schema": DRAFT_2020_12,
                "$id": "urn:example:n",
                "properties": {"a": {"exclusiveMinimum": 1, "maximum": 5}, "b": {}}
            })
        );
    }

    #[test]
    fn siblings_of_a_ref_are_dropped_and_reported_with_their_pointers() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "properties": {"a": {"$ref": "#/definitions/A", "maxLength": 2, "description": "shown"}},
            "definitions": {"A": {"type": "string"}}
        }));
        assert_eq!(upgraded.schema["properties"]["a"], json!({"$ref": "#/$defs/A"}));
        let dropped: Vec<String> = upgraded.changes.iter().map(|c| c.pointer().to_string()).collect();
        assert_eq!(dropped, ["/properties/a/maxLength", "/properties/a/description"]);
    }

    #[test]
    fn later_keywords_the_old_draft_ignored_are_dropped() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-04/schema#",
            "const": 3,
            "unevaluatedProperties": false,
            "enum": [{"$ref": "#/definitions/x"}]
        }));
        assert_eq!(upgraded.schema, json!({"$schema": DRAFT_2020_12, "enum": [{"$ref": "#/definitions/x"}]}));
        assert_eq!(upgraded.changes.len(), 2);
        // Each draft knows the keywords of its own: draft-06 `const`, not `if`;
        // draft-07 both.
        let schema = |draft: &str| json!({"$schema": draft, "const": 3, "if": {"type": "integer"}, "then": false});
        let draft_06 = up(schema("http://json-schema.org/draft-06/schema#"));
        assert_eq!(draft_06.schema, json!({"$schema": DRAFT_2020_12, "const": 3}));
        let draft_07 = up(schema("http://json-schema.org/draft-07/schema#"));
        assert_eq!(
            draft_07.schema,
            json!({"$schema": DRAFT_2020_12, "const": 3, "if": {"type": "integer"}, "then": false})
        );
    }

    #[test]
    fn plain_name_ids_become_anchors_and_refs_stay_in_their_resource() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "properties": {
                "a": {"$ref": "#positive"},
                "b": {"$id": "http://example.com/b.json", "properties": {"c": {"$ref": "#/definitions/X"}}, "definitions": {"X": {}}}
            },
            "definitions": {"P": {"$id": "#positive", "minimum": 1}, "Q": {"$id": "http://example.com/q.json#part"}}
        }));
        assert_eq!(
            upgraded.schema,
            json!({
                "$schema": DRAFT_2020_12,
                "properties": {
                    "a": {"$ref": "#positive"},
                    "b": {"$id": "http://example.com/b.json", "properties": {"c": {"$ref": "#/$defs/X"}}, "$defs": {"X": {}}}
                },
                "$defs": {"P": {"$anchor": "positive", "minimum": 1}, "Q": {"$id": "http://example.com/q.json", "$anchor": "part"}}
            })
        );
        assert!(upgraded.changes.is_empty(), "{:?}", upgraded.changes);
    }

    #[test]
    fn a_ref_into_a_dropped_place_is_reported_as_inexact() {
        let upgraded = up(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "properties": {
                "a": {"$ref": "#/properties/b/properties/c"},
                "b": {"$ref": "#/definitions/B", "properties": {"c": {"type": "string"}}}
            },
            "definitions": {"B": {}}
        }));
        assert!(
            upgraded
                .changes
                .iter()
                .any(|c| matches!(c, Change::Inexact { pointer, .. } if pointer.to_string() == "/properties/a/$ref")),
            "{:?}",
            upgraded.changes
        );
        assert_eq!(upgraded.schema["properties"]["a"]["$ref"], "#/properties/b/properties/c");
    }
}
