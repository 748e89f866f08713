//! What the comparator works on: the places it compares ([`Loc`]), the conjunctions
//! a node stands for ([`Conjunct`], [`View`]), what a comparison reports ([`Flags`]),
//! the components of both catalogs, and the comparison's own state ([`Cmp`], whose
//! walk is in `engine.rs`). The keyword comparers and the engine both build on it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use serde_json::Value;

use crate::diff::{Change, Side};
use crate::pointer::Pointer;
use crate::schema::refs::Target;

/// `true` as a schema: the fallback of an absent `additionalProperties` or `items`.
pub(super) static TRUE: Value = Value::Bool(true);

/// `false` as a schema: a property a closed object refuses, once it is merged with
/// one that declares it (see [`Conjunct::merge_closed`]).
static FALSE: Value = Value::Bool(false);

/// Keywords that never change what a schema accepts.
pub(super) fn is_annotation(keyword: &str) -> bool {
    matches!(
        keyword,
        "title"
            | "description"
            | "examples"
            | "default"
            | "$comment"
            | "example"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
            | "$defs"
            | "definitions"
            | "$id"
            | "$anchor"
            | "$dynamicAnchor"
            | "$schema"
            | "$vocabulary"
            | "contentEncoding"
            | "contentMediaType"
            | "contentSchema"
    ) || keyword.starts_with("x-")
}

/// What a comparison reported: whether it found that the new side may refuse a value
/// the old one accepted (`narrows`), or accept one it refused (`widens`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Flags {
    pub narrows: bool,
    pub widens: bool,
}

impl Flags {
    pub const NONE: Flags = Flags { narrows: false, widens: false };
    pub const NARROWS: Flags = Flags { narrows: true, widens: false };
    pub const WIDENS: Flags = Flags { narrows: false, widens: true };
    pub const BOTH: Flags = Flags { narrows: true, widens: true };
}

impl std::ops::BitOrAssign for Flags {
    fn bitor_assign(&mut self, other: Flags) {
        self.narrows |= other.narrows;
        self.widens |= other.widens;
    }
}

/// The document a local reference (`#/...`) resolves in: a tool's schema or a
/// component, or a nested resource (`$id`) inside one.
#[derive(Clone, Debug)]
pub(super) struct Base<'a> {
    pub root: &'a Value,
    pub at: Pointer,
}

/// A schema at its place in one catalog.
#[derive(Clone, Debug)]
pub(super) struct Loc<'a> {
    pub value: &'a Value,
    pub ptr: Pointer,
    pub base: Rc<Base<'a>>,
}

impl<'a> Loc<'a> {
    /// The value of `keyword` inside this object, at its place.
    pub fn child(&self, keyword: &str, value: &'a Value) -> Loc<'a> {
        Loc { value, ptr: self.ptr.key(keyword), base: self.base.clone() }
    }

    pub fn item(&self, index: usize, value: &'a Value) -> Loc<'a> {
        Loc { value, ptr: self.ptr.index(index), base: self.base.clone() }
    }

    /// `true`, standing for an absent keyword of this object.
    pub fn absent(&self) -> Loc<'a> {
        Loc { value: &TRUE, ptr: self.ptr.clone(), base: self.base.clone() }
    }

    pub fn is_synthetic(&self) -> bool {
        std::ptr::eq(self.value, &TRUE)
    }

    /// The items of an array-valued keyword, each at its place.
    pub fn items(&self) -> Vec<Loc<'a>> {
        match self.value {
            Value::Array(items) => items.iter().enumerate().map(|(i, item)| self.item(i, item)).collect(),
            _ => Vec::new(),
        }
    }
}

/// Plain schema keywords that all apply to one instance, merged from one or more
/// schema objects (a node, its `$ref` target, its `allOf` members).
#[derive(Clone, Debug)]
pub(super) struct Conjunct<'a> {
    /// The first object it was made of: where an absent keyword would be.
    pub at: Loc<'a>,
    /// Every assertion keyword but `properties` and `required`, once each.
    pub keys: Vec<(&'a str, Loc<'a>)>,
    /// The declared properties, from every merged object.
    pub properties: Vec<(&'a str, Loc<'a>)>,
    /// The first `properties` keyword.
    pub properties_at: Option<Pointer>,
    /// The required names, each with the place it is listed.
    pub required: Vec<(&'a str, Pointer)>,
    /// The first `required` keyword, and its value.
    pub required_at: Option<Loc<'a>>,
}

