//! `anyOf` and `oneOf`: branches equal on both sides are matched first, the rest are
//! paired (by position when as many are left on each side, else by the types they
//! accept) and compared; what is left over was added or removed.
//!
//! `oneOf` also refuses a value that matches two branches. So on an input, a
//! branch added or widened may refuse a value that matched one branch before; on an
//! output, a branch removed or narrowed may leave a value matching two old branches.
//! Unless the branches are told apart for certain (by type, by listed values, or by
//! a required property with listed values: a discriminator), such a change is also
//! reported as uncertain.
//!
//! A list that appears or goes beside other keywords is one change of its own
//! (`branch-list-added`, `branch-list-removed`); a schema that becomes only a union,
//! or stops being one, is compared as a union of one branch.
//!
//! `not`, the applicator that excludes a schema, is here too: one written is a bound
//! tightened, one dropped a bound loosened, one rewritten uncertain (what it excludes
//! is not compared).

use serde_json::Value;

use super::core::{Around, Cmp, Conjunct, Flags, Loc, Path, View, json_eq};
use super::types;
use crate::diff::rules::{
    BRANCH_ADDED, BRANCH_LIST_ADDED, BRANCH_LIST_REMOVED, BRANCH_REMOVED, CONSTRAINT_LOOSENED, CONSTRAINT_TIGHTENED,
};
use crate::diff::{DiffRule, Side};

/// A side that is only a union (`anyOf` or `oneOf`, nothing else) compared with one
/// that has no union: the other is compared as a union of one branch. `None` when
/// that is not the case.
pub(super) fn compare_union<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    path: &Path,
) -> Option<Flags> {
    let union = |c: &Conjunct<'a>| -> Option<(&'static str, Loc<'a>)> {
        let only = c.keys.len() == 1 && c.properties_at.is_none() && c.required_at.is_none();
        ["anyOf", "oneOf"].into_iter().find_map(|k| if only { c.get(k).map(|l| (k, l.clone())) } else { None })
    };
    let plain = |c: &Conjunct<'a>| !c.has("anyOf") && !c.has("oneOf") && !c.is_empty();
    let whole = |c: &Conjunct<'a>| View { at: c.at.clone(), never: None, too_deep: None, conjuncts: vec![c.clone()] };
    match (union(a), union(b)) {
        (None, Some((keyword, lb))) if plain(a) => {
            let branches = cmp.branches(false, &lb);
            Some(lists(cmp, keyword, vec![whole(a)], branches, &a.at, &lb, path))
        }
        (Some((keyword, la)), None) if plain(b) => {
            let branches = cmp.branches(true, &la);
            Some(lists(cmp, keyword, branches, vec![whole(b)], &la, &b.at, path))
        }
        _ => None,
    }
}

/// `a`'s and `b`'s `anyOf` and `oneOf`, within the kinds `(ta, tb)` each side admits
/// ([`types::compared`]).
pub(super) fn compare<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    (ta, tb): (u8, u8),
    path: &Path,
) -> Flags {
    let mut flags = Flags::NONE;
    if !["anyOf", "oneOf"].into_iter().any(|keyword| a.has(keyword) || b.has(keyword)) {
        return flags;
    }
    // The branches see only what `a` and `b` let through, and a kind whose difference
    // `a` and `b` showed is not shown again in each branch.
    let around = cmp.around;
    cmp.around = Around {
        old: around.old & types::of(a),
        new: around.new & types::of(b),
        reported: around.reported | (ta ^ tb),
    };
    flags |= lists_of(cmp, a, b, path);
    cmp.around = around;
    flags
}

/// The `anyOf` and `oneOf` of two conjuncts compared, within [`Cmp::around`].
fn lists_of<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let mut flags = Flags::NONE;
    for keyword in ["anyOf", "oneOf"] {
        let subject = cmp.subject(path);
        match (a.get(keyword), b.get(keyword)) {
            (None, None) => {}
            (Some(x), Some(y)) => {
                if json_eq(x.value, y.value) && cmp.same_closure(x, y) {
                    continue;
                }
                let (bx, by) = (cmp.branches(true, x), cmp.branches(false, y));
                flags |= lists(cmp, keyword, bx, by, x, y, path);
            }
            (Some(x), None) => {
                let message =
                    format!("{subject} no longer has to match one of its {} `{keyword}` branches", count(x.value));
                flags |= dropped(cmp, BRANCH_LIST_REMOVED, message, x, b);
            }
            (None, Some(y)) => {
                let message = format!("{subject} must now match one of {} new `{keyword}` branches", count(y.value));
                flags |= written(cmp, BRANCH_LIST_ADDED, message, a, y);
            }
        }
    }
    flags
}

