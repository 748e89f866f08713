//! Objects: which properties are declared, which are required, and what the others
//! may be (`additionalProperties`, `patternProperties`, `unevaluatedProperties`,
//! `propertyNames`).
//!
//! A name declared on one side only is compared with what the other side does with
//! an undeclared name: nothing on an open object (so a property newly declared there
//! is no change to its contract, as oasdiff has it), `false` on a closed one, the
//! `additionalProperties` schema otherwise.

use serde_json::Value;

use super::core::{Cmp, Conjunct, Flags, Loc, Path, Scope, json_eq};
use crate::diff::rules::{
    OBJECT_CLOSED, OBJECT_OPENED, PROPERTY_ADDED, PROPERTY_REMOVED, REQUIRED_ADDED, REQUIRED_REMOVED,
};

/// What an object does with a property name it does not declare.
enum Fallback<'a> {
    /// Nothing: any value.
    Open,
    /// The schema it applies (`false` for a closed object).
    Schema(Loc<'a>),
    /// Cannot be told without matching `patternProperties` or following
    /// `unevaluatedProperties` through applicators.
    Unknown,
}

/// What `c` does with a name it does not declare; `named`: a particular name, which
/// `patternProperties` may also match.
fn fallback<'a>(c: &Conjunct<'a>, named: bool) -> Fallback<'a> {
    let patterns = c.value("patternProperties").is_some_and(|p| p.as_object().is_some_and(|p| !p.is_empty()));
    let schema = match c.get("additionalProperties") {
        Some(additional) => Some(additional.clone()),
        None => match c.get("unevaluatedProperties") {
            Some(unevaluated) => {
                if ["anyOf", "oneOf", "if", "dependentSchemas"].iter().any(|k| c.has(k)) {
                    return Fallback::Unknown;
                }
                Some(unevaluated.clone())
            }
            None => None,
        },
    };
    match schema {
        // A named property that a pattern matches takes the pattern's schema too, and
        // then no fallback; which names the patterns match is not worked out, so what
        // a named property falls back to is unknown beside any pattern, open or not.
        _ if named && patterns => Fallback::Unknown,
        Some(loc) if loc.value == &Value::Bool(true) => Fallback::Open,
        Some(loc) => Fallback::Schema(loc),
        None => Fallback::Open,
    }
}

fn is_false(f: &Fallback<'_>) -> bool {
    matches!(f, Fallback::Schema(loc) if loc.value == &Value::Bool(false))
}

pub(super) fn compare<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    path: &Path,
    scope: &Scope<'a>,
) -> Flags {
    let mut flags = required(cmp, a, b, path);
    flags |= dependent_required(cmp, a, b, path);
    flags |= properties(cmp, a, b, path, scope);
    flags |= other_names(cmp, a, b, path);
    let (pa, pb) = (a.get("propertyNames"), b.get("propertyNames"));
    if pa.is_some() || pb.is_some() {
        let (pa, pb) = (a.get_or_absent("propertyNames"), b.get_or_absent("propertyNames"));
        flags |= cmp.compare(&pa, &pb, &path.suffix(" (property names)"));
    }
    flags |= dependent_schemas(cmp, a, b, path);
    flags
}

fn required<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let mut flags = Flags::NONE;
    let of = |path: &Path, name: &str| match path.quoted() {
        None => format!("property `{name}`"),
        // The whole value under a condition: "property `b` (when `a` is present)".
        Some(quoted) if quoted.starts_with('(') => format!("property `{name}` {quoted}"),
        Some(quoted) => format!("property `{name}` of {quoted}"),
    };
    for (name, at) in &b.required {
        if !a.required.iter().any(|(n, _)| n == name) {
            let message = format!("{} is now required", of(path, name));
            let value = Value::from(*name);
            flags |=
                cmp.report(REQUIRED_ADDED, Flags::NARROWS, message, a.ptr("required"), at.clone(), None, Some(&value));
        }
    }
    for (name, at) in &a.required {
        if !b.required.iter().any(|(n, _)| n == name) {
            let message = format!("{} is no longer required", of(path, name));
            let value = Value::from(*name);
            flags |=
                cmp.report(REQUIRED_REMOVED, Flags::WIDENS, message, at.clone(), b.ptr("required"), Some(&value), None);
        }
    }
    flags
}

