//! `enum` and `const`: a schema that lists the values it accepts. A `const` is a list
//! of one; a value of a list whose `type` refuses it is no value of the list.

use serde_json::Value;

use super::core::{Cmp, Conjunct, Flags, Path, json_eq};
use super::types;
use crate::declare_diff_rule;
use crate::pointer::Pointer;

declare_diff_rule! {
    /// ## What it reports
    /// A value an `enum` (or a `const` turned `enum`) listed that the new list does
    /// not.
    ///
    /// ## Why breaking on input
    /// A caller that sends the value is refused. Callers never receive it from an
    /// output or an error again: no harm.
    ///
    /// ## Example
    /// `mode: {enum: [fast, safe]}` becomes `mode: {enum: [safe]}`: `mode` no longer
    /// accepts `"fast"`.
    pub static ENUM_VALUE_REMOVED = {
        code: "enum-value-removed",
        summary: "an enum no longer lists a value",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A value the new `enum` lists that the old list (or `const`) did not.
    ///
    /// ## Why a warning on output and error
    /// A caller that handles every value it knew of (a `match`, a `switch` without a
    /// default) meets one it does not know. On an input, callers may send more: no
    /// harm.
    ///
    /// ## Example
    /// An output's `status: {enum: [open, closed]}` becomes `{enum: [open, closed,
    /// archived]}`.
    pub static ENUM_VALUE_ADDED = {
        code: "enum-value-added",
        summary: "an enum lists a new value",
        levels: { input: Info, output: Warning, error: Warning },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// An `enum` written where any value of the schema's types was accepted.
    ///
    /// ## Why breaking on input
    /// Every value outside the list is refused. On an output or an error, callers
    /// receive fewer values: no harm.
    ///
    /// ## Example
    /// `mode: {type: string}` becomes `mode: {type: string, enum: [fast, safe]}`.
    pub static ENUM_ADDED = {
        code: "enum-added",
        summary: "an enum restricts a schema that had none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// An `enum` removed: any value of the schema's types is accepted.
    ///
    /// ## Why breaking on output and error
    /// Callers receive values outside the list their code handles. On an input,
    /// callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `status: {type: string, enum: [open, closed]}` becomes `status:
    /// {type: string}`.
    pub static ENUM_REMOVED = {
        code: "enum-removed",
        summary: "an enum no longer restricts a schema",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A `const` written where any value of the schema's types was accepted.
    ///
    /// ## Why breaking on input
    /// Every other value is refused. On an output or an error, callers receive one
    /// value: no harm.
    ///
    /// ## Example
    /// `version: {type: integer}` becomes `version: {const: 2}`.
    pub static CONST_ADDED = {
        code: "const-added",
        summary: "a const restricts a schema that had none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A `const` removed: any value of the schema's types is accepted.
    ///
    /// ## Why breaking on output and error
    /// Callers that relied on the one value (a discriminator, a version) receive
    /// others. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `kind: {const: widget}` becomes `kind: {type: string}`.
    pub static CONST_REMOVED = {
        code: "const-removed",
        summary: "a const no longer restricts a schema",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A `const` replaced by another.
    ///
    /// ## Why breaking on every side
    /// The old value is refused from callers, and the new one is a value callers
    /// receiving it have never seen.
    ///
    /// ## Example
    /// `version: {const: 1}` becomes `version: {const: 2}`.
    pub static CONST_CHANGED = {
        code: "const-changed",
        summary: "a const was replaced",
        levels: { input: Breaking, output: Breaking, error: Breaking },
    }
}

fn keyword(c: &Conjunct<'_>) -> &'static str {
    if c.has("const") { "const" } else { "enum" }
}

pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let subject = cmp.subject(path);
    match (types::listed(a), types::listed(b)) {
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
