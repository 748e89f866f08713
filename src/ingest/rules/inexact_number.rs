//! Numbers the catalog cannot carry exactly: a literal of the input compared with
//! what the catalog writes back for it.
//!
//! Catalog numbers are 64-bit integers or floats, as serde_json holds them. A literal
//! with at most 15 significant digits and a moderate exponent always comes back as the
//! same decimal number, so only longer literals (and huge or tiny exponents) are
//! compared exactly; for JSON, whose reader does not keep literals, the text is
//! scanned only when the reader made a float at all.

use std::ops::Range;
use std::sync::Arc;

use serde_json::Number;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That every number of a JSON, YAML or TOML input, and every number literal of
    /// the registry a `.harn` module's script surface publishes, comes out of the
    /// catalog as the same decimal number. A catalog holds 64-bit integers and floats: an integer
    /// beyond 64 bits, or a decimal with more digits than a float keeps, is rounded
    /// (`123456789012345678901234567890` becomes `1.2345678901234568e+29`,
    /// `1.00000000000000001` becomes `1.0`, `1e-400` becomes `0.0`). The warning
    /// shows both forms and points at the literal. Spelling alone is no change:
    /// `1E2` written back as `100.0` is the same number.
    ///
    /// What the readers refuse outright, as errors of their own: JSON and TOML
    /// numbers too large for a float (`1e400`, `syntax-error`), TOML integers beyond
    /// 64 bits (`syntax-error`), YAML floats too large (`.inf`, `unsupported-value`),
    /// `.harn` integers beyond 64 bits (`harn-syntax`) and floats too large
    /// (`script-surface`). A YAML hexadecimal or octal integer beyond 64 bits is read
    /// as a string, as YAML's core schema says.
    ///
    /// ## Why
    /// A bound or a default that changes on the way changes what a tool accepts,
    /// and nothing in the catalog would show it.
    ///
    /// ## Example
    /// ```json
    /// {"type": "integer", "maximum": 123456789012345678901234567890}
    /// ```
    pub static INEXACT_NUMBER = {
        code: "inexact-number",
        phase: Input,
        severity: Warning,
        summary: "a number is rounded on its way into the catalog",
    }
}

/// A decimal literal as sign, significant digits and exponent: the value is
/// `0.DIGITS × 10^exponent`. Compared digit by digit, so that spellings of one
/// number (`1E2`, `100.0`) are equal.
#[derive(Debug)]
struct Decimal<'a> {
    negative: bool,
    /// From the first to the last significant digit, possibly with one `.` inside.
    digits: &'a [u8],
    exponent: i64,
}

impl Decimal<'_> {
    /// Reads `[+-]digits[.digits][(e|E)[+-]digits]` (a digit on one side of the
    /// point at least); `None` for anything else.
    fn parse(text: &str) -> Option<Decimal<'_>> {
        let bytes = text.as_bytes();
        let (negative, unsigned) = match bytes.first()? {
            b'-' => (true, &bytes[1..]),
            b'+' => (false, &bytes[1..]),
            _ => (false, bytes),
        };
        let mantissa_len = unsigned.iter().position(|b| !b.is_ascii_digit() && *b != b'.').unwrap_or(unsigned.len());
        let (mantissa, rest) = unsigned.split_at(mantissa_len);
        let integer_len = mantissa.iter().position(|b| *b == b'.').unwrap_or(mantissa.len());
        if mantissa.iter().filter(|b| **b == b'.').count() > 1 || !mantissa.iter().any(u8::is_ascii_digit) {
            return None;
        }
        let exponent = match rest {
            [] => 0,
            [b'e' | b'E', exponent @ ..] => parse_exponent(exponent)?,
            _ => return None,
        };
        let Some(first) = mantissa.iter().position(|b| b.is_ascii_digit() && *b != b'0') else {
            return Some(Decimal { negative: false, digits: &[], exponent: 0 });
        };
        let last = mantissa.iter().rposition(|b| b.is_ascii_digit() && *b != b'0').unwrap_or(first);
        // Digits between the point and the first significant one lower the exponent.
        let leading = mantissa[..first].iter().filter(|b| b.is_ascii_digit()).count() as i64;
        let exponent = (integer_len as i64 - leading).saturating_add(exponent);
        Some(Decimal { negative, digits: &mantissa[first..=last], exponent })
    }

    fn significant_digits(&self) -> usize {
        self.digits.iter().filter(|b| b.is_ascii_digit()).count()
    }

    /// Whether a float keeps this number for sure: at most 15 significant digits
    /// (any such decimal round-trips through a 64-bit float, read with correct
    /// rounding, as serde_json does with its `float_roundtrip` feature, which
    /// jsonschema turns on) and far from the ends of the float range, where
    /// precision thins out.
    fn surely_exact(&self) -> bool {
        self.significant_digits() <= 15 && (-300..=300).contains(&self.exponent)
    }

    fn same_number(&self, other: &Decimal<'_>) -> bool {
        let digits = |d: &Decimal<'_>| d.digits.iter().copied().filter(u8::is_ascii_digit).collect::<Vec<u8>>();
        self.negative == other.negative && self.exponent == other.exponent && digits(self) == digits(other)
    }
}

