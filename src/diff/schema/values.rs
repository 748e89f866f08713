//! `enum` and `const`: a schema that lists the values it accepts. A `const` is a list
//! of one; a value of a list whose `type` refuses it is no value of the list.

use serde_json::Value;

use super::core::{Cmp, Conjunct, Flags, Path, json_eq};
use super::types;
use crate::diff::rules::{
    CONST_ADDED, CONST_CHANGED, CONST_REMOVED, ENUM_ADDED, ENUM_REMOVED, ENUM_VALUE_ADDED, ENUM_VALUE_REMOVED,
};
use crate::pointer::Pointer;

/// A value a list holds, and where.
type Listed<'a> = (&'a Value, Pointer);

fn keyword(c: &Conjunct<'_>) -> &'static str {
    if c.has("const") { "const" } else { "enum" }
}

/// The values `c` lists, unless they are every value its `type` admits (`{type:
/// boolean, enum: [true, false]}`), which restricts nothing: such a list is no list.
fn restricting<'a>(c: &Conjunct<'a>) -> Option<Vec<(&'a Value, Pointer)>> {
    let listed = types::listed(c)?;
    let allowed = types::declared(c);
    let finite = [Value::Null, Value::Bool(false), Value::Bool(true)];
    let exhaustive = allowed & !(types::NULL | types::BOOLEAN) == 0
        && finite
            .iter()
            .filter(|v| types::of_value(v) & allowed != 0)
            .all(|v| listed.iter().any(|(w, _)| json_eq(v, w)));
    (!exhaustive).then_some(listed)
}

pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let subject = cmp.subject(path);
    match (restricting(a), restricting(b)) {
        (None, None) => Flags::NONE,
        (None, Some(_)) => {
            let kw = keyword(b);
            let rule = if kw == "const" { CONST_ADDED } else { ENUM_ADDED };
            let message = format!("{subject} now only accepts the values its `{kw}` lists");
            cmp.report(rule, Flags::NARROWS, message, a.at.ptr.clone(), b.ptr(kw), None, b.value(kw))
        }
        (Some(_), None) => {
            let kw = keyword(a);
            let rule = if kw == "const" { CONST_REMOVED } else { ENUM_REMOVED };
            let message = format!("{subject} is no longer restricted to the values its `{kw}` listed");
            cmp.report(rule, Flags::WIDENS, message, a.ptr(kw), b.at.ptr.clone(), a.value(kw), None)
        }
        (Some(old), Some(new)) => {
            let removed: Vec<&(&Value, Pointer)> =
                old.iter().filter(|(v, _)| !new.iter().any(|(w, _)| json_eq(v, w))).collect();
            let added: Vec<&(&Value, Pointer)> =
                new.iter().filter(|(v, _)| !old.iter().any(|(w, _)| json_eq(v, w))).collect();
            let only_consts = a.has("const") && !a.has("enum") && b.has("const") && !b.has("enum");
            if only_consts && !removed.is_empty() && !added.is_empty() {
                let message = format!(
                    "{subject} must now be {} instead of {}",
                    a_value(b.value("const")),
                    a_value(a.value("const"))
                );
                return cmp.report(
                    CONST_CHANGED,
                    Flags::BOTH,
                    message,
                    a.ptr("const"),
                    b.ptr("const"),
                    a.value("const"),
                    b.value("const"),
                );
            }
            let mut flags = Flags::NONE;
            // A value respelt in another case (`low` → `LOW`) is one change: the one
            // of its removal and its addition that weighs more on this side.
            let respelt = |v: &Value| {
                let text = v.as_str()?;
                let mut same = added.iter().filter(|(w, _)| w.as_str().is_some_and(|w| w.eq_ignore_ascii_case(text)));
                let first = same.next()?;
                same.next().is_none().then_some(*first)
            };
            let pairs: Vec<(&Listed<'_>, &Listed<'_>)> =
                removed.iter().filter_map(|r| Some((*r, respelt(r.0)?))).collect();
            let removed: Vec<_> =
                removed.into_iter().filter(|r| !pairs.iter().any(|(p, _)| std::ptr::eq(*p, *r))).collect();
            let added: Vec<_> =
                added.into_iter().filter(|x| !pairs.iter().any(|(_, p)| std::ptr::eq(*p, *x))).collect();
            for ((was, old_at), (now, new_at)) in pairs {
                let rule = if ENUM_VALUE_ADDED.level(cmp.side) > ENUM_VALUE_REMOVED.level(cmp.side) {
                    ENUM_VALUE_ADDED
                } else {
                    ENUM_VALUE_REMOVED
                };
                let message = format!("{subject} {} {now} instead of {was}, respelt", cmp.allows());
                flags |= cmp.report(rule, Flags::BOTH, message, old_at.clone(), new_at.clone(), Some(was), Some(now));
            }
            for (value, at) in removed {
                let message = format!("{subject} {} {value}", cmp.refuses());
                let new_at = b.ptr(keyword(b));
                flags |= cmp.report(ENUM_VALUE_REMOVED, Flags::NARROWS, message, at.clone(), new_at, Some(value), None);
            }
            for (value, at) in added {
                let message = format!("{subject} {} {value}", cmp.allows());
                let old_at = a.ptr(keyword(a));
                flags |= cmp.report(ENUM_VALUE_ADDED, Flags::WIDENS, message, old_at, at.clone(), None, Some(value));
            }
            flags
        }
    }
}

fn a_value(value: Option<&Value>) -> String {
    value.map_or_else(|| "-".to_owned(), Value::to_string)
}
