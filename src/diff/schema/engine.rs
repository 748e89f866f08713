//! The comparator: two schemas walked side by side, `$ref`s resolved, each node seen
//! as the conjunction of plain schema objects it stands for.
//!
//! Soundness comes first: every comparison returns the [`Flags`] of what it reported,
//! and reports a narrowing (or a widening) whenever it cannot show there is none. A
//! node is the conjunction of its own keywords, its `$ref` target and its `allOf`
//! members ([`View`]); these are merged into as few [`Conjunct`]s as can be merged
//! without changing what they accept, and conjuncts are compared keyword by keyword.
//! When two sides' objects cannot all merge (two `allOf` members that each write a
//! `pattern`), every part that has one meaning is compared in one conjunct, and the
//! parts written with several values are matched by likeness, never by position.
//! If each keyword of the new side accepts at least what the old side's did, so does
//! their conjunction, and the reverse: which is why a keyword the comparator does not
//! classify is reported as uncertain whenever it differs.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use serde_json::{Map, Value};

use super::core::{
    Around, Base, Cmp, Components, Conjunct, Doc, Flags, Loc, MAX_DEPTH, MAX_FLATTENED, Path, Scope, View,
    is_annotation, json_eq,
};
use super::{annotations, arrays, bounds, branches, objects, presence, text, types, values};
use crate::diff::{Change, DiffRule, Side};
use crate::pointer::Pointer;
use crate::schema::fragment;
use crate::schema::refs::Target;
use crate::schema::walk;

