//! Bounds: `minimum`, `maximum` and their exclusive forms, `multipleOf`, the
//! lengths of strings, arrays and objects, and `uniqueItems`. Each applies to one
//! type only and is compared only where a side accepts that type.

use serde_json::{Number, Value};

use super::core::{Cmp, Conjunct, Flags, Path, json_eq};
use super::types;
use crate::diff::rules::{CONSTRAINT_CHANGED, CONSTRAINT_LOOSENED, CONSTRAINT_TIGHTENED};

/// A lower or upper bound: its value and whether the value itself is excluded.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bound {
    value: f64,
    exclusive: bool,
}

impl Bound {
    fn show(self, lower: bool) -> String {
        let sign = match (lower, self.exclusive) {
            (true, false) => ">=",
            (true, true) => ">",
            (false, false) => "<=",
            (false, true) => "<",
        };
        format!("{sign} {}", number_text(self.value))
    }
}

fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 { format!("{}", value as i64) } else { format!("{value}") }
}

/// The tighter lower (or upper) bound of an inclusive and an exclusive keyword,
/// with the keyword it came from; on integers only, as an inclusive integer bound.
fn bound<'a>(c: &Conjunct<'a>, lower: bool, integers: bool) -> Option<(Bound, &'static str)> {
    let (inclusive, exclusive) = if lower { ("minimum", "exclusiveMinimum") } else { ("maximum", "exclusiveMaximum") };
    let mut found: Option<(Bound, &'static str)> = None;
    for (keyword, is_exclusive) in [(inclusive, false), (exclusive, true)] {
        let Some(value) = c.value(keyword).and_then(Value::as_f64) else {
            continue;
        };
        let mut b = Bound { value, exclusive: is_exclusive };
        if integers {
            b = match (lower, is_exclusive) {
                (true, false) => Bound { value: value.ceil(), exclusive: false },
                (true, true) => Bound { value: value.floor() + 1.0, exclusive: false },
                (false, false) => Bound { value: value.floor(), exclusive: false },
                (false, true) => Bound { value: value.ceil() - 1.0, exclusive: false },
            };
        }
        let tighter = match found {
            None => true,
            Some((f, _)) => tighter(b, f, lower),
        };
        if tighter {
            found = Some((b, keyword));
        }
    }
    found
}

/// Whether `x` refuses more than `y`.
fn tighter(x: Bound, y: Bound, lower: bool) -> bool {
    if x.value == y.value {
        return x.exclusive && !y.exclusive;
    }
    if lower { x.value > y.value } else { x.value < y.value }
}

pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, types_: u8, path: &Path) -> Flags {
    let mut flags = Flags::NONE;
    if types_ & types::NUMBER != 0 {
        let integers = types_ & types::FRACTION == 0;
        for lower in [true, false] {
            flags |= compare_bound(cmp, a, b, lower, integers, path);
        }
        flags |= multiple_of(cmp, a, b, path);
    }
    let counts: [(u8, &str, &str); 3] = [
        (types::STRING, "minLength", "maxLength"),
        (types::ARRAY, "minItems", "maxItems"),
        (types::OBJECT, "minProperties", "maxProperties"),
    ];
    for (bits, min, max) in counts {
        if types_ & bits != 0 {
            flags |= count(cmp, a, b, min, true, path);
            flags |= count(cmp, a, b, max, false, path);
        }
    }
    if types_ & types::ARRAY != 0 {
        let unique = |c: &Conjunct<'_>| c.value("uniqueItems") == Some(&Value::Bool(true));
        let subject = cmp.subject(path);
        let (ua, ub) = (a.value("uniqueItems"), b.value("uniqueItems"));
        match (unique(a), unique(b)) {
            (false, true) => {
                let message = format!("{subject} must now hold unique items");
                flags |= cmp.report(
                    CONSTRAINT_TIGHTENED,
                    Flags::NARROWS,
                    message,
                    a.ptr("uniqueItems"),
                    b.ptr("uniqueItems"),
                    ua,
                    ub,
                );
            }
            (true, false) => {
                let message = format!("{subject} may now hold repeated items");
                flags |= cmp.report(
                    CONSTRAINT_LOOSENED,
                    Flags::WIDENS,
                    message,
                    a.ptr("uniqueItems"),
                    b.ptr("uniqueItems"),
                    ua,
                    ub,
                );
            }
            _ => {}
        }
    }
    flags
}

