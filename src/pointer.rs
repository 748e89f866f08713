//! JSON Pointers (RFC 6901) as typed segments: where a value sits in a document.
//!
//! Diagnostics carry a pointer into the document they came from; the source file
//! turns it into a line and column only when the diagnostic is rendered.

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

/// One step of a pointer: an object key or an array index. Keys are shared, so that
/// extending a pointer copies none of the keys it already has.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    Key(Arc<str>),
    Index(usize),
}

/// Which part of an object member a location names: its value, or its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Value,
    Key,
}

/// A path from the root of a JSON document to one of its values. The few segments of
/// most pointers are held inline: a normaliser records a pointer for every field of
/// every tool, and each used to cost an allocation of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pointer(SmallVec<[Segment; 4]>);

impl Pointer {
    pub const fn root() -> Self {
        Pointer(SmallVec::new_const())
    }

    /// The pointer made of `segments` (a tail of another pointer's).
    pub fn from_segments(segments: &[Segment]) -> Pointer {
        Pointer(segments.iter().cloned().collect())
    }

    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// This pointer extended by one key.
    #[must_use]
    pub fn key(&self, key: &str) -> Pointer {
        let mut next = self.clone();
        next.0.push(Segment::Key(key.into()));
        next
    }

    /// This pointer extended by one array index.
    #[must_use]
    pub fn index(&self, index: usize) -> Pointer {
        let mut next = self.clone();
        next.0.push(Segment::Index(index));
        next
    }

    /// This pointer extended by every segment of `rest`.
    #[must_use]
    pub fn join(&self, rest: &Pointer) -> Pointer {
        let mut next = self.clone();
        next.0.extend(rest.0.iter().cloned());
        next
    }

    pub fn push(&mut self, segment: Segment) {
        self.0.push(segment);
    }

    /// The pointer without its last segment (the root stays the root).
    #[must_use]
    pub fn parent(&self) -> Pointer {
        let mut next = self.clone();
        next.0.pop();
        next
    }

    /// Parses the string form (`/a/0/b~1c`). Digit-only tokens become indices, which is
    /// how every place that reads them back (arrays and objects alike) accepts them.
    pub fn parse(text: &str) -> Option<Pointer> {
        if text.is_empty() {
            return Some(Pointer::root());
        }
        let rest = text.strip_prefix('/')?;
        let mut segments = SmallVec::new();
        for token in rest.split('/') {
            let decoded = decode_token(token)?;
            let is_index = !decoded.is_empty()
                && decoded.bytes().all(|b| b.is_ascii_digit())
                && (decoded == "0" || !decoded.starts_with('0'));
            match decoded.parse::<usize>() {
                Ok(index) if is_index => segments.push(Segment::Index(index)),
                _ => segments.push(Segment::Key(decoded.into())),
            }
        }
        Some(Pointer(segments))
    }

    /// The value this pointer names inside `root`, if there is one. Index segments also
    /// name object members whose key is that number.
    pub fn resolve<'v>(&self, root: &'v serde_json::Value) -> Option<&'v serde_json::Value> {
        let mut current = root;
        for segment in &self.0 {
            current = match (segment, current) {
                (Segment::Key(key), serde_json::Value::Object(map)) => map.get(&**key)?,
                (Segment::Index(i), serde_json::Value::Array(items)) => items.get(*i)?,
                (Segment::Index(i), serde_json::Value::Object(map)) => map.get(&i.to_string())?,
                _ => return None,
            };
        }
        Some(current)
    }
}

/// Decodes one reference token: `~1` is `/`, `~0` is `~`; any other `~` is invalid.
pub fn decode_token(token: &str) -> Option<String> {
    if !token.contains('~') {
        return Some(token.to_owned());
    }
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Encodes one reference token: `~` becomes `~0` and `/` becomes `~1`.
pub fn encode_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for segment in &self.0 {
            match segment {
                Segment::Key(key) => write!(f, "/{}", encode_token(key))?,
                Segment::Index(i) => write!(f, "/{i}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_escaped_tokens() {
        let p = Pointer::root().key("tools").index(3).key("a/b~c");
        assert_eq!(p.to_string(), "/tools/3/a~1b~0c");
        assert_eq!(Pointer::parse(&p.to_string()), Some(p));
    }

    #[test]
    fn rejects_bad_escapes_and_relative_pointers() {
        assert_eq!(Pointer::parse("/a~2"), None);
        assert_eq!(Pointer::parse("a"), None);
        assert_eq!(decode_token("x~"), None);
    }

    #[test]
    fn resolves_indices_and_numeric_keys() {
        let doc = serde_json::json!({"a": [10, {"7": true}]});
        assert_eq!(Pointer::parse("/a/0").unwrap().resolve(&doc), Some(&serde_json::json!(10)));
        assert_eq!(Pointer::parse("/a/1/7").unwrap().resolve(&doc), Some(&serde_json::json!(true)));
        assert_eq!(Pointer::parse("/a/01").unwrap().resolve(&doc), None);
    }
}
