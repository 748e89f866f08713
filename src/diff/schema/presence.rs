//! Schemas that accept nothing (`false`) on one side only, and output and error
//! schemas written or removed.

use super::core::{Cmp, Flags, Loc, Path};
use crate::diff::rules::{VALUE_ALLOWED, VALUE_REFUSED};

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