fn compare_bound<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    lower: bool,
    integers: bool,
    path: &Path,
) -> Flags {
    let (old, new) = (bound(a, lower, integers), bound(b, lower, integers));
    let what = if lower { "lower bound" } else { "upper bound" };
    let a_what = if lower { "a lower bound" } else { "an upper bound" };
    let subject = cmp.subject(path);
    let at = |c: &Conjunct<'a>, found: Option<(Bound, &'static str)>| match found {
        Some((_, keyword)) => (c.ptr(keyword), c.value(keyword)),
        None => (c.at.ptr.clone(), None),
    };
    let ((old_ptr, old_value), (new_ptr, new_value)) = (at(a, old), at(b, new));
    let (rule, flags, message) = match (old, new) {
        (None, Some((n, _))) => {
            (CONSTRAINT_TIGHTENED, Flags::NARROWS, format!("{subject} now has {a_what} ({})", n.show(lower)))
        }
        (Some((o, _)), None) => {
            (CONSTRAINT_LOOSENED, Flags::WIDENS, format!("{subject} no longer has {a_what} (was {})", o.show(lower)))
        }
        (Some((o, _)), Some((n, _))) if tighter(n, o, lower) => (
            CONSTRAINT_TIGHTENED,
            Flags::NARROWS,
            format!("{subject}: {what} tightened from {} to {}", o.show(lower), n.show(lower)),
        ),
        (Some((o, _)), Some((n, _))) if tighter(o, n, lower) => (
            CONSTRAINT_LOOSENED,
            Flags::WIDENS,
            format!("{subject}: {what} loosened from {} to {}", o.show(lower), n.show(lower)),
        ),
        // No bound on either side, or the same.
        _ => return Flags::NONE,
    };
    cmp.report(rule, flags, message, old_ptr, new_ptr, old_value, new_value)
}

fn count<'a>(
    cmp: &mut Cmp<'a, '_>,
    a: &Conjunct<'a>,
    b: &Conjunct<'a>,
    keyword: &str,
    lower: bool,
    path: &Path,
) -> Flags {
    let (va, vb) = (a.value(keyword), b.value(keyword));
    let (old, new) = (va.and_then(Value::as_f64), vb.and_then(Value::as_f64));
    // An absent minimum is 0; an absent maximum is none.
    let effective = |v: Option<f64>| if lower { Some(v.unwrap_or(0.0)) } else { v };
    let (eo, en) = (effective(old), effective(new));
    let narrows = match (eo, en) {
        (Some(o), Some(n)) if o == n => return Flags::NONE,
        (Some(o), Some(n)) => (n > o) == lower,
        (None, Some(_)) => true,
        (Some(_), None) => false,
        (None, None) => return Flags::NONE,
    };
    let subject = cmp.subject(path);
    let message = match (old, new) {
        (None, Some(n)) => format!("{subject} now has a `{keyword}` of {}", number_text(n)),
        (Some(o), None) => format!("{subject} no longer has a `{keyword}` (was {})", number_text(o)),
        (Some(o), Some(n)) => {
            let verb = if n > o { "raised" } else { "lowered" };
            format!("{subject}: `{keyword}` {verb} from {} to {}", number_text(o), number_text(n))
        }
        (None, None) => return Flags::NONE,
    };
    let (rule, flags) =
        if narrows { (CONSTRAINT_TIGHTENED, Flags::NARROWS) } else { (CONSTRAINT_LOOSENED, Flags::WIDENS) };
    cmp.report(rule, flags, message, a.ptr(keyword), b.ptr(keyword), va, vb)
}