/// Each `dependentSchemas` entry compared as the schema it is, applied to the whole
/// object when its property is present; an entry absent on one side is `true` there
/// (a new entry may refuse more, a dropped one no longer refuses anything).
fn dependent_schemas<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let entries = |c: &Conjunct<'a>| -> Vec<(&'a str, Loc<'a>)> {
        let Some(loc) = c.get("dependentSchemas") else { return Vec::new() };
        let Value::Object(map) = loc.value else { return Vec::new() };
        map.iter().map(|(key, schema)| (key.as_str(), loc.child(key, schema))).collect()
    };
    let (old, new) = (entries(a), entries(b));
    let mut keys: Vec<&str> = old.iter().map(|(k, _)| *k).collect();
    keys.extend(new.iter().map(|(k, _)| *k).filter(|k| !old.iter().any(|(o, _)| o == k)));
    let mut flags = Flags::NONE;
    for key in keys {
        let find = |list: &[(&str, Loc<'a>)]| list.iter().find(|(k, _)| *k == key).map(|(_, l)| l.clone());
        let x = find(&old).unwrap_or_else(|| a.get("dependentSchemas").map_or_else(|| a.at.absent(), Loc::absent));
        let y = find(&new).unwrap_or_else(|| b.get("dependentSchemas").map_or_else(|| b.at.absent(), Loc::absent));
        flags |= cmp.compare(&x, &y, &path.suffix(&format!(" (when `{key}` is present)")));
    }
    flags
}

fn dependent_required<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let (la, lb) = (a.get("dependentRequired"), b.get("dependentRequired"));
    let lists = |loc: Option<&Loc<'a>>| -> Vec<(&'a str, &'a str, crate::pointer::Pointer)> {
        let Some(loc) = loc else { return Vec::new() };
        let Value::Object(map) = loc.value else { return Vec::new() };
        let mut out = Vec::new();
        for (key, names) in map {
            for (i, name) in names.as_array().into_iter().flatten().enumerate() {
                if let Some(name) = name.as_str() {
                    out.push((key.as_str(), name, loc.ptr.key(key).index(i)));
                }
            }
        }
        out
    };
    let (old, new) = (lists(la), lists(lb));
    let mut flags = Flags::NONE;
    let subject = cmp.subject(path);
    for (key, name, at) in &new {
        if !old.iter().any(|(k, n, _)| k == key && n == name) {
            let message = format!("{subject}: property `{name}` is now required when `{key}` is present");
            let value = Value::from(*name);
            flags |= cmp.report(
                REQUIRED_ADDED,
                Flags::NARROWS,
                message,
                a.ptr("dependentRequired"),
                at.clone(),
                None,
                Some(&value),
            );
        }
    }
    for (key, name, at) in &old {
        if !new.iter().any(|(k, n, _)| k == key && n == name) {
            let message = format!("{subject}: property `{name}` is no longer required when `{key}` is present");
            let value = Value::from(*name);
            flags |= cmp.report(
                REQUIRED_REMOVED,
                Flags::WIDENS,
                message,
                at.clone(),
                b.ptr("dependentRequired"),
                Some(&value),
                None,
            );
        }
    }
    flags
}