/// `not` on each side: see the module's doc.
pub(super) fn compare_not<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let subject = cmp.subject(path);
    match (a.get("not"), b.get("not")) {
        (None, None) => Flags::NONE,
        (Some(x), Some(y)) if cmp.equivalent(x, y) => Flags::NONE,
        (Some(x), Some(y)) => cmp.uncertain(path, "its `not` changed; what it excludes is not compared", x, y),
        (Some(x), None) => {
            let message = format!("{subject} no longer excludes what its `not` matches");
            dropped(cmp, CONSTRAINT_LOOSENED, message, x, b)
        }
        (None, Some(y)) => {
            let message = format!("{subject} now excludes what its `not` matches");
            written(cmp, CONSTRAINT_TIGHTENED, message, a, y)
        }
    }
}

/// Reports a keyword the new side writes and `lacking`, the old side's object, has
/// not: one more conjunct, a narrowing.
fn written<'a>(
    cmp: &mut Cmp<'a, '_>,
    rule: &'static DiffRule,
    message: String,
    lacking: &Conjunct<'a>,
    y: &Loc<'a>,
) -> Flags {
    cmp.report(rule, Flags::NARROWS, message, lacking.at.ptr.clone(), y.ptr.clone(), None, Some(y.value))
}

/// Reports a keyword the old side wrote and `lacking`, the new side's object, has
/// not: one conjunct fewer, a widening.
fn dropped<'a>(
    cmp: &mut Cmp<'a, '_>,
    rule: &'static DiffRule,
    message: String,
    x: &Loc<'a>,
    lacking: &Conjunct<'a>,
) -> Flags {
    cmp.report(rule, Flags::WIDENS, message, x.ptr.clone(), lacking.at.ptr.clone(), Some(x.value), None)
}

/// How many branches a list holds, for a message.
fn count(list: &Value) -> usize {
    list.as_array().map_or(0, Vec::len)
}

