//! JSON inputs: serde_json, with duplicate keys refused.

mod parallel;
mod typed;

pub(super) use parallel::{FROM_BYTES as SPLIT_FROM_BYTES, Split, element, split};

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Value};

use super::rules::{duplicate_key, syntax_error, too_deep_at};
use crate::diagnostics::Diagnostic;
use crate::source::SourceFile;

pub(super) use typed::read as read_typed;

/// Parses the whole text as one JSON value; and whether a literal was read as a float
/// (the only literals that can change on the way, see the inexact-number rule). A
/// large registry's tools are read in parallel (see [`parallel`]).
pub fn parse(source: &Arc<SourceFile>) -> Result<(Value, bool), Diagnostic> {
    if source.text.len() >= parallel::FROM_BYTES {
        if let Some(read) = parallel::parse(&source.text) {
            return Ok(read);
        }
    }
    parse_whole(source)
}

/// Whether [`parallel::parse`] of `text` is [`parse_whole`]'s value, or nothing.
pub(super) fn parallel_agrees(text: &str) -> bool {
    let Some(parallel) = parallel::parse(text) else {
        return true;
    };
    let source = Arc::new(SourceFile::new("agree.json", text.to_owned(), crate::source::Format::Json));
    parse_whole(&source).ok() == Some(parallel)
}

/// [`parse`] on one thread, the text read front to back: the reader that words and
/// locates every error.
fn parse_whole(source: &Arc<SourceFile>) -> Result<(Value, bool), Diagnostic> {
    let floats = Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(&source.text);
    // serde_json's own limit stops at 127 levels; StrictValue counts to MAX_DEPTH
    // itself, so the recursion stays bounded.
    deserializer.disable_recursion_limit();
    let value = StrictValue { depth: 0, floats: &floats }
        .deserialize(&mut deserializer)
        .and_then(|value| deserializer.end().map(|()| value))
        .map_err(|e| diagnostic(source, &e))?;
    Ok((value, floats.get()))
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
    let at = char_at(&source.text, offset);
    if message.starts_with(TOO_DEEP) {
        return too_deep_at(source, at);
    }
    syntax_error(source, at, message)
}

/// The character at `offset`, where reading stopped (a character boundary): its
/// bytes, or nothing at the end of the text.
fn char_at(text: &str, offset: usize) -> std::ops::Range<usize> {
    offset..offset + text[offset..].chars().next().map_or(0, char::len_utf8)
}

/// Deserialises a `serde_json::Value`, refusing objects that repeat a key and
/// nesting deeper than [`MAX_DEPTH`](super::MAX_DEPTH) levels.
#[derive(Clone, Copy)]
struct StrictValue<'f> {
    /// The arrays and objects around the value.
    depth: usize,
    /// Whether a literal was read as a float so far.
    floats: &'f Cell<bool>,
}

impl<'f> StrictValue<'f> {
    /// The seed of a value inside the array or object this one opens, or the error
    /// when that array or object is one level too many.
    fn enter<E: serde::de::Error>(&self) -> Result<StrictValue<'f>, E> {
        if self.depth >= super::MAX_DEPTH {
            return Err(E::custom(TOO_DEEP));
        }
        Ok(StrictValue { depth: self.depth + 1, floats: self.floats })
    }
}

impl<'de> DeserializeSeed<'de> for StrictValue<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictValue<'_> {
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
        self.floats.set(true);
        serde_json::Number::from_f64(v).map(Value::Number).ok_or_else(|| E::custom("number is not finite"))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.enter()?;
        let mut items = scratch::take_items(self.depth);
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        // Moved into a vector of the exact size; the buffer keeps its room for the next.
        let mut exact = Vec::with_capacity(items.len());
        exact.append(&mut items);
        let array = Value::Array(exact);
        scratch::give_items(self.depth, items);
        Ok(array)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let inner = self.enter()?;
        // A small object's members are gathered first, so that its map is made at its
        // exact size; past a few members, they go straight into a growing map, whose
        // hashing finds a repeated key as cheaply as a scan would.
        let mut members = scratch::take_members(self.depth);
        let mut map = None;
        while let Some(key) = access.next_key::<String>()? {
            match &mut map {
                None if members.iter().any(|(taken, _)| *taken == key) => {
                    return Err(A::Error::custom(format_args!("{DUPLICATE_PREFIX}{key}")));
                }
                None => {
                    let value = access.next_value_seed(inner)?;
                    members.push((key, value));
                    if members.len() == scratch::SMALL {
                        let mut grown = Map::with_capacity(2 * scratch::SMALL);
                        grown.extend(members.drain(..));
                        map = Some(grown);
                    }
                }
                // One hash of the key serves both the duplicate check and the insertion.
                Some(map) => match map.entry(key) {
                    Entry::Occupied(taken) => {
                        return Err(A::Error::custom(format_args!("{DUPLICATE_PREFIX}{}", taken.key())));
                    }
                    Entry::Vacant(slot) => {
                        slot.insert(access.next_value_seed(inner)?);
                    }
                },
            }
        }
        let map = map.unwrap_or_else(|| {
            let mut exact = Map::with_capacity(members.len());
            exact.extend(members.drain(..));
            exact
        });
        scratch::give_members(self.depth, members);
        Ok(Value::Object(map))
    }
}