/// A JSON number as an exact decimal: `mantissa × 10^exponent`.
fn decimal(n: &Number) -> Option<(i128, i32)> {
    let text = n.to_string();
    let (digits, exponent) = match text.split_once(['e', 'E']) {
        Some((d, e)) => (d, e.parse::<i32>().ok()?),
        None => (text.as_str(), 0),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mantissa: i128 = format!("{whole}{fraction}").parse().ok()?;
    Some((mantissa, exponent - i32::try_from(fraction.len()).ok()?))
}

/// Whether `x` is an integer multiple of `y` (both decimals), when that can be told.
fn is_multiple(x: &Number, y: &Number) -> Option<bool> {
    let ((mx, ex), (my, ey)) = (decimal(x)?, decimal(y)?);
    let e = ex.min(ey);
    let scale = |m: i128, from: i32| 10i128.checked_pow(u32::try_from(from - e).ok()?).and_then(|p| m.checked_mul(p));
    let (sx, sy) = (scale(mx, ex)?, scale(my, ey)?);
    if sy == 0 {
        return None;
    }
    Some(sx % sy == 0)
}

/// 2^53 − 1 (JavaScript's `Number.MAX_SAFE_INTEGER`): past it, not every integer is a
/// float, so a literal may not be the number it spells.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

fn multiple_of<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let (va, vb) = (a.value("multipleOf"), b.value("multipleOf"));
    let subject = cmp.subject(path);
    let (rule, flags, message) = match (va, vb) {
        (None, None) => return Flags::NONE,
        (None, Some(n)) => (CONSTRAINT_TIGHTENED, Flags::NARROWS, format!("{subject} must now be a multiple of {n}")),
        (Some(o), None) => {
            (CONSTRAINT_LOOSENED, Flags::WIDENS, format!("{subject} no longer has to be a multiple of {o}"))
        }
        (Some(x), Some(y)) if json_eq(x, y) => return Flags::NONE,
        (Some(Value::Number(o)), Some(Value::Number(n))) => {
            // Validators divide in floating point, where 0.3 is no multiple of 0.1 and
            // a quotient may round to an integer: only integers divide exactly, and
            // only up to 2^53 − 1, below which every integer is a float.
            let integral = |x: &Number| x.as_f64().is_some_and(|f| f.fract() == 0.0 && f.abs() <= MAX_SAFE_INTEGER);
            let exact = integral(o) && integral(n);
            let tightens = exact && is_multiple(n, o) == Some(true);
            let loosens = exact && is_multiple(o, n) == Some(true);
            match (tightens, loosens) {
                (true, _) => (
                    CONSTRAINT_TIGHTENED,
                    Flags::NARROWS,
                    format!("{subject} must now be a multiple of {n}, not only of {o}"),
                ),
                (false, true) => (
                    CONSTRAINT_LOOSENED,
                    Flags::WIDENS,
                    format!("{subject} must now be a multiple of {n}, a divisor of {o}"),
                ),
                _ => (
                    CONSTRAINT_CHANGED,
                    Flags::BOTH,
                    format!(
                        "{subject} must now be a multiple of {n} instead of {o}: some values are refused, others accepted"
                    ),
                ),
            }
        }
        (Some(o), Some(n)) => {
            (CONSTRAINT_CHANGED, Flags::BOTH, format!("{subject}: `multipleOf` changed from {o} to {n}"))
        }
    };
    cmp.report(rule, flags, message, a.ptr("multipleOf"), b.ptr("multipleOf"), va, vb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Number {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn multiples_are_decided_on_decimals() {
        assert_eq!(is_multiple(&n("4"), &n("2")), Some(true));
        assert_eq!(is_multiple(&n("2"), &n("4")), Some(false));
        assert_eq!(is_multiple(&n("3"), &n("2")), Some(false));
        // 0.3 is three times 0.1 in decimals, though not in binary floating point.
        assert_eq!(is_multiple(&n("0.3"), &n("0.1")), Some(true));
        assert_eq!(is_multiple(&n("0.1"), &n("0.01")), Some(true));
        assert_eq!(is_multiple(&n("0.01"), &n("0.1")), Some(false));
        assert_eq!(is_multiple(&n("1e2"), &n("25")), Some(true));
        assert_eq!(is_multiple(&n("2.5"), &n("0.5")), Some(true));
    }

    #[test]
    fn integer_bounds_are_compared_as_integers() {
        let bound = |v: f64, e: bool| Bound { value: v, exclusive: e };
        assert!(tighter(bound(1.0, true), bound(1.0, false), true));
        assert!(!tighter(bound(1.0, false), bound(1.0, true), true));
        assert!(tighter(bound(5.0, false), bound(10.0, false), false));
    }
}