/// An exponent's digits, saturating far beyond any float's range.
fn parse_exponent(text: &[u8]) -> Option<i64> {
    let (sign, digits) = match text.first()? {
        b'-' => (-1, &text[1..]),
        b'+' => (1, &text[1..]),
        _ => (1, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |n, d| n.saturating_mul(10).saturating_add(i64::from(d - b'0')));
    Some(sign * magnitude.min(1 << 40))
}

/// The warning for `literal` (at `range` of `source`) when the catalog writes it back
/// as a different number; `value` is what the reader made of it, `None` when the
/// literal is surely exact or not a decimal literal at all.
fn check(
    source: &Arc<SourceFile>,
    range: Range<usize>,
    literal: &str,
    value: impl FnOnce() -> Option<Number>,
) -> Option<Diagnostic> {
    let read = Decimal::parse(literal)?;
    if read.surely_exact() {
        return None;
    }
    let written = value()?.to_string();
    if read.same_number(&Decimal::parse(&written)?) {
        return None;
    }
    let shown = source.text.get(range.clone()).unwrap_or(literal);
    Some(
        INEXACT_NUMBER
            .diag(format!("the number {shown} cannot be kept exactly: the catalog says {written}"))
            .at(Origin::span(source, range))
            .help(format!(
                "a catalog's numbers are 64-bit integers and floats; write {written} to make the rounding explicit, \
                 or a string where every digit matters"
            )),
    )
}

/// The warnings for the numbers of a JSON text that serde_json rounds. Each literal
/// is read again by serde_json itself, so the written form is exactly the one the
/// document got.
pub fn in_json(source: &Arc<SourceFile>) -> Vec<Diagnostic> {
    let text = source.text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < text.len() {
        match text[at] {
            b'"' => {
                at += 1;
                while at < text.len() && text[at] != b'"' {
                    at += if text[at] == b'\\' { 2 } else { 1 };
                }
                at += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = at;
                while at < text.len() && matches!(text[at], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    at += 1;
                }
                let literal = &source.text[start..at];
                found.extend(check(source, start..at, literal, || serde_json::from_str(literal).ok()));
            }
            _ => at += 1,
        }
    }
    found
}

/// The warning for a YAML float scalar starting at byte `start` (at its tag, if it
/// has one), which the reader made `value` of.
pub fn in_yaml(source: &Arc<SourceFile>, mut start: usize, value: f64) -> Option<Diagnostic> {
    let mut rest = source.text.get(start..)?;
    if rest.starts_with('!') {
        let tag = rest.find(char::is_whitespace)?;
        let skipped = rest.len() - rest[tag..].trim_start().len();
        start += skipped;
        rest = &rest[skipped..];
    }
    let len = rest.find(|c: char| !matches!(c, '-' | '+' | '.' | 'e' | 'E' | '0'..='9')).unwrap_or(rest.len());
    check(source, start..start + len, &rest[..len], || Number::from_f64(value))
}

/// The warning for a `.harn` float literal at `range` of `source` (its `-` included
/// when the parser folded one in), which the parser made `value` of. Harn allows `_`
/// between digits and spaces after the `-`; neither is part of the number.
pub fn in_harn(source: &Arc<SourceFile>, range: Range<usize>, value: f64) -> Option<Diagnostic> {
    let literal: String = source.text.get(range.clone())?.chars().filter(|c| *c != '_' && !c.is_whitespace()).collect();
    check(source, range, &literal, || Number::from_f64(value))
}

/// The warnings for the floats of a TOML text (its integers are 64-bit or refused).
/// The text is parsed once more, keeping literals: call only when it has floats.
pub fn in_toml(source: &Arc<SourceFile>) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    if let Ok(table) = DeTable::parse(&source.text) {
        for (_, value) in table.get_ref() {
            toml_floats(source, value, &mut found);
        }
    }
    found
}