/// Keywords whose meaning depends on each other, merged only when equal.
const GROUPS: &[&[&str]] = &[
    &["properties", "patternProperties", "additionalProperties"],
    &["prefixItems", "items"],
    &["if", "then", "else"],
    &["contains", "minContains", "maxContains"],
];

impl<'a> Conjunct<'a> {
    pub fn empty(at: Loc<'a>) -> Conjunct<'a> {
        Conjunct {
            at,
            keys: Vec::new(),
            properties: Vec::new(),
            properties_at: None,
            required: Vec::new(),
            required_at: None,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.properties_at.is_none() && self.required_at.is_none()
    }

    pub fn get(&self, keyword: &str) -> Option<&Loc<'a>> {
        self.keys.iter().find_map(|(k, loc)| (*k == keyword).then_some(loc))
    }

    /// `keyword`'s place, or where it would be when absent (see [`Loc::absent`]).
    pub fn get_or_absent(&self, keyword: &str) -> Loc<'a> {
        self.get(keyword).cloned().unwrap_or_else(|| self.at.absent())
    }

    pub fn value(&self, keyword: &str) -> Option<&'a Value> {
        self.get(keyword).map(|loc| loc.value)
    }

    pub fn has(&self, keyword: &str) -> bool {
        match keyword {
            "properties" => self.properties_at.is_some(),
            "required" => self.required_at.is_some(),
            _ => self.get(keyword).is_some(),
        }
    }

    pub fn property(&self, name: &str) -> Option<&Loc<'a>> {
        self.properties.iter().find_map(|(n, loc)| (*n == name).then_some(loc))
    }

    /// The pointer of `keyword` in this conjunct, or of the object when it is absent.
    pub fn ptr(&self, keyword: &str) -> Pointer {
        match keyword {
            "properties" => self.properties_at.clone().unwrap_or_else(|| self.at.ptr.clone()),
            "required" => self.required_at.as_ref().map_or_else(|| self.at.ptr.clone(), |l| l.ptr.clone()),
            _ => self.get(keyword).map_or_else(|| self.at.ptr.clone(), |l| l.ptr.clone()),
        }
    }

    pub(super) fn push(&mut self, keyword: &'a str, loc: Loc<'a>) {
        match (keyword, loc.value) {
            ("properties", Value::Object(members)) => {
                self.properties_at.get_or_insert_with(|| loc.ptr.clone());
                for (name, schema) in members {
                    self.properties.push((name.as_str(), loc.child(name, schema)));
                }
            }
            ("required", Value::Array(names)) => {
                if self.required_at.is_none() {
                    self.required_at = Some(loc.clone());
                }
                for (i, name) in names.iter().enumerate() {
                    if let Value::String(name) = name {
                        if !self.required.iter().any(|(n, _)| n == name) {
                            self.required.push((name.as_str(), loc.ptr.index(i)));
                        }
                    }
                }
            }
            _ => self.keys.push((keyword, loc)),
        }
    }

    /// Whether `other` can join this conjunct without changing what the two accept
    /// together: its keywords are new here or equal, and no keyword would start
    /// depending on a sibling it did not see before.
    pub(super) fn can_merge(&self, other: &Conjunct<'a>) -> bool {
        self.keys_merge(other, &[]) && self.groups_merge(other, GROUPS)
    }

    /// Whether every keyword both write, but those of `skipped`, is equal.
    fn keys_merge(&self, other: &Conjunct<'a>, skipped: &[&str]) -> bool {
        other.keys.iter().all(|(keyword, loc)| {
            skipped.contains(keyword) || self.get(keyword).is_none_or(|mine| json_eq(mine.value, loc.value))
        })
    }

    /// Whether each of `groups` can join: written on one side only, or alike.
    fn groups_merge(&self, other: &Conjunct<'a>, groups: &[&[&str]]) -> bool {
        for group in groups {
            let mine: Vec<&str> = group.iter().copied().filter(|k| self.has(k)).collect();
            let theirs: Vec<&str> = group.iter().copied().filter(|k| other.has(k)).collect();
            if mine.is_empty() || theirs.is_empty() {
                continue;
            }
            let declares_only = |ks: &[&str]| ks == ["properties"];
            if group[0] == "properties" && declares_only(&mine) && declares_only(&theirs) {
                // Two plain `properties`: their union, if no name is declared twice
                // differently.
                let clash = other
                    .properties
                    .iter()
                    .any(|(name, loc)| self.property(name).is_some_and(|mine| !json_eq(mine.value, loc.value)));
                if clash {
                    return false;
                }
                continue;
            }
            if mine != theirs {
                return false;
            }
            if group[0] == "properties" && !same_properties(self, other) {
                return false;
            }
        }
        true
    }

    /// Whether `other` can join this conjunct as [`Conjunct::merge_closed`] joins
    /// them: at least one is closed by `additionalProperties: false`, neither has
    /// `patternProperties` or an `additionalProperties` schema (which would apply to
    /// the other's names), and a name both declare has one schema. Without it, two
    /// closed `allOf` members were compared apart, each with its counterpart or with
    /// nothing, and a property one of them refused read as one it declared. A member
    /// that declares no property joins too: `{"additionalProperties": false}` beside
    /// one that declares `a` refuses `a`.
    pub(super) fn can_merge_closed(&self, other: &Conjunct<'a>) -> bool {
        let plain = |c: &Conjunct<'a>| {
            c.get("patternProperties").is_none() && c.value("additionalProperties").is_none_or(Value::is_boolean)
        };
        plain(self)
            && plain(other)
            && (self.closing().is_some() || other.closing().is_some())
            && other
                .properties
                .iter()
                .all(|(name, loc)| self.property(name).is_none_or(|mine| json_eq(mine.value, loc.value)))
            && self.keys_merge(other, &["additionalProperties"])
            // Every group but the first, the properties group, which the above settles.
            && self.groups_merge(other, &GROUPS[1..])
    }

    /// The `additionalProperties: false` that closes this conjunct, if one does.
    fn closing(&self) -> Option<&Loc<'a>> {
        self.get("additionalProperties").filter(|l| l.value == &FALSE)
    }

    /// Joins `other` (see [`Conjunct::can_merge_closed`]): a name only one side
    /// declares keeps its schema when the other is open, and is `false` when the
    /// other is closed, at the place of the `additionalProperties` that refuses it;
    /// the two are closed when either is.
    pub(super) fn merge_closed(&mut self, mut other: Conjunct<'a>) {
        let (mine, theirs) = (self.closing().cloned(), other.closing().cloned());
        let refused = |closing: &Loc<'a>| Loc { value: &FALSE, ..closing.clone() };
        if let Some(theirs) = &theirs {
            for (name, loc) in &mut self.properties {
                if other.property(name).is_none() {
                    *loc = refused(theirs);
                }
            }
        }
        if let Some(mine) = &mine {
            for (name, loc) in &mut other.properties {
                if self.property(name).is_none() {
                    *loc = refused(mine);
                }
            }
        }
        if mine.is_none() {
            self.keys.retain(|(k, _)| *k != "additionalProperties");
        } else {
            other.keys.retain(|(k, _)| *k != "additionalProperties");
        }
        self.merge(other);
    }

    /// This conjunct cut into the parts that mean the same apart as together, each
    /// with its kind: a keyword that depends on no sibling (its own kind), a group
    /// of keywords that depend on each other (kind: the group's first keyword), or
    /// the required names (`required`). Their conjunction is this conjunct.
    pub(super) fn parts(&self) -> Vec<(&'a str, Conjunct<'a>)> {
        let mut parts = Vec::new();
        let part = |keys: Vec<(&'a str, Loc<'a>)>| Conjunct { keys, ..Conjunct::empty(self.at.clone()) };
        for (keyword, loc) in &self.keys {
            if !GROUPS.iter().any(|group| group.contains(keyword)) {
                parts.push((*keyword, part(vec![(*keyword, loc.clone())])));
            }
        }
        for group in GROUPS {
            let keys: Vec<(&'a str, Loc<'a>)> =
                self.keys.iter().filter(|(k, _)| group.contains(k)).map(|(k, l)| (*k, l.clone())).collect();
            let declares = group[0] == "properties" && self.properties_at.is_some();
            if keys.is_empty() && !declares {
                continue;
            }
            let mut grouped = part(keys);
            if declares {
                grouped.properties = self.properties.clone();
                grouped.properties_at = self.properties_at.clone();
            }
            parts.push((group[0], grouped));
        }
        if self.required_at.is_some() {
            let required = Conjunct {
                required: self.required.clone(),
                required_at: self.required_at.clone(),
                ..Conjunct::empty(self.at.clone())
            };
            parts.push(("required", required));
        }
        parts
    }

    /// Whether two parts of the same kind say the same.
    pub(super) fn same_part(&self, other: &Conjunct<'a>) -> bool {
        self.keys.len() == other.keys.len()
            && self.keys.iter().all(|(k, loc)| other.get(k).is_some_and(|theirs| json_eq(loc.value, theirs.value)))
            && same_properties(self, other)
            && self.required.len() == other.required.len()
            && self.required.iter().all(|(name, _)| other.required.iter().any(|(n, _)| n == name))
    }

    pub(super) fn merge(&mut self, other: Conjunct<'a>) {
        for (keyword, loc) in other.keys {
            if self.get(keyword).is_none() {
                self.keys.push((keyword, loc));
            }
        }
        if self.properties_at.is_none() {
            self.properties_at = other.properties_at;
        }
        for (name, loc) in other.properties {
            if self.property(name).is_none() {
                self.properties.push((name, loc));
            }
        }
        if self.required_at.is_none() {
            self.required_at = other.required_at;
        }
        for (name, at) in other.required {
            if !self.required.iter().any(|(n, _)| *n == name) {
                self.required.push((name, at));
            }
        }
    }
}

