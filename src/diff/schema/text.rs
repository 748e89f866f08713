//! `pattern` and `format`: what a string must look like. Two patterns (or formats)
//! are not compared for which strings they share: a changed one is taken to refuse
//! some strings and accept others.

use serde_json::Value;

use super::core::{Cmp, Conjunct, Flags, Path};
use super::types;
use crate::diff::DiffRule;
use crate::diff::rules::{
    FORMAT_ADDED, FORMAT_CHANGED, FORMAT_REMOVED, PATTERN_ADDED, PATTERN_CHANGED, PATTERN_REMOVED,
};

pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, types_: u8, path: &Path) -> Flags {
    if types_ & types::STRING == 0 {
        return Flags::NONE;
    }
    let mut flags = Flags::NONE;
    let rules: [(&str, [&'static DiffRule; 3]); 2] = [
        ("pattern", [PATTERN_ADDED, PATTERN_REMOVED, PATTERN_CHANGED]),
        ("format", [FORMAT_ADDED, FORMAT_REMOVED, FORMAT_CHANGED]),
    ];
    for (keyword, [added, removed, changed]) in rules {
        let (va, vb) = (a.value(keyword), b.value(keyword));
        let subject = cmp.subject(path);
        let shown = |v: &Value| v.as_str().map_or_else(|| v.to_string(), |s| format!("`{s}`"));
        let (rule, direction, message) = match (va, vb) {
            (None, None) => continue,
            (Some(x), Some(y)) if x == y => continue,
            (None, Some(y)) => (added, Flags::NARROWS, format!("{subject} must now match {keyword} {}", shown(y))),
            (Some(x), None) => {
                (removed, Flags::WIDENS, format!("{subject} no longer has to match {keyword} {}", shown(x)))
            }
            (Some(x), Some(y)) => {
                (changed, Flags::BOTH, format!("{subject}: {keyword} changed from {} to {}", shown(x), shown(y)))
            }
        };
        flags |= cmp.report(rule, direction, message, a.ptr(keyword), b.ptr(keyword), va, vb);
    }
    flags
}