fn toml_floats(source: &Arc<SourceFile>, value: &Spanned<DeValue<'_>>, found: &mut Vec<Diagnostic>) {
    match value.get_ref() {
        DeValue::Float(float) => {
            // `as_str` is the literal without its underscores, as the reader parses it.
            let literal = float.as_str();
            let parsed = || literal.parse::<f64>().ok().and_then(Number::from_f64);
            found.extend(check(source, value.span(), literal, parsed));
        }
        DeValue::Array(items) => items.iter().for_each(|item| toml_floats(source, item, found)),
        DeValue::Table(table) => table.iter().for_each(|(_, item)| toml_floats(source, item, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Format;

    fn same(a: &str, b: &str) -> bool {
        Decimal::parse(a).unwrap().same_number(&Decimal::parse(b).unwrap())
    }

    #[test]
    fn spellings_of_one_number_are_the_same_number() {
        assert!(same("1E2", "100.0"));
        assert!(same("0.00120", "1.2e-3"));
        assert!(same("-0", "0.0"));
        assert!(same("+.5", "0.5"));
        assert!(same("5.", "5"));
        assert!(!same("1.00000000000000001", "1.0"));
        assert!(!same("123456789012345678901234567890", "1.2345678901234568e+29"));
        assert!(!same("-1", "1"));
        assert!(!same("1e-400", "0.0"));
    }

    #[test]
    fn short_literals_are_surely_exact_and_long_ones_are_compared() {
        assert!(Decimal::parse("0.123456789012345").unwrap().surely_exact());
        assert!(Decimal::parse("100000000000000000000000").unwrap().surely_exact());
        assert!(!Decimal::parse("0.1234567890123456").unwrap().surely_exact());
        assert!(!Decimal::parse("1e-400").unwrap().surely_exact());
        assert!(!Decimal::parse("1e99999999999999999999999").unwrap().surely_exact());
        for not_decimal in ["", "-", ".", "1.2.3", "1e", "1e+", "1e-", "1e5x", "0x10", "inf", "1_000"] {
            assert!(Decimal::parse(not_decimal).is_none(), "{not_decimal}");
        }
    }

    /// A `.harn` literal is compared without its underscores nor the space after its
    /// `-`, and shown as written.
    #[test]
    fn harn_literals_are_read_as_the_parser_reads_them() {
        let text = "x = - 1e-400, y = 1_000.000_000_000_000_000_1, z = 1_000.5";
        let source = Arc::new(SourceFile::new("t.harn", text.to_owned(), crate::source::Format::Harn));
        let at = |literal: &str| text.find(literal).map(|start| start..start + literal.len()).unwrap();
        let tiny = in_harn(&source, at("- 1e-400"), -0.0).expect("1e-400 is rounded to zero");
        assert!(tiny.message.starts_with("the number - 1e-400 cannot be kept exactly: the catalog says -0.0"));
        assert!(in_harn(&source, at("1_000.000_000_000_000_000_1"), 1000.0).is_some());
        assert!(in_harn(&source, at("1_000.5"), 1000.5).is_none());
    }

    /// The scan reads no further than the text: it may end right after a number (a
    /// document that is only a number) or, in text that is not JSON, inside a string.
    #[test]
    fn the_json_scan_stops_at_the_end_of_the_text() {
        let source = |text: &str| Arc::new(SourceFile::new("widgets.json", text.to_owned(), Format::Json));
        assert_eq!(in_json(&source("1.00000000000000001")).len(), 1);
        assert!(in_json(&source("\"1.00000000000000001")).is_empty());
        assert!(in_json(&source("\"ends in an escape\\")).is_empty());
    }

    /// The fast path holds only if serde_json rounds correctly, as `str::parse` does.
    #[test]
    fn serde_json_reads_floats_with_correct_rounding() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..5_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let digits = (state >> 11) % 1_000_000_000_000_000;
            let exponent = ((state >> 3) % 580) as i64 - 300;
            let literal = format!("{digits}e{exponent}");
            let read: f64 = serde_json::from_str(&literal).unwrap();
            assert_eq!(read, literal.parse::<f64>().unwrap(), "{literal}");
        }
    }
}