fn same_properties(a: &Conjunct<'_>, b: &Conjunct<'_>) -> bool {
    a.properties.len() == b.properties.len()
        && a.properties.iter().all(|(name, loc)| b.property(name).is_some_and(|other| json_eq(loc.value, other.value)))
}

/// A schema node as the conjunction it stands for.
#[derive(Clone, Debug)]
pub(super) struct View<'a> {
    /// The node itself.
    pub at: Loc<'a>,
    /// A `false` met in it: it accepts nothing.
    pub never: Option<Loc<'a>>,
    /// A node reached through more than [`MAX_FLATTENED`] `$ref`s and `allOf`s, not
    /// read: what it adds to the conjunction is unknown.
    pub too_deep: Option<Loc<'a>>,
    pub conjuncts: Vec<Conjunct<'a>>,
}

/// How many `$ref`s and `allOf`s deep a node's conjunction is read.
pub(super) const MAX_FLATTENED: usize = 64;

impl<'a> View<'a> {
    /// Every property name any conjunct declares.
    pub fn declared(&self) -> HashSet<&'a str> {
        self.conjuncts.iter().flat_map(|c| c.properties.iter().map(|(n, _)| *n)).collect()
    }

    /// Whether a name no conjunct declares is still constrained by one.
    pub fn constrains_other_names(&self) -> bool {
        self.conjuncts.iter().any(|c| {
            ["additionalProperties", "patternProperties", "unevaluatedProperties", "propertyNames"]
                .iter()
                .any(|k| c.get(k).is_some_and(|l| l.value != &Value::Bool(true)))
        })
    }
}

