//! The comparator: two schemas walked side by side, `$ref`s resolved, each node seen
//! as the conjunction of plain schema objects it stands for.
//!
//! Soundness comes first: every comparison returns the [`Flags`] of what it reported,
//! and reports a narrowing (or a widening) whenever it cannot show there is none. A
//! node is the conjunction of its own keywords, its `$ref` target and its `allOf`
//! members ([`View`]); these are merged into as few [`Conjunct`]s as can be merged
//! without changing what they accept, and conjuncts are compared keyword by keyword.
//! If each keyword of the new side accepts at least what the old side's did, so does
//! their conjunction, and the reverse: which is why a keyword the comparator does not
//! classify is reported as uncertain whenever it differs.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use serde_json::{Map, Value};

use super::{annotations, arrays, bounds, branches, objects, presence, text, types, uncertain, values};
use crate::diff::{Change, DiffRule, Side};
use crate::pointer::Pointer;
use crate::schema::fragment;
use crate::schema::refs::Target;
use crate::schema::walk;

/// `true` as a schema: the fallback of an absent `additionalProperties` or `items`.
pub(super) static TRUE: Value = Value::Bool(true);

/// Keywords that never change what a schema accepts.
fn is_annotation(keyword: &str) -> bool {
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

    fn push(&mut self, keyword: &'a str, loc: Loc<'a>) {
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
    fn can_merge(&self, other: &Conjunct<'a>) -> bool {
        for (keyword, loc) in &other.keys {
            if let Some(mine) = self.get(keyword) {
                if !json_eq(mine.value, loc.value) {
                    return false;
                }
            }
        }
        for group in GROUPS {
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

    fn merge(&mut self, other: Conjunct<'a>) {
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
    pub conjuncts: Vec<Conjunct<'a>>,
}

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
    clean: HashSet<&'a str>,
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
    components: &'c Components<'a>,
    pub out: Vec<Change>,
    /// Pairs of nodes compared or being compared, with what they reported: a pair met
    /// again (a cycle, or a component reached twice) is not compared again.
    seen: HashMap<(usize, usize), Flags>,
    /// How many comparisons are under way, one inside the other.
    depth: usize,
    /// The old schema's root, and every property name declared anywhere in it or in
    /// the components it reaches (found when first needed).
    old_root: Option<&'a Value>,
    old_names: Option<Rc<HashSet<&'a str>>>,
    /// Whether both schemas, and every component they reach, are the same: then a
    /// `$dynamicRef` or an `$id` means the same on both sides.
    same_everywhere: bool,
    /// Whether annotation changes are reported (not in the comparisons that only ask
    /// whether two schemas accept the same).
    annotations: bool,
}

/// Deeper than any schema a catalog accepts (nesting is limited to 128 levels):
/// only an in-place cycle gets there.
const MAX_DEPTH: usize = 256;

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

    pub fn suffix(&self, suffix: &str) -> Path {
        Path(format!("{}{suffix}", self.0))
    }
}

impl<'a, 'c> Cmp<'a, 'c> {
    pub fn new(side: Side, tool: &'c str, components: &'c Components<'a>) -> Self {
        Cmp {
            side,
            tool,
            components,
            out: Vec::new(),
            seen: HashMap::new(),
            depth: 0,
            old_root: None,
            old_names: None,
            same_everywhere: false,
            annotations: true,
        }
    }

    /// A comparison of the schema whose root is `old_root` on the old side.
    pub fn of_root(
        side: Side,
        tool: &'c str,
        components: &'c Components<'a>,
        old_root: &'a Value,
        new_root: &'a Value,
    ) -> Self {
        let mut names = Vec::new();
        let same_everywhere = json_eq(old_root, new_root) && {
            references(old_root, &mut names);
            names.iter().all(|name| match Target::of(name) {
                Target::Component { name, .. } => components.clean.contains(name.as_str()),
                _ => true,
            })
        };
        Cmp { old_root: Some(old_root), same_everywhere, ..Cmp::new(side, tool, components) }
    }

    /// A fresh comparison of the same side, whose findings are thrown away.
    fn scratch(&self) -> Cmp<'a, 'c> {
        Cmp {
            old_root: self.old_root,
            old_names: self.old_names.clone(),
            same_everywhere: self.same_everywhere,
            annotations: false,
            ..Cmp::new(self.side, self.tool, self.components)
        }
    }

    /// Whether the old schema declares a property of this name anywhere (in any
    /// object, or in a component it reaches): a name it never declared is no part of
    /// its contract.
    pub fn declared_anywhere(&mut self, name: &str) -> bool {
        if self.old_names.is_none() {
            let mut names = HashSet::new();
            let mut pending: Vec<&'a Value> = self.old_root.into_iter().collect();
            let mut reached: HashSet<&'a str> = HashSet::new();
            let components = self.components.old.components;
            while let Some(schema) = pending.pop() {
                walk::visit(schema, |_, node| {
                    if let Some(Value::Object(properties)) = walk::keyword(node, "properties") {
                        names.extend(properties.keys().map(String::as_str));
                    }
                    if let Some(Value::String(reference)) = walk::keyword(node, "$ref") {
                        if let Target::Component { name, .. } = Target::of(reference) {
                            if let Some((key, component)) = components.and_then(|c| c.get_key_value(name.as_str())) {
                                if reached.insert(key.as_str()) {
                                    pending.push(component);
                                }
                            }
                        }
                    }
                });
            }
            self.old_names = Some(Rc::new(names));
        }
        self.old_names.as_ref().is_some_and(|names| names.contains(name))
    }

    /// What a message calls the place at `path`.
    pub fn subject(&self, path: &Path) -> String {
        if path.0.is_empty() {
            match self.side {
                Side::Input => "the input".to_owned(),
                Side::Output => "the output".to_owned(),
                _ => "the error".to_owned(),
            }
        } else {
            format!("`{}`", path.0)
        }
    }

    /// "now accepts" / "can now be", as the side reads.
    pub fn allows(&self) -> &'static str {
        if self.side == Side::Input { "now accepts" } else { "can now be" }
    }

    /// "no longer accepts" / "can no longer be", as the side reads.
    pub fn refuses(&self) -> &'static str {
        if self.side == Side::Input { "no longer accepts" } else { "can no longer be" }
    }

    /// "now refuses" / "can no longer hold", as the side reads.
    pub fn refuses_any(&self) -> &'static str {
        if self.side == Side::Input { "now refuses" } else { "can no longer hold" }
    }

    /// "now accepts" / "can now hold", as the side reads.
    pub fn allows_some(&self) -> &'static str {
        if self.side == Side::Input { "now accepts" } else { "can now hold" }
    }

    /// The branches of an `anyOf` or `oneOf` list, each as a view, on the old side or
    /// the new.
    pub fn branches(&self, old: bool, list: &Loc<'a>) -> Vec<View<'a>> {
        let doc = if old { &self.components.old } else { &self.components.new };
        list.items().iter().map(|branch| self.view(doc, branch)).collect()
    }

    /// Whether two maps of schemas (`patternProperties`) have the same names, each
    /// with the same schema.
    pub fn equivalent_map(&self, a: &Loc<'a>, b: &Loc<'a>) -> bool {
        match (a.value, b.value) {
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len()
                    && x.iter().all(|(name, sx)| {
                        y.get(name).is_some_and(|sy| self.equivalent(&a.child(name, sx), &b.child(name, sy)))
                    })
            }
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn report(
        &mut self,
        rule: &'static DiffRule,
        flags: Flags,
        message: String,
        old_ptr: Pointer,
        new_ptr: Pointer,
        old: Option<&Value>,
        new: Option<&Value>,
    ) -> Flags {
        self.out.push(Change::new(rule, Some(self.tool), self.side, message).at(old_ptr, new_ptr).values(old, new));
        flags
    }

    /// A change that cannot be classified: reported as uncertain, and taken as both
    /// a narrowing and a widening.
    pub fn uncertain(&mut self, path: &Path, reason: &str, a: &Loc<'a>, b: &Loc<'a>) -> Flags {
        let message = format!("{}: {reason}", self.subject(path));
        let (old, new) = (a.value, b.value);
        let old = (!a.is_synthetic()).then_some(old);
        let new = (!b.is_synthetic()).then_some(new);
        self.report(uncertain::UNCERTAIN_CHANGE, Flags::BOTH, message, a.ptr.clone(), b.ptr.clone(), old, new)
    }

    /// Compares two schema nodes.
    pub fn compare(&mut self, a: &Loc<'a>, b: &Loc<'a>, path: &Path) -> Flags {
        if json_eq(a.value, b.value) && self.same_closure(a, b) {
            return Flags::NONE;
        }
        // `true` standing for an absent keyword means the same everywhere: a node
        // compared with it is compared once, like any other pair.
        let key = (identity(self, &self.components.old, a), identity(self, &self.components.new, b));
        if let Some(&flags) = self.seen.get(&key) {
            return flags;
        }
        self.seen.insert(key, Flags::NONE);
        if self.annotations {
            annotations::compare(self, a, b, path);
        }
        let va = self.view(&self.components.old, a);
        let vb = self.view(&self.components.new, b);
        let flags = self.compare_views(&va, &vb, path);
        self.seen.insert(key, flags);
        flags
    }

    /// The node whose annotations stand for `at`'s: itself, or for a node that is
    /// only a `$ref` without a title or description of its own, what it leads to.
    pub fn annotated(&self, old: bool, at: &Loc<'a>) -> Loc<'a> {
        let doc = if old { &self.components.old } else { &self.components.new };
        self.through_refs(doc, at, |k| !is_annotation(k) || k == "title" || k == "description")
    }

    /// The node `at` leads to through `$ref`s, following a node only while it holds
    /// nothing but its `$ref` and keywords for which `stops` is false (at most 16 steps,
    /// so that a cycle ends).
    pub fn through_refs(&self, doc: &Doc<'a>, at: &Loc<'a>, stops: impl Fn(&str) -> bool) -> Loc<'a> {
        let mut current = at.clone();
        for _ in 0..16 {
            let Value::Object(object) = current.value else {
                break;
            };
            let Some(Value::String(reference)) = walk::member(object, "$ref") else {
                break;
            };
            if object.keys().any(|k| k != "$ref" && stops(k)) {
                break;
            }
            match self.resolve(doc, &current, reference) {
                Some(target) => current = target,
                None => break,
            }
        }
        current
    }

    /// Whether two nodes are the same schema: comparing them reports nothing.
    pub fn equivalent(&self, a: &Loc<'a>, b: &Loc<'a>) -> bool {
        if json_eq(a.value, b.value) && self.same_closure(a, b) {
            return true;
        }
        let mut scratch = self.scratch();
        scratch.compare(a, b, &Path::default());
        scratch.out.is_empty()
    }

    pub fn equivalent_views(&self, a: &View<'a>, b: &View<'a>) -> bool {
        let mut scratch = self.scratch();
        scratch.compare_views(a, b, &Path::default());
        scratch.out.is_empty()
    }

    pub fn compare_views(&mut self, va: &View<'a>, vb: &View<'a>, path: &Path) -> Flags {
        if self.depth > MAX_DEPTH {
            return self.uncertain(path, "nested too deeply to compare", &va.at, &vb.at);
        }
        self.depth += 1;
        let flags = self.compare_views_in(va, vb, path);
        self.depth -= 1;
        flags
    }

    fn compare_views_in(&mut self, va: &View<'a>, vb: &View<'a>, path: &Path) -> Flags {
        match (&va.never, &vb.never) {
            (Some(_), Some(_)) => return Flags::NONE,
            (Some(na), None) => return presence::allowed(self, na, &vb.at, path),
            (None, Some(nb)) => return presence::refused(self, &va.at, nb, path),
            (None, None) => {}
        }
        let scope = Scope { declared: va.declared(), closed: va.constrains_other_names() };
        if va.conjuncts.len() <= 1 && vb.conjuncts.len() <= 1 {
            let a = va.conjuncts.first().cloned().unwrap_or_else(|| Conjunct::empty(va.at.clone()));
            let b = vb.conjuncts.first().cloned().unwrap_or_else(|| Conjunct::empty(vb.at.clone()));
            return self.compare_conjuncts(&a, &b, path, &scope);
        }
        let mut flags = Flags::NONE;
        // Conjuncts equal on both sides first, then the rest by position; a conjunct
        // left over is compared with `true`.
        let mut used = vec![false; vb.conjuncts.len()];
        let mut rest_a = Vec::new();
        for ca in &va.conjuncts {
            let found = (0..vb.conjuncts.len()).find(|&j| !used[j] && self.equivalent_conjuncts(ca, &vb.conjuncts[j]));
            match found {
                Some(j) => {
                    used[j] = true;
                    if self.annotations {
                        // Only their annotations can differ.
                        self.compare_conjuncts(ca, &vb.conjuncts[j], path, &scope);
                    }
                }
                None => rest_a.push(ca),
            }
        }
        if rest_a.is_empty() && used.iter().all(|u| *u) {
            return Flags::NONE;
        }
        let unevaluated =
            |v: &View<'_>| v.conjuncts.iter().any(|c| c.has("unevaluatedProperties") || c.has("unevaluatedItems"));
        if unevaluated(va) || unevaluated(vb) {
            flags |= self.uncertain(
                path,
                "`unevaluatedProperties` or `unevaluatedItems` across `allOf` or `$ref` members, not compared",
                &va.at,
                &vb.at,
            );
        }
        let mut rest_b = vb.conjuncts.iter().zip(&used).filter(|(_, u)| !**u).map(|(c, _)| c);
        for ca in rest_a {
            match rest_b.next() {
                Some(cb) => flags |= self.compare_conjuncts(ca, cb, path, &scope),
                None => flags |= self.compare_conjuncts(ca, &Conjunct::empty(vb.at.clone()), path, &scope),
            }
        }
        for cb in rest_b {
            flags |= self.compare_conjuncts(&Conjunct::empty(va.at.clone()), cb, path, &scope);
        }
        flags
    }

    fn equivalent_conjuncts(&self, a: &Conjunct<'a>, b: &Conjunct<'a>) -> bool {
        let mut scratch = self.scratch();
        let scope = Scope { declared: HashSet::new(), closed: true };
        scratch.compare_conjuncts(a, b, &Path::default(), &scope);
        scratch.out.is_empty()
    }

    /// Compares two conjuncts keyword by keyword.
    pub fn compare_conjuncts(&mut self, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path, scope: &Scope<'a>) -> Flags {
        if let Some(flags) = branches::compare_union(self, a, b, path) {
            return flags;
        }
        let mut flags = Flags::NONE;
        let (ta, tb) = (types::of(a), types::of(b));
        flags |= types::compare(self, a, b, path);
        flags |= values::compare(self, a, b, path);
        // The keywords of a type are compared only where both sides accept it: a type
        // one side lacks is a type narrowed or widened, reported above, and no value
        // of it is refused or accepted by its keywords on the other.
        let both = ta & tb;
        flags |= bounds::compare(self, a, b, both, path);
        flags |= text::compare(self, a, b, both, path);
        if both & types::ARRAY != 0 {
            flags |= arrays::compare(self, a, b, path);
        }
        if both & types::OBJECT != 0 {
            flags |= objects::compare(self, a, b, path, scope);
        }
        flags |= branches::compare(self, a, b, path);
        flags |= self.compare_unclassified(a, b, path);
        flags
    }

    /// Every keyword no other comparison handles: reported as uncertain when it
    /// differs.
    fn compare_unclassified(&mut self, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
        let mut flags = Flags::NONE;
        let mut keywords: Vec<&str> = a.keys.iter().map(|(k, _)| *k).collect();
        keywords.extend(b.keys.iter().map(|(k, _)| *k).filter(|k| a.get(k).is_none()));
        let mut conditional = false;
        for keyword in keywords {
            if classified(keyword) {
                continue;
            }
            let (la, lb) = (a.get(keyword), b.get(keyword));
            if matches!(keyword, "if" | "then" | "else") {
                // One change for the three.
                if conditional {
                    continue;
                }
                conditional = true;
                let group = ["if", "then", "else"];
                let differs = group.iter().any(|k| match (a.get(k), b.get(k)) {
                    (None, None) => false,
                    (Some(x), Some(y)) => !self.equivalent(x, y),
                    _ => true,
                });
                if differs {
                    let (la, lb) = match (a.get("if"), b.get("if")) {
                        (Some(x), Some(y)) => (x.clone(), y.clone()),
                        _ => {
                            (la.cloned().unwrap_or_else(|| a.at.absent()), lb.cloned().unwrap_or_else(|| b.at.absent()))
                        }
                    };
                    let reason = "its `if`/`then`/`else` changed; conditional schemas are not compared";
                    flags |= self.uncertain(path, reason, &la, &lb);
                }
                continue;
            }
            let differs = match (la, lb) {
                _ if keyword == "$dynamicRef" => true,
                (Some(x), Some(y)) if keyword == "not" => !self.equivalent(x, y),
                (Some(x), Some(y)) => !json_eq(x.value, y.value),
                _ => true,
            };
            if differs {
                if keyword == "$dynamicRef" && self.same_everywhere {
                    continue;
                }
                let reason = match keyword {
                    "$dynamicRef" => {
                        "uses `$dynamicRef`, whose target depends on the dynamic scope; not compared".to_owned()
                    }
                    "not" => "its `not` changed; what it excludes is not compared".to_owned(),
                    "$ref" => "a `$ref` that does not resolve in the catalog changed".to_owned(),
                    _ => format!("its `{keyword}` changed; not compared"),
                };
                let la = la.cloned().unwrap_or_else(|| a.at.absent());
                let lb = lb.cloned().unwrap_or_else(|| b.at.absent());
                flags |= self.uncertain(path, &reason, &la, &lb);
            }
        }
        flags
    }

    /// Whether two JSON-equal nodes also mean the same: every reference in them
    /// leads to equal schemas on both sides.
    pub fn same_closure(&self, a: &Loc<'a>, b: &Loc<'a>) -> bool {
        let mut visited = HashSet::new();
        self.same_closure_in(a, b, &mut visited)
    }

    fn same_closure_in(&self, a: &Loc<'a>, b: &Loc<'a>, visited: &mut HashSet<usize>) -> bool {
        if !visited.insert(a.value as *const Value as usize) {
            return true;
        }
        // Every `$ref` anywhere in the value (which may be a list or a map of schemas,
        // and whose instance data may hold a `$ref` too: more references only make
        // this answer no more often).
        let mut pending: Vec<&'a str> = Vec::new();
        if !references(a.value, &mut pending) && !self.same_everywhere {
            return false;
        }
        for reference in pending {
            match Target::of(reference) {
                Target::Component { name, .. } => {
                    if !self.components.clean.contains(name.as_str()) {
                        return false;
                    }
                }
                Target::Local => {
                    match (
                        self.resolve(&self.components.old, a, reference),
                        self.resolve(&self.components.new, b, reference),
                    ) {
                        (Some(ta), Some(tb)) => {
                            if !json_eq(ta.value, tb.value) || !self.same_closure_in(&ta, &tb, visited) {
                                return false;
                            }
                        }
                        (None, None) => {}
                        _ => return false,
                    }
                }
                Target::InvalidComponent | Target::External => {}
            }
        }
        true
    }

    /// Where `reference`, met in `at`, leads in `doc`.
    pub fn resolve(&self, doc: &Doc<'a>, at: &Loc<'a>, reference: &str) -> Option<Loc<'a>> {
        match Target::of(reference) {
            Target::Component { name, rest } => {
                let (key, schema) = doc.components?.get_key_value(name.as_str())?;
                let root = Pointer::root().key("components").key("schemas").key(key);
                let base = Rc::new(Base { root: schema, at: root.clone() });
                let rest = Pointer::parse(&fragment::decode(&rest))?;
                Some(Loc { value: rest.resolve(schema)?, ptr: root.join(&rest), base })
            }
            Target::Local => {
                let fragment = fragment::decode(&reference[1..]);
                if fragment.is_empty() || fragment.starts_with('/') {
                    let rest = Pointer::parse(&fragment)?;
                    Some(Loc { value: rest.resolve(at.base.root)?, ptr: at.base.at.join(&rest), base: at.base.clone() })
                } else {
                    let mut found = None;
                    walk::visit(at.base.root, |path, node| {
                        if found.is_none() && walk::keyword(node, "$anchor").and_then(Value::as_str) == Some(&fragment)
                        {
                            found = Some((path.pointer(), node));
                        }
                    });
                    let (rest, value) = found?;
                    Some(Loc { value, ptr: at.base.at.join(&rest), base: at.base.clone() })
                }
            }
            Target::InvalidComponent | Target::External => None,
        }
    }

    /// The conjunction `at` stands for.
    pub fn view(&self, doc: &Doc<'a>, at: &Loc<'a>) -> View<'a> {
        let mut view = View { at: at.clone(), never: None, conjuncts: Vec::new() };
        let mut visiting = Vec::new();
        self.flatten(doc, at.clone(), &mut view, &mut visiting);
        view
    }

    fn flatten(&self, doc: &Doc<'a>, at: Loc<'a>, view: &mut View<'a>, visiting: &mut Vec<usize>) {
        let address = at.value as *const Value as usize;
        if visiting.contains(&address) || visiting.len() > 64 {
            return;
        }
        let object = match at.value {
            Value::Bool(false) => {
                view.never.get_or_insert(at);
                return;
            }
            Value::Object(object) => object,
            _ => return,
        };
        visiting.push(address);
        let at = rebase(at, object);
        let mut own = Conjunct::empty(at.clone());
        let mut members = Vec::new();
        for (keyword, value) in object {
            let keyword = keyword.as_str();
            match (keyword, value) {
                ("$ref", Value::String(reference)) => match self.resolve(doc, &at, reference) {
                    Some(target) => members.push(target),
                    None => own.push(keyword, at.child(keyword, value)),
                },
                ("allOf", Value::Array(items)) => {
                    let all = at.child(keyword, value);
                    members.extend(items.iter().enumerate().map(|(i, item)| all.item(i, item)));
                }
                _ if is_annotation(keyword) => {}
                _ => own.push(keyword, at.child(keyword, value)),
            }
        }
        if !own.is_empty() {
            add(view, own);
        }
        for member in members {
            self.flatten(doc, member, view, visiting);
        }
        visiting.pop();
    }
}

