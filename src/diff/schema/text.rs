//! `pattern` and `format`: what a string must look like. Two patterns (or formats)
//! are not compared for which strings they share: a changed one is taken to refuse
//! some strings and accept others.

use serde_json::Value;

use super::core::{Cmp, Conjunct, Flags, Path};
use super::types;
use crate::declare_diff_rule;
use crate::diff::DiffRule;

declare_diff_rule! {
    /// ## What it reports
    /// A `pattern` written on a string schema that had none.
    ///
    /// ## Why breaking on input
    /// A caller sending a string that does not match is refused. On an output or an
    /// error, callers receive strings of a narrower shape: no harm.
    ///
    /// ## Example
    /// `id: {type: string}` becomes `id: {type: string, pattern: "^w-[0-9]+$"}`.
    pub static PATTERN_ADDED = {
        code: "pattern-added",
        summary: "a string must now match a pattern",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `pattern` removed.
    ///
    /// ## Why breaking on output and error
    /// Callers that parse the string by its pattern receive strings that do not
    /// match it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `id: {type: string, pattern: "^w-[0-9]+$"}` becomes `id: {type:
    /// string}`.
    pub static PATTERN_REMOVED = {
        code: "pattern-removed",
        summary: "a string no longer has to match a pattern",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `pattern` replaced by another.
    ///
    /// ## Why breaking on every side
    /// Whether one regular expression matches every string the other does is not
    /// decided: the change is taken to refuse strings callers send and to produce
    /// strings callers do not expect.
    ///
    /// ## Example
    /// `pattern: "^[a-z]+$"` becomes `pattern: "^[a-z0-9]+$"`.
    pub static PATTERN_CHANGED = {
        code: "pattern-changed",
        summary: "a string must match another pattern",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A `format` written on a string schema that had none.
    ///
    /// ## Why breaking on input
    /// A validator that asserts formats refuses a caller's string that does not have
    /// it. On an output or an error, callers receive strings of a narrower shape: no
    /// harm.
    ///
    /// ## Example
    /// `email: {type: string}` becomes `email: {type: string, format: email}`.
    pub static FORMAT_ADDED = {
        code: "format-added",
        summary: "a string must now have a format",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `format` removed.
    ///
    /// ## Why breaking on output and error
    /// Callers that parse the string in its format (a date, a URI) receive strings
    /// that do not have it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `created: {type: string, format: date-time}` loses its `format`.
    pub static FORMAT_REMOVED = {
        code: "format-removed",
        summary: "a string no longer has to have a format",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A string schema's `format` replaced by another.
    ///
    /// ## Why breaking on every side
    /// Strings of the old format are refused from callers, and callers receive
    /// strings in a format their code does not parse.
    ///
    /// ## Example
    /// `when: {type: string, format: date}` becomes `format: date-time`.
    pub static FORMAT_CHANGED = {
        code: "format-changed",
        summary: "a string must have another format",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}

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
