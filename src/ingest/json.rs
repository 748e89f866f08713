//! JSON inputs: serde_json, with duplicate keys refused.

use std::fmt;
use std::sync::Arc;

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Value};

use super::rules::{duplicate_key, syntax_error, too_deep_at};
use crate::diagnostics::Diagnostic;
use crate::source::SourceFile;

/// Parses the whole text as one JSON value.
pub fn parse(source: &Arc<SourceFile>) -> Result<Value, Diagnostic> {
    let mut deserializer = serde_json::Deserializer::from_str(&source.text);
    // serde_json's own limit stops at 127 levels; StrictValue counts to MAX_DEPTH
    // itself, so the recursion stays bounded.
    deserializer.disable_recursion_limit();
    let value = StrictValue { depth: 0 }
        .deserialize(&mut deserializer)
        .and_then(|value| deserializer.end().map(|()| value))
        .map_err(|e| diagnostic(source, &e))?;
    Ok(value)
}

const DUPLICATE_PREFIX: &str = "duplicate key ";
const TOO_DEEP: &str = "recursion limit exceeded";

fn diagnostic(source: &Arc<SourceFile>, error: &serde_json::Error) -> Diagnostic {
    let offset = if error.line() == 0 {
        source.text.len()
    } else {
        let line = error.line() - 1;
        let range = source.lines().line_range(&source.text, line);
        crate::source::floor_char_boundary(
            &source.text,
            (range.start + error.column().saturating_sub(1)).min(range.end),
        )
    };
    let full = error.to_string();
    let message = full.rsplit_once(" at line ").map_or(full.as_str(), |(message, _)| message);
    if let Some(key) = message.strip_prefix(DUPLICATE_PREFIX) {
        // The parser stops just after the key: point at the key itself.
        let quoted = serde_json::to_string(key).unwrap_or_default();
        let end = crate::source::floor_char_boundary(&source.text, (offset + 1).min(source.text.len()));
        let start = source.text[..end].rfind(&quoted).unwrap_or(offset);
        return duplicate_key(source, start..start + quoted.len(), key);
    }
    if message.starts_with(TOO_DEEP) {
        return too_deep_at(source, offset..offset + 1);
    }
    syntax_error(source, offset..offset + 1, message)
}

/// Deserialises a `serde_json::Value`, refusing objects that repeat a key and
/// nesting deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels.
#[derive(Clone, Copy)]
struct StrictValue {
    /// The arrays and objects around the value.
    depth: usize,
}

impl StrictValue {
    /// The seed of a value inside the array or object this one opens, or the error
    /// when that array or object is one level too many.
    fn enter<E: serde::de::Error>(&self) -> Result<StrictValue, E> {
        if self.depth >= super::MAX_DEPTH {
            return Err(E::custom(TOO_DEEP));
        }
        Ok(StrictValue { depth: self.depth + 1 })
    }
}

impl<'de> DeserializeSeed<'de> for StrictValue {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictValue {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        super::rules::inexact_number::note_float();
        serde_json::Number::from_f64(v).map(Value::Number).ok_or_else(|| E::custom("number is not finite"))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.enter()?;
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let inner = self.enter()?;
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            // One hash of the key serves both the duplicate check and the insertion.
            match map.entry(key) {
                Entry::Occupied(taken) => {
                    return Err(A::Error::custom(format_args!("{DUPLICATE_PREFIX}{}", taken.key())));
                }
                Entry::Vacant(slot) => {
                    slot.insert(access.next_value_seed(inner)?);
                }
            }
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Format;

    fn parse_text(text: &str) -> Result<Value, Diagnostic> {
        parse(&Arc::new(SourceFile::new("t.json", text.to_owned(), Format::Json)))
    }

    #[test]
    fn keeps_key_order() {
        let v = parse_text(r#"{"b":1,"a":[true,null,"x",1.5]}"#).unwrap();
        assert_eq!(v.to_string(), r#"{"b":1,"a":[true,null,"x",1.5]}"#);
    }

    #[test]
    fn refuses_duplicate_keys_at_the_second_key() {
        let d = parse_text("{\"a\": 1,\n \"a\": 2}").unwrap_err();
        assert_eq!(d.code(), "duplicate-key");
        let at = d.origin.unwrap().line_col();
        assert_eq!((at.line, at.column), (2, 2));
    }

    #[test]
    fn reports_syntax_errors_with_position() {
        let d = parse_text("{\"a\": 1,\n  ]").unwrap_err();
        assert_eq!(d.code(), "syntax-error");
        assert_eq!(d.origin.unwrap().line_col().line, 2);
    }

    #[test]
    fn refuses_deep_nesting_without_overflowing() {
        let text = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(parse_text(&text).unwrap_err().code(), "nesting-too-deep");
    }
}
