//! `title`, `description` and `default` inside a schema: what a model reads about a
//! parameter, and what a tool assumes when it is left out.

use serde_json::Value;

use super::core::{Cmp, Flags, Loc, Path, json_eq};
use crate::diff::rules::{DEFAULT_CHANGED, SCHEMA_DESCRIPTION_CHANGED};

/// Reports the annotations of two nodes compared; finds no change to what they
/// accept.
pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Loc<'a>, b: &Loc<'a>, path: &Path) -> Flags {
    for field in ["title", "description"] {
        let (a, b) = (cmp.annotated(true, a, field), cmp.annotated(false, b, field));
        let (x, y) = (annotation(&a, field), annotation(&b, field));
        if x == y || (a.is_synthetic() || b.is_synthetic()) {
            continue;
        }
        let what = match (x, y) {
            (None, _) => "was written",
            (_, None) => "was removed",
            _ => "was rewritten",
        };
        let message = format!("the {field} of {} {what}", cmp.subject(path));
        let at =
            |loc: &Loc<'a>, value: Option<&Value>| if value.is_some() { loc.ptr.key(field) } else { loc.ptr.clone() };
        let (old_at, new_at) = (at(&a, x), at(&b, y));
        cmp.report(SCHEMA_DESCRIPTION_CHANGED, Flags::NONE, message, old_at, new_at, x, y);
    }
    let (a, b) = (cmp.annotated(true, a, "default"), cmp.annotated(false, b, "default"));
    let (x, y) = (annotation(&a, "default"), annotation(&b, "default"));
    let same = match (x, y) {
        (Some(x), Some(y)) => json_eq(x, y),
        (None, None) => true,
        _ => false,
    };
    if !same && !a.is_synthetic() && !b.is_synthetic() {
        let subject = cmp.subject(path);
        let message = match (x, y) {
            (None, Some(y)) => format!("{subject} now defaults to {y}"),
            (Some(x), None) => format!("{subject} no longer defaults to {x}"),
            (Some(x), Some(y)) => format!("{subject} now defaults to {y} instead of {x}"),
            (None, None) => String::new(),
        };
        let at = |loc: &Loc<'a>, value: Option<&Value>| {
            if value.is_some() { loc.ptr.key("default") } else { loc.ptr.clone() }
        };
        let (old_at, new_at) = (at(&a, x), at(&b, y));
        cmp.report(DEFAULT_CHANGED, Flags::NONE, message, old_at, new_at, x, y);
    }
    Flags::NONE
}

fn annotation<'a>(at: &Loc<'a>, field: &str) -> Option<&'a Value> {
    at.value.as_object().and_then(|object| object.get(field))
}
