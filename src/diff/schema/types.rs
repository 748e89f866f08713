//! `type`: the kinds of JSON value a schema accepts. An absent `type` accepts every
//! kind; `integer` is the part of `number` without a fraction.

use serde_json::Value;

use super::core::{Around, Cmp, Conjunct, Flags, Path, View, json_eq};
use crate::diff::rules::{TYPE_NARROWED, TYPE_WIDENED};
use crate::pointer::Pointer;

pub const NULL: u8 = 1;
pub const BOOLEAN: u8 = 2;
pub const OBJECT: u8 = 4;
pub const ARRAY: u8 = 8;
pub const STRING: u8 = 16;
/// Numbers with a fraction.
pub const FRACTION: u8 = 32;
pub const INTEGER: u8 = 64;
pub const NUMBER: u8 = FRACTION | INTEGER;
pub const ALL: u8 = 127;

fn bits(name: &str) -> u8 {
    match name {
        "null" => NULL,
        "boolean" => BOOLEAN,
        "object" => OBJECT,
        "array" => ARRAY,
        "string" => STRING,
        "number" => NUMBER,
        "integer" => INTEGER,
        _ => 0,
    }
}

/// The kinds of value a conjunct admits: those its `type` does, and when it lists
/// its values (`enum`, `const`), only the kinds of those.
pub fn of(c: &Conjunct<'_>) -> u8 {
    let declared = declared(c);
    match listed(c) {
        Some(listed) => listed.iter().fold(0, |acc, (v, _)| acc | of_value(v)) & declared,
        None => declared,
    }
}

/// The kinds of value `type` admits in a conjunct.
pub fn declared(c: &Conjunct<'_>) -> u8 {
    match c.value("type") {
        Some(Value::String(name)) => bits(name),
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).fold(0, |acc, name| acc | bits(name)),
        _ => ALL,
    }
}

/// The kind of one value.
pub fn of_value(value: &Value) -> u8 {
    match value {
        Value::Null => NULL,
        Value::Bool(_) => BOOLEAN,
        Value::Object(_) => OBJECT,
        Value::Array(_) => ARRAY,
        Value::String(_) => STRING,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                INTEGER
            } else {
                FRACTION
            }
        }
    }
}

/// The kinds in `set`, for a message.
pub fn describe(set: u8) -> String {
    let mut names = Vec::new();
    for (bit, name) in [(NULL, "null"), (BOOLEAN, "boolean"), (OBJECT, "object"), (ARRAY, "array"), (STRING, "string")]
    {
        if set & bit != 0 {
            names.push(format!("`{name}`"));
        }
    }
    match set & NUMBER {
        NUMBER => names.push("`number`".to_owned()),
        INTEGER => names.push("`integer`".to_owned()),
        FRACTION => names.push("numbers with a fraction".to_owned()),
        _ => {}
    }
    names.join(", ")
}

/// `a`'s and `b`'s `type`, where they admit the kinds `(ta, tb)` ([`compared`]).
pub(super) fn compare<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    (ta, tb): (u8, u8),
    path: &Path,
) -> Flags {
    // Two lists of values: comparing the values compares their types.
    if listed(a).is_some() && listed(b).is_some() {
        return Flags::NONE;
    }
    let mut flags = Flags::NONE;
    let (old, new) = (a.value("type"), b.value("type"));
    let removed = ta & !tb;
    if removed != 0 {
        let message = format!("{} {} {}", cmp.subject(path), cmp.refuses(), describe(removed));
        flags |= cmp.report(TYPE_NARROWED, Flags::NARROWS, message, a.ptr("type"), b.ptr("type"), old, new);
    }
    let added = tb & !ta;
    if added != 0 {
        let message = match tb {
            ALL => format!("{} {} any type (was {})", cmp.subject(path), cmp.allows(), describe(ta)),
            _ => format!("{} {} {}", cmp.subject(path), cmp.allows(), describe(added)),
        };
        flags |= cmp.report(TYPE_WIDENED, Flags::WIDENS, message, a.ptr("type"), b.ptr("type"), old, new);
    }
    flags
}

impl Default for Around {
    /// Nothing around: every kind admitted, none reported.
    fn default() -> Self {
        Around { old: ALL, new: ALL, reported: 0 }
    }
}

/// The kinds of value each side admits where `a` and `b` are compared: their own
/// ([`of`]), within what the schemas around them admit when they are branches, less
/// the kinds whose difference was reported there ([`Around`]). Where one side writes
/// `type` and the other writes none but has `anyOf` or `oneOf` branches, each side's
/// kinds are also only those its branches admit: a `type` moved into the branches,
/// or out of them, changes nothing.
pub(super) fn compared<'a>(cmp: &Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>) -> (u8, u8) {
    let Around { old, new, reported } = cmp.around;
    let (mut ta, mut tb) = (of(a) & old & !reported, of(b) & new & !reported);
    let union = |c: &Conjunct<'_>| c.has("anyOf") || c.has("oneOf");
    let moved = |from: &Conjunct<'_>, to: &Conjunct<'_>| from.has("type") && !to.has("type") && union(to);
    if moved(a, b) || moved(b, a) {
        ta &= branch_kinds(cmp, true, a);
        tb &= branch_kinds(cmp, false, b);
    }
    (ta, tb)
}

/// The kinds of value a conjunct's `anyOf` and `oneOf` admit (every kind when it
/// writes neither): those of one of their branches at least. A branch's own `anyOf`
/// is not looked into, which can only count a kind too many.
fn branch_kinds<'a>(cmp: &Cmp<'a, '_>, old: bool, c: &Conjunct<'a>) -> u8 {
    ["anyOf", "oneOf"]
        .into_iter()
        .filter_map(|keyword| c.get(keyword))
        .fold(ALL, |kinds, list| kinds & cmp.branches(old, list).iter().fold(0, |acc, branch| acc | of_view(branch)))
}

/// The kinds of value every conjunct of a view admits.
pub(super) fn of_view(view: &View<'_>) -> u8 {
    if view.never.is_some() {
        return 0;
    }
    view.conjuncts.iter().fold(ALL, |kinds, c| kinds & of(c))
}

/// The values a conjunct lists, each with its place, or `None` when it lists none.
/// With both `const` and `enum`, the `const` if the `enum` has it (else nothing); a
/// value whose type the conjunct refuses is left out.
pub(super) fn listed<'a>(c: &Conjunct<'a>) -> Option<Vec<(&'a Value, Pointer)>> {
    let allowed = declared(c);
    let fits = |v: &Value| of_value(v) & allowed != 0;
    let listed = match (c.get("const"), c.get("enum")) {
        (None, None) => return None,
        (Some(one), None) => vec![(one.value, one.ptr.clone())],
        (None, Some(list)) => match list.value {
            Value::Array(items) => items.iter().enumerate().map(|(i, v)| (v, list.ptr.index(i))).collect(),
            _ => return None,
        },
        (Some(one), Some(list)) => {
            let inside = list.value.as_array().is_some_and(|items| items.iter().any(|v| json_eq(v, one.value)));
            if inside { vec![(one.value, one.ptr.clone())] } else { Vec::new() }
        }
    };
    Some(listed.into_iter().filter(|(v, _)| fits(v)).collect())
}