/// Reusable buffers, one per nesting level, that gather an array's items or a small
/// object's members before the value is made at its exact size: grown by doubling as
/// they were read, a large document's arrays and maps took a quarter more memory than
/// they hold.
mod scratch {
    use std::cell::RefCell;

    use serde_json::Value;

    /// Objects with fewer members are gathered first.
    pub const SMALL: usize = 16;

    thread_local! {
        static ITEMS: RefCell<Vec<Vec<Value>>> = const { RefCell::new(Vec::new()) };
        static MEMBERS: RefCell<Vec<Vec<(String, Value)>>> = const { RefCell::new(Vec::new()) };
    }

    fn take<T>(buffers: &RefCell<Vec<Vec<T>>>, depth: usize) -> Vec<T> {
        buffers.borrow_mut().get_mut(depth).map(std::mem::take).unwrap_or_default()
    }

    fn give<T>(buffers: &RefCell<Vec<Vec<T>>>, depth: usize, buffer: Vec<T>) {
        let mut buffers = buffers.borrow_mut();
        if buffers.len() <= depth {
            buffers.resize_with(depth + 1, Vec::new);
        }
        buffers[depth] = buffer;
    }

    pub fn take_items(depth: usize) -> Vec<Value> {
        ITEMS.with(|items| take(items, depth))
    }

    pub fn give_items(depth: usize, buffer: Vec<Value>) {
        ITEMS.with(|items| give(items, depth, buffer));
    }

    pub fn take_members(depth: usize) -> Vec<(String, Value)> {
        MEMBERS.with(|members| take(members, depth))
    }

    pub fn give_members(depth: usize, buffer: Vec<(String, Value)>) {
        MEMBERS.with(|members| give(members, depth, buffer));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Format;

    fn parse_text(text: &str) -> Result<Value, Diagnostic> {
        parse(&Arc::new(SourceFile::new("t.json", text.to_owned(), Format::Json))).map(|(value, _)| value)
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
    fn objects_of_any_size_keep_their_order_and_refuse_a_repeated_key() {
        let keys: Vec<String> = (0..40).map(|i| format!("k{}", 39 - i)).collect();
        for len in [1, 15, 16, 17, 40] {
            let members: Vec<String> = keys[..len].iter().map(|k| format!("{k:?}: [1, {{\"x\": true}}]")).collect();
            let value = parse_text(&format!("{{{}}}", members.join(", "))).unwrap();
            let read: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(read, keys[..len].iter().map(String::as_str).collect::<Vec<_>>());
            // The same key again, first among the gathered members, then in the grown map.
            for repeated in [0, len - 1] {
                let text = format!("{{{}, {:?}: 0}}", members.join(", "), keys[repeated]);
                let d = parse_text(&text).unwrap_err();
                assert_eq!(d.code(), "duplicate-key", "{len} members, {repeated} repeated");
                let at = d.origin.unwrap().line_col();
                assert_eq!(at.column, text.rfind(&format!("{:?}", keys[repeated])).unwrap() + 1);
            }
        }
    }

    /// Rendered, an empty span and a one-byte one both show one caret: the origin
    /// itself must cover the byte where reading stopped.
    #[test]
    fn a_syntax_error_and_too_deep_a_document_cover_one_byte() {
        let syntax = parse_text("{\"a\": 1,\n  ]").unwrap_err();
        let at = syntax.origin.unwrap().range().unwrap();
        assert_eq!(at.len(), 1);
        let deep = parse_text(&("[".repeat(200) + &"]".repeat(200))).unwrap_err();
        assert_eq!(deep.code(), "nesting-too-deep");
        let at = deep.origin.unwrap().range().unwrap();
        assert_eq!(at.len(), 1);
    }

    /// Found by fuzzing (fuzz/regressions/declaration_json/): the origin covered the
    /// byte after the end of the text, and one byte of a character of several.
    #[test]
    fn a_syntax_error_covers_the_character_where_reading_stopped_or_none_at_the_end() {
        let at = |text: &str| parse_text(text).unwrap_err().origin.unwrap().range().unwrap();
        assert_eq!(at("{\"tools\": [\n"), 12..12);
        assert_eq!(at("{\"a\": é}"), 6..8);
        assert_eq!(at("{\"a\": 1,\n  ]"), 11..12);
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