/// Compares two lists of branches; `x` and `y` are where the lists are.
fn lists<'a>(
    cmp: &mut Cmp<'a, '_>,
    keyword: &str,
    old: Vec<View<'a>>,
    new: Vec<View<'a>>,
    x: &Loc<'a>,
    y: &Loc<'a>,
    path: &Path,
) -> Flags {
    let mut flags = Flags::NONE;
    // The kinds of value that reach the branches, and are compared there.
    let Around { old: old_around, new: new_around, reported } = cmp.around;
    let (old_kinds, new_kinds) = (old_around & !reported, new_around & !reported);
    let mut used = vec![false; new.len()];
    let mut left = Vec::new();
    for (i, branch) in old.iter().enumerate() {
        // The branch at the same position first.
        let order = std::iter::once(i).chain((0..new.len()).filter(move |&j| j != i));
        let found = order.filter(|&j| j < new.len()).find(|&j| !used[j] && cmp.equivalent_views(branch, &new[j]));
        match found {
            Some(j) => {
                used[j] = true;
                // Only their annotations can differ.
                cmp.compare_within(&branch.at, &new[j].at, &path.branch(keyword, i));
            }
            None => left.push(i),
        }
    }
    let right: Vec<usize> = (0..new.len()).filter(|&j| !used[j]).collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    if left.len() == right.len() {
        pairs.extend(left.iter().copied().zip(right.iter().copied()));
    } else {
        let mut taken = vec![false; new.len()];
        for &i in &left {
            let kinds = shape(&old[i], old_kinds).types;
            let found = right.iter().copied().find(|&j| !taken[j] && shape(&new[j], new_kinds).types == kinds);
            if let Some(j) = found {
                taken[j] = true;
                pairs.push((i, j));
            }
        }
    }
    for &(i, j) in &pairs {
        let branch = path.branch(keyword, i);
        flags |= cmp.compare_views(&old[i], &new[j], &branch);
    }
    let subject = cmp.subject(path);
    for &i in left.iter().filter(|&&i| !pairs.iter().any(|&(p, _)| p == i)) {
        let message = format!("{subject} lost `{keyword}` branch {i}");
        let at = &old[i].at;
        let value = (!at.is_synthetic()).then_some(at.value);
        flags |= cmp.report(BRANCH_REMOVED, Flags::NARROWS, message, at.ptr.clone(), y.ptr.clone(), value, None);
    }
    for &j in right.iter().filter(|&&j| !pairs.iter().any(|&(_, q)| q == j)) {
        let message = format!("{subject} has a new `{keyword}` branch ({j})");
        let at = &new[j].at;
        let value = (!at.is_synthetic()).then_some(at.value);
        flags |= cmp.report(BRANCH_ADDED, Flags::WIDENS, message, x.ptr.clone(), at.ptr.clone(), None, value);
    }
    if keyword == "oneOf" {
        // A value may now match two branches: on an input when something widened (a
        // branch added is a widening), on an output when something narrowed (a value
        // that matched one new branch matching two old ones; a branch removed is a
        // narrowing).
        let risky = match cmp.side {
            Side::Input => flags.widens && !disjoint(&new, new_kinds),
            _ => flags.narrows && !disjoint(&old, old_kinds),
        };
        if risky {
            let reason = match cmp.side {
                Side::Input => {
                    "a `oneOf` branch was added or widened, and a value that matched one branch may now match two and be refused"
                }
                _ => {
                    "a `oneOf` branch was removed or narrowed, and a value may match two of the old branches, which refused it"
                }
            };
            flags |= cmp.uncertain(path, reason, x, y);
        }
    }
    flags
}

/// What tells branches apart: the types they accept, the values they list, and the
/// values they list for required properties.
struct Shape<'a> {
    types: u8,
    values: Option<Vec<&'a Value>>,
    discriminators: Vec<(&'a str, Vec<&'a Value>)>,
}

/// The shape of a branch, as far as values of the kinds in `kinds` (those that reach
/// it) go.
fn shape<'a>(view: &View<'a>, kinds: u8) -> Shape<'a> {
    let mut shape = Shape { types: types::of_view(view) & kinds, values: None, discriminators: Vec::new() };
    for c in &view.conjuncts {
        // `of_view` already holds the kinds of these values (`types::of`).
        if let Some(listed) = types::listed(c) {
            shape.values.get_or_insert(listed.into_iter().map(|(v, _)| v).collect());
        }
    }
    for c in &view.conjuncts {
        for (name, _) in &c.required {
            let Some(property) = view.conjuncts.iter().find_map(|c| c.property(name)) else {
                continue;
            };
            let listed = match property.value {
                Value::Object(object) => object
                    .get("const")
                    .map(|v| vec![v])
                    .or_else(|| object.get("enum").and_then(Value::as_array).map(|l| l.iter().collect())),
                _ => None,
            };
            if let Some(listed) = listed {
                shape.discriminators.push((name, listed));
            }
        }
    }
    shape
}

fn disjoint_values(x: &[&Value], y: &[&Value]) -> bool {
    !x.iter().any(|v| y.iter().any(|w| json_eq(v, w)))
}

/// Whether no value matches two of `branches`, as far as can be told.
fn disjoint(branches: &[View<'_>], kinds: u8) -> bool {
    let shapes: Vec<Shape<'_>> = branches.iter().map(|branch| shape(branch, kinds)).collect();
    for (i, x) in shapes.iter().enumerate() {
        for y in &shapes[i + 1..] {
            let apart = x.types & y.types == 0
                || matches!((&x.values, &y.values), (Some(vx), Some(vy)) if disjoint_values(vx, vy))
                || x.discriminators.iter().any(|(name, vx)| {
                    y.discriminators.iter().any(|(other, vy)| name == other && disjoint_values(vx, vy))
                });
            if !apart {
                return false;
            }
        }
    }
    true
}