fn properties<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path, scope: &Scope<'a>) -> Flags {
    let mut flags = Flags::NONE;
    for (name, pa) in &a.properties {
        let child = path.property(name);
        match b.property(name) {
            Some(pb) => flags |= cmp.compare(pa, pb, &child),
            None => match fallback(b, true) {
                Fallback::Open => {
                    let message = format!("property {} is no longer declared: {}", cmp.subject(&child), verb(cmp));
                    let old = Some(pa.value);
                    flags |= cmp.report(
                        PROPERTY_REMOVED,
                        Flags::WIDENS,
                        message,
                        pa.ptr.clone(),
                        b.ptr("properties"),
                        old,
                        None,
                    );
                }
                Fallback::Schema(fb) => flags |= cmp.compare(pa, &fb, &child),
                Fallback::Unknown => {
                    let reason = "no longer declared, and `patternProperties` or `unevaluatedProperties` decide what it may be; not compared";
                    flags |= cmp.uncertain(&child, reason, pa, &b.at);
                }
            },
        }
    }
    for (name, pb) in &b.properties {
        if a.property(name).is_some() {
            continue;
        }
        let child = path.property(name);
        match fallback(a, true) {
            // Compared at its own place only: the same name declared elsewhere (in a
            // branch, in a nested object) says nothing of this one.
            Fallback::Open if !scope.declared.contains(name) && !scope.closed => {
                let message = format!("new property {}", cmp.subject(&child));
                let new = Some(pb.value);
                flags |=
                    cmp.report(PROPERTY_ADDED, Flags::NONE, message, a.ptr("properties"), pb.ptr.clone(), None, new);
            }
            Fallback::Open => flags |= cmp.compare(&a.at.absent(), pb, &child),
            Fallback::Schema(fa) => flags |= cmp.compare(&fa, pb, &child),
            Fallback::Unknown => {
                let reason = "newly declared, and `patternProperties` or `unevaluatedProperties` decided what it could be; not compared";
                flags |= cmp.uncertain(&child, reason, &a.at, pb);
            }
        }
    }
    flags
}

fn verb(cmp: &Cmp<'_, '_>) -> &'static str {
    if cmp.side == crate::diff::Side::Input {
        "any value is accepted there, and a caller that still sends it may have it ignored"
    } else {
        "it can now hold any value"
    }
}

/// What each side does with the names neither declares.
fn other_names<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let mut flags = Flags::NONE;
    let (xa, xb) = (a.get("patternProperties"), b.get("patternProperties"));
    let patterns_differ = match (xa, xb) {
        (Some(x), Some(y)) => {
            let same = json_eq(x.value, y.value) && cmp.same_closure(x, y);
            !same && !cmp.equivalent_map(x, y)
        }
        (None, None) => false,
        (Some(x), None) => x.value.as_object().is_some_and(|m| !m.is_empty()),
        (None, Some(y)) => y.value.as_object().is_some_and(|m| !m.is_empty()),
    };
    if patterns_differ {
        let (x, y) = (a.get_or_absent("patternProperties"), b.get_or_absent("patternProperties"));
        flags |= cmp.uncertain(path, "its `patternProperties` changed; which names they match is not compared", &x, &y);
    }
    let others = path.suffix(".*");
    let (fa, fb) = (fallback(a, false), fallback(b, false));
    let subject = cmp.subject(path);
    let keyword =
        |c: &Conjunct<'_>| if c.has("additionalProperties") { "additionalProperties" } else { "unevaluatedProperties" };
    match (&fa, &fb) {
        (Fallback::Unknown, _) | (_, Fallback::Unknown) => {
            let (x, y) = (a.get("unevaluatedProperties"), b.get("unevaluatedProperties"));
            let same = match (x, y) {
                (Some(x), Some(y)) => cmp.equivalent(x, y),
                _ => false,
            };
            if !same {
                let (x, y) = (a.get_or_absent("unevaluatedProperties"), b.get_or_absent("unevaluatedProperties"));
                flags |=
                    cmp.uncertain(path, "`unevaluatedProperties` next to applicators changed; not compared", &x, &y);
            }
        }
        (Fallback::Open, Fallback::Open) => {}
        _ if !is_false(&fa) && is_false(&fb) => {
            let message = format!("{subject} {} properties it does not declare", cmp.refuses_any());
            let kw = keyword(b);
            flags |= cmp.report(OBJECT_CLOSED, Flags::NARROWS, message, a.ptr(kw), b.ptr(kw), a.value(kw), b.value(kw));
        }
        _ if is_false(&fa) && !is_false(&fb) => {
            let message = format!("{subject} {} properties it does not declare", cmp.allows_some());
            let kw = keyword(a);
            flags |= cmp.report(OBJECT_OPENED, Flags::WIDENS, message, a.ptr(kw), b.ptr(kw), a.value(kw), b.value(kw));
        }
        _ => {
            let loc = |f: &Fallback<'a>, c: &Conjunct<'a>| match f {
                Fallback::Schema(loc) => loc.clone(),
                _ => c.at.absent(),
            };
            flags |= cmp.compare(&loc(&fa, a), &loc(&fb, b), &others);
        }
    }
    flags
}