/// Collects every `$ref` string in `value`, at any depth; `false` if it has a
/// `$dynamicRef` or an `$id`, whose meaning is not settled by equal text.
fn references<'a>(value: &'a Value, found: &mut Vec<&'a str>) -> bool {
    match value {
        Value::Object(object) => object.iter().fold(true, |settled, (key, member)| match (key.as_str(), member) {
            ("$dynamicRef" | "$id", _) => false,
            ("$ref", Value::String(reference)) => {
                found.push(reference);
                settled
            }
            _ => references(member, found) && settled,
        }),
        Value::Array(items) => {
            let mut settled = true;
            for item in items {
                settled &= references(item, found);
            }
            settled
        }
        _ => true,
    }
}

/// `at` as the root of its own resource when it has an `$id`.
fn rebase<'a>(at: Loc<'a>, object: &Map<String, Value>) -> Loc<'a> {
    if walk::member(object, "$id").is_some() && !std::ptr::eq(at.base.root, at.value) {
        let base = Rc::new(Base { root: at.value, at: at.ptr.clone() });
        return Loc { base, ..at };
    }
    at
}

fn add<'a>(view: &mut View<'a>, conjunct: Conjunct<'a>) {
    match view.conjuncts.iter_mut().find(|c| c.can_merge(&conjunct)) {
        Some(existing) => existing.merge(conjunct),
        None => view.conjuncts.push(conjunct),
    }
}

/// What identifies a node for the memory of pairs compared: the node, or for a node
/// that is only a `$ref`, what it leads to (so that a component reached from two
/// places is compared once).
fn identity<'a>(cmp: &Cmp<'a, '_>, doc: &Doc<'a>, at: &Loc<'a>) -> usize {
    cmp.through_refs(doc, at, |k| !is_annotation(k)).value as *const Value as usize
}

/// Keywords another comparison classifies (a keyword for a type neither side
/// accepts is a keyword that changes nothing there).
fn classified(keyword: &str) -> bool {
    matches!(
        keyword,
        "type"
            | "enum"
            | "const"
            | "anyOf"
            | "oneOf"
            | "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "format"
            | "minItems"
            | "maxItems"
            | "uniqueItems"
            | "prefixItems"
            | "items"
            | "unevaluatedItems"
            | "contains"
            | "minContains"
            | "maxContains"
            | "minProperties"
            | "maxProperties"
            | "additionalProperties"
            | "patternProperties"
            | "unevaluatedProperties"
            | "propertyNames"
            | "dependentRequired"
            | "dependentSchemas"
    )
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
