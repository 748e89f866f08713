//! RFC 8785 (JCS) canonical JSON written straight into a buffer, for the documents
//! whose numbers are all integers of at most 2^53 in magnitude (a schema's usual
//! `minimum`, `maxLength`, `enum` members): their ECMAScript form is their digits.
//! Any other number makes [`write()`] give up, and the caller canonicalises the document
//! with `serde_json_canonicalizer`, which formats every number as ECMAScript does.
//!
//! Why not the crate for everything: it serialises each member of every object to a
//! buffer of its own in order to sort them, which made hashing a quarter of an SDK's
//! work; here members are sorted by name before they are written, once. The
//! contract hash tests compare both on every document they hash.

use serde_json::Value;

use crate::schema::walk::{self, Holds};

/// The largest integer an IEEE double holds exactly, and so prints as its digits.
const EXACT: u64 = 1 << 53;

/// A number [`write()`] does not format: a float, or an integer beyond 2^53.
#[derive(Debug, PartialEq, Eq)]
pub struct NotExact;

/// How a value is written: as data, or as a schema node whose string-valued
/// annotation keywords (`skip`) are left out, in it and in every subschema.
#[derive(Clone, Copy)]
pub enum Form<'k> {
    Data,
    Schema { skip: &'k [&'k str] },
}

/// Appends the JCS form of `value` (read as `form` says) to `out`.
pub fn write(value: &Value, form: Form<'_>, out: &mut Vec<u8>) -> Result<(), NotExact> {
    match (value, form) {
        (Value::Object(members), Form::Data) => {
            sorted(members.iter().map(|(k, v)| (k.as_str(), v)), out, |_, v, out| write(v, Form::Data, out))
        }
        (Value::Object(node), Form::Schema { skip }) => {
            let kept = node.iter().filter(|(k, v)| !(v.is_string() && skip.contains(&k.as_str())));
            sorted(kept.map(|(k, v)| (k.as_str(), v)), out, |k, v, out| keyword(k, v, form, out))
        }
        (Value::Array(items), _) => list(items, Form::Data, out),
        (Value::Number(n), _) => number(n, out),
        (scalar, _) => {
            serde_json::to_writer(&mut *out, scalar).expect("a scalar serialises");
            Ok(())
        }
    }
}

/// Appends the JCS form of an object whose members are given, each value written as
/// its form says.
pub fn object<'k, 'v, 'f>(
    members: impl Iterator<Item = (&'k str, &'v Value, Form<'f>)>,
    out: &mut Vec<u8>,
) -> Result<(), NotExact> {
    sorted(members.map(|(k, v, form)| (k, (v, form))), out, |_, (v, form), out| write(v, form, out))
}

/// The value of a schema node's `keyword`: its subschemas are schema nodes in the
/// node's form; anything else is data.
fn keyword(keyword: &str, value: &Value, node: Form<'_>, out: &mut Vec<u8>) -> Result<(), NotExact> {
    match (walk::holds(keyword), value) {
        (Holds::One, subschema) => write(subschema, node, out),
        (Holds::List, Value::Array(subschemas)) => list(subschemas, node, out),
        (Holds::Map, Value::Object(subschemas)) => {
            sorted(subschemas.iter().map(|(k, v)| (k.as_str(), v)), out, |_, v, out| write(v, node, out))
        }
        _ => write(value, Form::Data, out),
    }
}

fn list(items: &[Value], form: Form<'_>, out: &mut Vec<u8>) -> Result<(), NotExact> {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(item, form, out)?;
    }
    out.push(b']');
    Ok(())
}

/// `{`, the members sorted by the UTF-16 code units of their names (RFC 8785
/// §3.2.3), each name, a colon and its value written by `each`, `}`.
fn sorted<'k, T>(
    members: impl Iterator<Item = (&'k str, T)>,
    out: &mut Vec<u8>,
    each: impl Fn(&str, T, &mut Vec<u8>) -> Result<(), NotExact>,
) -> Result<(), NotExact> {
    let mut members: Vec<(&str, T)> = members.collect();
    members.sort_unstable_by(|(a, _), (b, _)| {
        // Byte order is code point order, which is UTF-16 order unless a name holds a
        // character beyond the BMP.
        if a.is_ascii() && b.is_ascii() { a.cmp(b) } else { a.encode_utf16().cmp(b.encode_utf16()) }
    });
    out.push(b'{');
    for (i, (key, value)) in members.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        serde_json::to_writer(&mut *out, key).expect("a string serialises");
        out.push(b':');
        each(key, value, out)?;
    }
    out.push(b'}');
    Ok(())
}

fn number(n: &serde_json::Number, out: &mut Vec<u8>) -> Result<(), NotExact> {
    let exact = match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => u <= EXACT,
        (None, Some(i)) => i.unsigned_abs() <= EXACT,
        _ => false,
    };
    if !exact {
        return Err(NotExact);
    }
    serde_json::to_writer(&mut *out, n).expect("a number serialises");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ours(value: &Value) -> Result<String, NotExact> {
        let mut out = Vec::new();
        write(value, Form::Data, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    fn theirs(value: &Value) -> String {
        String::from_utf8(serde_json_canonicalizer::to_vec(value).unwrap()).unwrap()
    }

    #[test]
    fn data_is_written_as_the_crate_writes_it() {
        let values = [
            json!({"b": 1, "a": [true, null, -3, 9007199254740992_u64], "é": "\u{7f}\u{1f}\n\"\\", "": {}}),
            // U+FFFD sorts after a character beyond the BMP in code points, before it
            // in UTF-16 (its surrogates are D83D…).
            json!({"\u{fffd}": 1, "😀": 2, "z": 3, "\u{e9}": 4, "Z": 5}),
            json!([{"y": [], "x": {"b": "\u{2028}", "a": "tab\tend"}}]),
            json!("plain"),
        ];
        for value in values {
            assert_eq!(ours(&value).unwrap(), theirs(&value), "{value}");
        }
    }

    #[test]
    fn numbers_that_need_ecmascript_formatting_are_given_up() {
        for value in [json!({"a": 1.5}), json!([9007199254740993_u64]), json!(-9007199254740993_i64), json!(1e21)] {
            assert_eq!(ours(&value), Err(NotExact), "{value}");
        }
        assert!(ours(&json!(-9007199254740992_i64)).is_ok());
    }
}