impl<'a, 'c> Cmp<'a, 'c> {
    pub fn new(side: Side, tool: &'c str, components: &'c Components<'a>) -> Self {
        Cmp {
            side,
            tool,
            components,
            out: Vec::new(),
            seen: HashMap::new(),
            depth: 0,
            same_everywhere: false,
            annotations: true,
            around: Around::default(),
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
        Cmp { same_everywhere, ..Cmp::new(side, tool, components) }
    }

    /// A fresh comparison of the same side, whose findings are thrown away.
    fn scratch(&self) -> Cmp<'a, 'c> {
        Cmp {
            same_everywhere: self.same_everywhere,
            annotations: false,
            around: self.around,
            ..Cmp::new(self.side, self.tool, self.components)
        }
    }

    /// What a message calls the place at `path`.
    pub fn subject(&self, path: &Path) -> String {
        let whole = match self.side {
            Side::Input => "the input",
            Side::Output => "the output",
            _ => "the error",
        };
        match path.quoted() {
            None => whole.to_owned(),
            // The whole value under a condition: "the input (when `a` is present)".
            Some(quoted) if quoted.starts_with('(') => format!("{whole} {quoted}"),
            Some(quoted) => quoted,
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
        self.report(crate::diff::rules::UNCERTAIN_CHANGE, Flags::BOTH, message, a.ptr.clone(), b.ptr.clone(), old, new)
    }

    /// Compares two schema nodes, each on its own: the schemas around a branch being
    /// compared ([`Around`]) do not bear on them. Every node but a branch is a value of
    /// its own (a property, an item) or one whose comparison does not need them.
    pub fn compare(&mut self, a: &Loc<'a>, b: &Loc<'a>, path: &Path) -> Flags {
        let around = std::mem::take(&mut self.around);
        let flags = self.compare_within(a, b, path);
        self.around = around;
        flags
    }

    /// Compares two schema nodes within the schemas around the branches being
    /// compared ([`Around`]).
    pub fn compare_within(&mut self, a: &Loc<'a>, b: &Loc<'a>, path: &Path) -> Flags {
        if json_eq(a.value, b.value) && self.same_closure(a, b) {
            return Flags::NONE;
        }
        // `true` standing for an absent keyword means the same everywhere: a node
        // compared with it is compared once, like any other pair (within the same
        // surroundings).
        let key = (identity(self, &self.components.old, a), identity(self, &self.components.new, b), self.around);
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

    /// The node whose `field` (`title`, `description`, `default`) stands for `at`'s:
    /// itself when it writes one, else what its `$ref` leads to, and so on. The
    /// keywords beside a `$ref` do not hide its target's annotations: a property
    /// `{"$ref": …, "maxLength": 10}` is described by what it refers to, and a
    /// `default` written beside a `$ref` is its own.
    pub fn annotated(&self, old: bool, at: &Loc<'a>, field: &str) -> Loc<'a> {
        let doc = if old { &self.components.old } else { &self.components.new };
        self.through_refs(doc, at, |k| k == field)
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
        let flags = crate::stack::grow(|| self.compare_views_in(va, vb, path));
        self.depth -= 1;
        flags
    }

    fn compare_views_in(&mut self, va: &View<'a>, vb: &View<'a>, path: &Path) -> Flags {
        if let Some(deep) = va.too_deep.as_ref().or(vb.too_deep.as_ref()) {
            let reason = format!(
                "its `$ref`s and `allOf`s lead more than {MAX_FLATTENED} deep, to `{}`; not compared",
                deep.ptr
            );
            return self.uncertain(path, &reason, &va.at, &vb.at);
        }
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
        let unevaluated =
            |v: &View<'_>| v.conjuncts.iter().any(|c| c.has("unevaluatedProperties") || c.has("unevaluatedItems"));
        if unevaluated(va) || unevaluated(vb) {
            // What these keywords see depends on which object they sit in: the
            // conjuncts are compared as they are, and the result is uncertain.
            let mut unmatched: Vec<&Conjunct<'a>> = vb.conjuncts.iter().collect();
            let alike = va.conjuncts.len() == vb.conjuncts.len()
                && va.conjuncts.iter().all(|ca| {
                    match unmatched.iter().position(|cb| self.equivalent_conjuncts(ca, cb)) {
                        Some(j) => {
                            unmatched.swap_remove(j);
                            true
                        }
                        None => false,
                    }
                });
            let (a, b): (Vec<_>, Vec<_>) = (va.conjuncts.iter().collect(), vb.conjuncts.iter().collect());
            if alike {
                // Only their annotations can differ.
                return self.compare_conjunct_lists(&a, &b, path, &scope);
            }
            let mut flags = self.uncertain(
                path,
                "`unevaluatedProperties` or `unevaluatedItems` across `allOf` or `$ref` members, not compared",
                &va.at,
                &vb.at,
            );
            flags |= self.compare_conjunct_lists(&a, &b, path, &scope);
            return flags;
        }
        // Every part whose kind has one meaning across both sides joins one main
        // conjunct per side; a kind written with different values on a side (two
        // `pattern`s of two `allOf` members) is kept apart, one conjunct per value, on
        // both sides alike, so that members can be reordered or edited one at a time.
        let parts =
            |v: &View<'a>| -> Vec<(&'a str, Conjunct<'a>)> { v.conjuncts.iter().flat_map(Conjunct::parts).collect() };
        let (parts_a, parts_b) = (parts(va), parts(vb));
        let split: HashSet<&str> = [&parts_a, &parts_b]
            .into_iter()
            .flat_map(|parts| {
                parts.iter().enumerate().filter_map(|(i, (kind, part))| {
                    let differs = parts[..i].iter().any(|(k, p)| k == kind && !p.same_part(part));
                    (differs && *kind != "required").then_some(*kind)
                })
            })
            .collect();
        let gather = |v: &View<'a>, parts: Vec<(&'a str, Conjunct<'a>)>| {
            let mut main = Conjunct::empty(v.conjuncts.first().map_or_else(|| v.at.clone(), |c| c.at.clone()));
            let mut apart: Vec<Conjunct<'a>> = Vec::new();
            for (kind, part) in parts {
                if !split.contains(kind) {
                    main.merge(part);
                } else if !apart.iter().any(|p| p.same_part(&part)) {
                    apart.push(part);
                }
            }
            (main, apart)
        };
        let ((main_a, apart_a), (main_b, apart_b)) = (gather(va, parts_a), gather(vb, parts_b));
        let mut flags = self.compare_conjuncts(&main_a, &main_b, path, &scope);
        let (a, b): (Vec<_>, Vec<_>) = (apart_a.iter().collect(), apart_b.iter().collect());
        flags |= self.compare_conjunct_lists(&a, &b, path, &scope);
        flags
    }

    /// Compares two lists of conjuncts: those equal on both sides first, the rest
    /// paired by likeness; one left over is compared with `true`.
    fn compare_conjunct_lists(
        &mut self,
        a: &[&Conjunct<'a>],
        b: &[&Conjunct<'a>],
        path: &Path,
        scope: &Scope<'a>,
    ) -> Flags {
        let mut flags = Flags::NONE;
        let mut used = vec![false; b.len()];
        let mut rest_a = Vec::new();
        for ca in a {
            match (0..b.len()).find(|&j| !used[j] && self.equivalent_conjuncts(ca, b[j])) {
                Some(j) => {
                    used[j] = true;
                    if self.annotations {
                        // Only their annotations can differ.
                        self.compare_conjuncts(ca, b[j], path, scope);
                    }
                }
                None => rest_a.push(*ca),
            }
        }
        let rest_b: Vec<&Conjunct<'a>> = b.iter().zip(&used).filter(|(_, u)| !**u).map(|(c, _)| *c).collect();
        let (pairs, only_a, only_b) = pair_by_likeness(&rest_a, &rest_b);
        for (i, j) in pairs {
            flags |= self.compare_conjuncts(rest_a[i], rest_b[j], path, scope);
        }
        for i in only_a {
            flags |= self.compare_conjuncts(rest_a[i], &Conjunct::empty(rest_a[i].at.clone()), path, scope);
        }
        for j in only_b {
            flags |= self.compare_conjuncts(&Conjunct::empty(rest_b[j].at.clone()), rest_b[j], path, scope);
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
        // The kinds each side admits, worked out once for the comparers that need them.
        let kinds = types::compared(self, a, b);
        let (ta, tb) = kinds;
        flags |= types::compare(self, a, b, kinds, path);
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
        flags |= branches::compare(self, a, b, kinds, path);
        flags |= branches::compare_not(self, a, b, path);
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
                // Shown at the first of them that changed, so that a changed `then`
                // is not shown as its unchanged `if` twice.
                let differs = ["if", "then", "else"].into_iter().find(|k| match (a.get(k), b.get(k)) {
                    (None, None) => false,
                    (Some(x), Some(y)) => !self.equivalent(x, y),
                    _ => true,
                });
                if let Some(changed) = differs {
                    let (la, lb) = (a.get_or_absent(changed), b.get_or_absent(changed));
                    let reason =
                        format!("its `{changed}` changed; conditional schemas (`if`/`then`/`else`) are not compared");
                    flags |= self.uncertain(path, &reason, &la, &lb);
                }
                continue;
            }
            let differs = match (la, lb) {
                _ if keyword == "$dynamicRef" => true,
                (Some(x), Some(y)) => !json_eq(x.value, y.value),
                _ => true,
            };
            // A `$dynamicRef` always differs: it is read only when the schemas are not
            // the same everywhere (then `compare` stops at the root, `same_closure`).
            if differs {
                let reason = match keyword {
                    "$dynamicRef" => {
                        "uses `$dynamicRef`, whose target depends on the dynamic scope; not compared".to_owned()
                    }
                    "$ref" => "a `$ref` that does not resolve in the catalog changed".to_owned(),
                    _ => format!("its `{keyword}` changed; not compared"),
                };
                let (la, lb) = (a.get_or_absent(keyword), b.get_or_absent(keyword));
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
        let mut view = View { at: at.clone(), never: None, too_deep: None, conjuncts: Vec::new() };
        let mut visiting = Vec::new();
        self.flatten(doc, at.clone(), &mut view, &mut visiting);
        view
    }

    fn flatten(&self, doc: &Doc<'a>, at: Loc<'a>, view: &mut View<'a>, visiting: &mut Vec<usize>) {
        let address = at.value as *const Value as usize;
        // A cycle adds nothing the conjunction does not hold already.
        if visiting.contains(&address) {
            return;
        }
        if visiting.len() > MAX_FLATTENED {
            view.too_deep.get_or_insert(at);
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

/// Pairs conjuncts that no equal counterpart matched, most alike first: two `allOf`
/// members that could not merge (two `pattern`s, say) are compared with the member
/// that says most nearly the same on the other side, not with the one at the same
/// position, so that reordering them changes nothing and editing one is one change.
/// Returns the pairs and the indices left alone on each side.
fn pair_by_likeness(a: &[&Conjunct<'_>], b: &[&Conjunct<'_>]) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
    // A keyword both write counts one; written alike, three.
    let likeness = |x: &Conjunct<'_>, y: &Conjunct<'_>| -> usize {
        let keys =
            x.keys.iter().filter_map(|(k, lx)| y.get(k).map(|ly| if json_eq(lx.value, ly.value) { 3 } else { 1 }));
        let properties = x
            .properties
            .iter()
            .filter_map(|(name, lx)| y.property(name).map(|ly| if json_eq(lx.value, ly.value) { 3 } else { 1 }));
        let required = x.required.iter().filter(|(name, _)| y.required.iter().any(|(other, _)| other == name)).count();
        keys.sum::<usize>() + properties.sum::<usize>() + required
    };
    let score: Vec<Vec<usize>> = a.iter().map(|x| b.iter().map(|y| likeness(x, y)).collect()).collect();
    let mut pairs = if a.len().max(b.len()) <= EXHAUSTIVE {
        best_assignment(&score, b.len())
    } else {
        greedy_assignment(&score, b.len())
    };
    pairs.sort_unstable();
    let taken_a: Vec<bool> = (0..a.len()).map(|i| pairs.iter().any(|&(p, _)| p == i)).collect();
    let taken_b: Vec<bool> = (0..b.len()).map(|j| pairs.iter().any(|&(_, q)| q == j)).collect();
    let alone = |taken: &[bool]| taken.iter().enumerate().filter(|(_, t)| !**t).map(|(i, _)| i).collect();
    (pairs, alone(&taken_a), alone(&taken_b))
}

/// Up to this many conjuncts a side, every pairing is tried (at most 6^5 of them);
/// beyond, the most alike pairs are taken first.
const EXHAUSTIVE: usize = 5;

/// The pairing with the most likeness in all; among equals, the one that moves
/// members least, and among those the first found, whose earlier members take the
/// earlier partners (so that the report is the same from run to run and reads in
/// order). `score[i][j]` is the likeness of `a[i]` and `b[j]`.
fn best_assignment(score: &[Vec<usize>], b_len: usize) -> Vec<(usize, usize)> {
    fn search(
        score: &[Vec<usize>],
        i: usize,
        taken: &mut Vec<bool>,
        current: &mut Vec<(usize, usize)>,
        best: &mut (usize, std::cmp::Reverse<usize>, Vec<(usize, usize)>),
    ) {
        if i == score.len() {
            let total = current.iter().map(|&(p, q)| score[p][q]).sum();
            let moved = std::cmp::Reverse(current.iter().map(|&(p, q)| p.abs_diff(q)).sum());
            // Pairing every member it can first: a pair that says nothing alike is
            // still compared rather than reported as one removal and one addition.
            let key = (current.len(), total, moved);
            if key > (best.2.len(), best.0, best.1) {
                *best = (total, moved, current.clone());
            }
            return;
        }
        for j in 0..taken.len() {
            if !taken[j] {
                taken[j] = true;
                current.push((i, j));
                search(score, i + 1, taken, current, best);
                current.pop();
                taken[j] = false;
            }
        }
        search(score, i + 1, taken, current, best);
    }
    let mut best = (0, std::cmp::Reverse(usize::MAX), Vec::new());
    search(score, 0, &mut vec![false; b_len], &mut Vec::new(), &mut best);
    best.2
}

/// The most alike pairs first; among equals, the nearer positions, then the earlier.
fn greedy_assignment(score: &[Vec<usize>], b_len: usize) -> Vec<(usize, usize)> {
    let mut scored: Vec<(usize, usize, usize)> = Vec::new();
    for (i, row) in score.iter().enumerate() {
        scored.extend(row.iter().enumerate().map(|(j, &s)| (s, i, j)));
    }
    scored.sort_by_key(|&(s, i, j)| (std::cmp::Reverse(s), i.abs_diff(j), i, j));
    let (mut taken_a, mut taken_b) = (vec![false; score.len()], vec![false; b_len]);
    let mut pairs = Vec::new();
    for (_, i, j) in scored {
        if !taken_a[i] && !taken_b[j] {
            taken_a[i] = true;
            taken_b[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
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
    if let Some(existing) = view.conjuncts.iter_mut().find(|c| c.can_merge(&conjunct)) {
        existing.merge(conjunct);
    } else if let Some(existing) = view.conjuncts.iter_mut().find(|c| c.can_merge_closed(&conjunct)) {
        existing.merge_closed(conjunct);
    } else {
        view.conjuncts.push(conjunct);
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
            | "not"
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

#[cfg(test)]
mod tests {
    use super::{Base, Conjunct, Loc, Pointer, best_assignment, greedy_assignment, pair_by_likeness};

    /// Conjuncts that require `names` each, all at the root of `value`.
    fn requiring<'a>(value: &'a serde_json::Value, names: &[&[&'a str]]) -> Vec<Conjunct<'a>> {
        let base = std::rc::Rc::new(Base { root: value, at: Pointer::root() });
        let at = Loc { value, ptr: Pointer::root(), base };
        let conjunct = |names: &[&'a str]| Conjunct {
            required: names.iter().map(|n| (*n, Pointer::root())).collect(),
            ..Conjunct::empty(at.clone())
        };
        names.iter().map(|n| conjunct(n)).collect()
    }

    /// Conjuncts kept apart are paired by what they share (here, required names); up
    /// to five a side, by the best pairing in all, not the greedy one.
    #[test]
    fn conjuncts_are_paired_by_the_names_they_share_and_the_best_pairing_in_all() {
        let value = serde_json::json!({});
        let (a, b) = (requiring(&value, &[&["x"], &["y"]]), requiring(&value, &[&["y"], &["x"]]));
        let (a, b): (Vec<&Conjunct<'_>>, Vec<&Conjunct<'_>>) = (a.iter().collect(), b.iter().collect());
        assert_eq!(pair_by_likeness(&a, &b).0, [(0, 1), (1, 0)]);
        // Likeness [[2, 3], [0, 2]]: taking the 3 first would leave a pair of 0.
        let a = requiring(&value, &[&["p", "q", "r"], &["u", "v"]]);
        let b = requiring(&value, &[&["p", "q", "s"], &["p", "q", "r", "u", "v"]]);
        let (a, b): (Vec<&Conjunct<'_>>, Vec<&Conjunct<'_>>) = (a.iter().collect(), b.iter().collect());
        assert_eq!(pair_by_likeness(&a, &b).0, [(0, 0), (1, 1)]);
    }

    /// Every member of the smaller side is paired, the most alike together; among
    /// pairings alike in all, the one that moves members least.
    #[test]
    fn the_best_assignment_pairs_the_most_alike_and_moves_least() {
        assert_eq!(best_assignment(&[vec![1, 9], vec![9, 1]], 2), vec![(0, 1), (1, 0)]);
        assert_eq!(best_assignment(&[vec![3, 3], vec![3, 3]], 2), vec![(0, 0), (1, 1)]);
        assert_eq!(best_assignment(&[vec![0, 0, 5]], 3), vec![(0, 2)]);
        // Nothing alike is still a pair: one change, not a removal and an addition.
        assert_eq!(best_assignment(&[vec![0], vec![0]], 1), vec![(0, 0)]);
        assert_eq!(best_assignment(&[vec![0, 0], vec![0, 0], vec![4, 0]], 2), vec![(1, 1), (2, 0)]);
        // Two pairings alike in likeness (2) and in moves (2): the first member takes
        // the earlier partner.
        assert_eq!(best_assignment(&[vec![0, 1, 1], vec![1, 1, 0]], 3), vec![(0, 1), (1, 0)]);
    }

    /// Past [`super::EXHAUSTIVE`] members, the most alike pairs are taken first;
    /// among equals, the nearer positions.
    #[test]
    fn the_greedy_assignment_takes_the_most_alike_pairs_first() {
        assert_eq!(greedy_assignment(&[vec![1, 9], vec![9, 1]], 2), vec![(0, 1), (1, 0)]);
        assert_eq!(greedy_assignment(&[vec![3, 3], vec![3, 3]], 2), vec![(0, 0), (1, 1)]);
        assert_eq!(greedy_assignment(&[vec![0, 0, 5]], 3), vec![(0, 2)]);
    }
}