/// What the old side knew of an object's properties, for telling a newly declared
/// property of an open object (no change to its contract) from one that was
/// constrained before.
pub(super) struct Scope<'a> {
    pub declared: HashSet<&'a str>,
    pub closed: bool,
}

/// One catalog's components.
pub(super) struct Doc<'a> {
    pub components: Option<&'a BTreeMap<String, Value>>,
}

/// The components of both catalogs and which of them may differ.
pub(crate) struct Components<'a> {
    pub(super) old: Doc<'a>,
    pub(super) new: Doc<'a>,
    /// Components present on both sides, equal, and reaching only such components.
    pub(super) clean: HashSet<&'a str>,
}

impl<'a> Components<'a> {
    pub fn new(old: Option<&'a BTreeMap<String, Value>>, new: Option<&'a BTreeMap<String, Value>>) -> Self {
        let empty = |m: Option<&'a BTreeMap<String, Value>>| m.into_iter().flat_map(|m| m.iter());
        let mut dirty: Vec<&'a str> = Vec::new();
        let mut referrers: HashMap<String, Vec<&'a str>> = HashMap::new();
        for (name, schema) in empty(old).chain(empty(new)) {
            for reference in crate::schema::refs::collect(schema) {
                if let Target::Component { name: target, .. } = reference.target {
                    referrers.entry(target).or_default().push(name.as_str());
                }
            }
        }
        let mut clean: HashSet<&'a str> = HashSet::new();
        for (name, schema) in empty(old) {
            match new.and_then(|n| n.get(name)) {
                Some(other) if other == schema => {
                    clean.insert(name.as_str());
                }
                _ => dirty.push(name.as_str()),
            }
        }
        for (name, _) in empty(new) {
            if !old.is_some_and(|o| o.contains_key(name)) {
                dirty.push(name.as_str());
            }
        }
        while let Some(name) = dirty.pop() {
            for referrer in referrers.get(name).into_iter().flatten() {
                if clean.remove(referrer) {
                    dirty.push(referrer);
                }
            }
        }
        Components { old: Doc { components: old }, new: Doc { components: new }, clean }
    }
}

