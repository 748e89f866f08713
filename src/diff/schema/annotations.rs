//! `title`, `description` and `default` inside a schema: what a model reads about a
//! parameter, and what a tool assumes when it is left out.

use serde_json::Value;

use super::core::{Cmp, Flags, Loc, Path, json_eq};
use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// The `description` or `title` of a schema inside a tool's input, output or error
    /// schema written, rewritten or removed (the schema's own, or that of the
    /// component it only references).
    ///
    /// ## Why info
    /// Annotations change no value a schema accepts. A model fills parameters by their
    /// descriptions, so the change is shown for review, but it breaks no caller.
    ///
    /// ## Example
    /// `limit: {type: integer, description: Page size.}` becomes `description: Page
    /// size, at most 100.`
    pub static SCHEMA_DESCRIPTION_CHANGED = {
        code: "schema-description-changed",
        summary: "a description or title inside a schema changed",
        levels: { input: Info, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// The `default` of a schema inside a tool's schemas written, changed or removed.
    ///
    /// ## Why a warning on input
    /// A default accepts and refuses nothing, but it documents what the tool does when
    /// a caller leaves the value out: a caller that relied on the old default may now
    /// get another behaviour. On an output or an error, a default is documentation
    /// only.
    ///
    /// ## Example
    /// `limit: {type: integer, default: 50}` becomes `default: 20`.
    pub static DEFAULT_CHANGED = {
        code: "default-changed",
        summary: "a default inside a schema changed",
        levels: { input: Warning, output: Info, error: Info },
    }
}

/// Reports the annotations of two nodes compared; finds no change to what they
/// accept.
pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Loc<'a>, b: &Loc<'a>, path: &Path) -> Flags {
    let (a, b) = (cmp.annotated(true, a), cmp.annotated(false, b));
    for field in ["title", "description"] {
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
