//! Schemas that accept nothing (`false`) on one side only, and output and error
//! schemas written or removed.

use super::core::{Cmp, Flags, Loc, Path};
use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A place that accepted values and now accepts none: its schema became `false`,
    /// or a property of a closed object (`additionalProperties: false`) is no longer
    /// declared, or a tuple position was dropped where no further items are allowed.
    ///
    /// ## Why breaking on input
    /// Every caller that sent a value there is refused. On an output or an error,
    /// callers stop receiving it: no harm to what they accept.
    ///
    /// ## Example
    /// `{properties: {a: {}, b: {}}, additionalProperties: false}` loses `b`: a
    /// caller sending `b` is refused.
    pub static VALUE_REFUSED = {
        code: "value-refused",
        summary: "a place that accepted values accepts none",
        levels: { input: Breaking, output: Info, error: Info },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A place that accepted nothing (`false`, or a name a closed object did not
    /// declare) that now accepts values: a property declared on a closed object, say.
    ///
    /// ## Why breaking on output and error
    /// Callers receive a value where their code, and the old schema, expected none:
    /// a strict client refuses it. On an input, callers may send more: no harm.
    ///
    /// ## Example
    /// An output's `{properties: {a: {}}, additionalProperties: false}` declares `b`.
    pub static VALUE_ALLOWED = {
        code: "value-allowed",
        summary: "a place that accepted nothing accepts values",
        levels: { input: Info, output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `outputSchema` or `errorSchema` removed.
    ///
    /// ## Why breaking
    /// Callers lose the promise of what the tool returns (or throws): any value may
    /// come, and generated client types lose their shape.
    ///
    /// ## Example
    /// `widgets.get` no longer declares `returns`.
    pub static SCHEMA_REMOVED = {
        code: "schema-removed",
        summary: "an output or error schema was removed",
        levels: { output: Breaking, error: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `outputSchema` or `errorSchema` written where there was none.
    ///
    /// ## Why info
    /// Callers received any value before; now they are promised a shape.
    ///
    /// ## Example
    /// `widgets.get` declares `returns: {type: object}`.
    pub static SCHEMA_ADDED = {
        code: "schema-added",
        summary: "an output or error schema was written",
        levels: { output: Info, error: Info },
    }
}

/// `old` accepted nothing; `new` accepts values.
pub(super) fn allowed<'a>(cmp: &mut Cmp<'a, '_>, old: &Loc<'a>, new: &Loc<'a>, path: &Path) -> Flags {
    let message = match cmp.side {
        crate::diff::Side::Input => format!("{} was refused and is now accepted", cmp.subject(path)),
        _ => format!("{} could not be present and now can be", cmp.subject(path)),
    };
    let new_value = (!new.is_synthetic()).then_some(new.value);
    cmp.report(VALUE_ALLOWED, Flags::WIDENS, message, old.ptr.clone(), new.ptr.clone(), Some(old.value), new_value)
}

/// `old` accepted values; `new` accepts none.
pub(super) fn refused<'a>(cmp: &mut Cmp<'a, '_>, old: &Loc<'a>, new: &Loc<'a>, path: &Path) -> Flags {
    let message = match cmp.side {
        crate::diff::Side::Input => format!("{} is no longer accepted: no value is", cmp.subject(path)),
        _ => format!("{} can no longer be present", cmp.subject(path)),
    };
    let old_value = (!old.is_synthetic()).then_some(old.value);
    cmp.report(VALUE_REFUSED, Flags::NARROWS, message, old.ptr.clone(), new.ptr.clone(), old_value, Some(new.value))
}