/// The comparison of one side (input, output or error) of one tool.
pub(super) struct Cmp<'a, 'c> {
    pub side: Side,
    pub tool: &'c str,
    pub(super) components: &'c Components<'a>,
    pub out: Vec<Change>,
    /// Pairs of nodes compared or being compared, with what they reported: a pair met
    /// again (a cycle, or a component reached twice) is not compared again.
    pub(super) seen: HashMap<(usize, usize, Around), Flags>,
    /// How many comparisons are under way, one inside the other.
    pub(super) depth: usize,
    /// Whether both schemas, and every component they reach, are the same: then a
    /// `$dynamicRef` or an `$id` means the same on both sides.
    pub(super) same_everywhere: bool,
    /// Whether annotation changes are reported (not in the comparisons that only ask
    /// whether two schemas accept the same).
    pub(super) annotations: bool,
    /// What the schemas around the branches being compared admit.
    pub(super) around: Around,
}

/// The kinds of value (`types::NULL`…) the schemas around a pair of `anyOf` or `oneOf`
/// branches admit on each side, and the kinds whose difference was reported there.
/// A branch sees only the values its surroundings let through: `{"type": "string",
/// "anyOf": [{"minLength": 3}]}` and `{"anyOf": [{"type": "string", "minLength": 3}]}`
/// accept the same, and a kind one side's surroundings gained or lost is one change,
/// reported once, around the branches. Its default, nothing around, is in `types.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Around {
    pub old: u8,
    pub new: u8,
    pub reported: u8,
}

/// Deeper than any schema a catalog accepts (nesting is limited to 128 levels):
/// only an in-place cycle gets there.
pub(super) const MAX_DEPTH: usize = 256;

/// Where a comparison is, for messages: a path such as `options.mode` or `tags[]`,
/// empty at the schema's root.
#[derive(Clone, Debug, Default)]
pub(super) struct Path(pub String);

impl Path {
    pub fn property(&self, name: &str) -> Path {
        if self.0.is_empty() { Path(name.to_owned()) } else { Path(format!("{}.{name}", self.0)) }
    }

    /// Branch `index` of the `keyword` list (`anyOf`, `oneOf`).
    pub fn branch(&self, keyword: &str, index: usize) -> Path {
        self.property(&format!("{keyword}[{index}]"))
    }

    /// The path as a message names it: in backticks, a clause its suffix adds (" (when
    /// `a` is present)", " (property names)") after them; `None` for the root.
    pub fn quoted(&self) -> Option<String> {
        if self.0.is_empty() {
            return None;
        }
        Some(match self.0.find(" (") {
            Some(0) => self.0.trim_start().to_owned(),
            Some(at) => format!("`{}`{}", &self.0[..at], &self.0[at..]),
            None => format!("`{}`", self.0),
        })
    }

    pub fn suffix(&self, suffix: &str) -> Path {
        Path(format!("{}{suffix}", self.0))
    }
}

/// JSON equality as JSON Schema defines it: numbers by value (`1` is `1.0`).
pub(super) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_i64(), y.as_i64()) {
                return x == y;
            }
            if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                return x == y;
            }
            x.as_f64() == y.as_f64()
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_eq(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            if x.len() != y.len() {
                return false;
            }
            // Keys in the same order, the usual case, are compared pair by pair without
            // hashing one; a key met at the same place names the same member on both
            // sides, so a value that differs there settles it.
            for ((k, v), (l, w)) in x.iter().zip(y) {
                if k != l {
                    return x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)));
                }
                if !json_eq(v, w) {
                    return false;
                }
            }
            true
        }
        _ => a == b,
    }
}
