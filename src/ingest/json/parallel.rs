//! A large registry read on every core: its `tools` split into their elements by a
//! structural scan, each element parsed on its own, the document put back together.
//!
//! Reading is a third of a large compile and the one phase that ran on one thread.
//! The scan trusts nothing: the text around the elements is checked here byte by
//! byte, and each element and other member is parsed by the same strict reader as a
//! whole document (at the depth it sits at). Whatever this reader does not accept as
//! plainly well-formed (a syntax error anywhere, a repeated key, an escaped key,
//! nesting too deep) it leaves to the whole-document reader, which alone words and
//! locates errors; so its value, when it gives one, is the one that reader gives.

use std::cell::Cell;
use std::ops::Range;

use rayon::prelude::*;
use serde::de::DeserializeSeed;
use serde_json::{Map, Value};

use super::StrictValue;
use crate::source::{skip_string, skip_value, skip_whitespace};

/// Below this many bytes the whole-document reader is as fast: splitting pays only
/// for thousands of tools.
pub const FROM_BYTES: usize = 1 << 20;

/// The document `text` holds, with whether a literal was read as a float, when it is
/// an object whose `tools` member is an array, read in parallel; `None` when the text
/// is anything else or anything about it is not plainly well-formed.
pub fn parse(text: &str) -> Option<(Value, bool)> {
    let Split { mut root, tools, floats } = split(text)?;
    let parsed: Vec<(Value, bool)> =
        tools.par_iter().map(|range| element(text, range.clone())).collect::<Option<_>>()?;
    let floats = floats || parsed.iter().any(|(_, f)| *f);
    *root.get_mut("tools")? = Value::Array(parsed.into_iter().map(|(v, _)| v).collect());
    Some((Value::Object(root), floats))
}

/// A document split at its tools, the rest of it read: see [`split`].
pub struct Split {
    /// The root object's members in order, `tools` an empty array in its place.
    pub root: Map<String, Value>,
    /// Where each element of `tools` is in the text.
    pub tools: Vec<Range<usize>>,
    /// Whether a literal of the members read was read as a float.
    pub floats: bool,
}

/// The document `text` holds, its root object's members read but for the elements
/// of `tools`, which are only found, when it is an object whose `tools` member is an
/// array; `None` as for [`parse`].
pub fn split(text: &str) -> Option<Split> {
    let members = root_members(text.as_bytes())?;
    let mut tools = None;
    let mut floats = false;
    let mut root = Map::with_capacity(members.len());
    for member in members {
        // The root object is depth 0: its members' values are read at depth 1.
        let value = match member.value {
            Slot::Array(elements) => {
                tools = Some(elements);
                Value::Array(Vec::new())
            }
            Slot::Other(range) => {
                let (value, float) = value_at(text, range, 1)?;
                floats |= float;
                value
            }
        };
        if root.insert(member.key.to_owned(), value).is_some() {
            return None;
        }
    }
    Some(Split { root, tools: tools?, floats })
}

/// The element of `tools` at `range` in `text`, read at its depth (the root object and
/// `tools` around it), with whether a literal was read as a float; `None` for any
/// error, which the whole-document reader then reports.
pub fn element(text: &str, range: Range<usize>) -> Option<(Value, bool)> {
    value_at(text, range, 2)
}

/// One member of the root object: its key and where its value is.
struct Member<'t> {
    key: &'t str,
    value: Slot,
}

/// Where a root member's value is: the elements of the `tools` array, or the value.
enum Slot {
    Array(Vec<Range<usize>>),
    Other(Range<usize>),
}

/// The members of the object `text` holds, found by the structural scan, with the
/// text between them checked to be exactly JSON's punctuation and whitespace.
fn root_members(text: &[u8]) -> Option<Vec<Member<'_>>> {
    let mut at = skip_whitespace(text, 0);
    if text.get(at) != Some(&b'{') {
        return None;
    }
    at = skip_whitespace(text, at + 1);
    let mut members = Vec::new();
    if text.get(at) == Some(&b'}') {
        at += 1;
    } else {
        loop {
            if text.get(at) != Some(&b'"') {
                return None;
            }
            let key_end = skip_string(text, at)?;
            let key = std::str::from_utf8(&text[at + 1..key_end - 1]).ok()?;
            // An escape is left to the whole reader to decode; a control character
            // (below U+0020) is not JSON inside a string, so that reader refuses it.
            if key.bytes().any(|b| b == b'\\' || b < 0x20) {
                return None;
            }
            at = skip_whitespace(text, key_end);
            if text.get(at) != Some(&b':') {
                return None;
            }
            let start = skip_whitespace(text, at + 1);
            // The tools are found element by element in the one scan of the text that
            // also finds where their array ends.
            let (value, end) = if key == "tools" && text.get(start) == Some(&b'[') {
                let (ranges, end) = elements(text, start)?;
                (Slot::Array(ranges), end)
            } else {
                let end = skip_value(text, start)?;
                (Slot::Other(start..end), end)
            };
            members.push(Member { key, value });
            at = skip_whitespace(text, end);
            match text.get(at) {
                Some(b',') => at = skip_whitespace(text, at + 1),
                Some(b'}') => {
                    at += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    (skip_whitespace(text, at) == text.len()).then_some(members)
}

/// The ranges of the elements of the array whose `[` is at `start`, and the offset
/// past its `]`; the text between them checked as in [`root_members`].
fn elements(text: &[u8], start: usize) -> Option<(Vec<Range<usize>>, usize)> {
    let mut ranges = Vec::new();
    let mut at = skip_whitespace(text, start + 1);
    if text.get(at) == Some(&b']') {
        return Some((ranges, at + 1));
    }
    loop {
        let element_end = skip_value(text, at)?;
        ranges.push(at..element_end);
        at = skip_whitespace(text, element_end);
        match text.get(at) {
            Some(b',') => at = skip_whitespace(text, at + 1),
            Some(b']') => return Some((ranges, at + 1)),
            _ => return None,
        }
    }
}

/// The value the strict reader reads from `text[range]`, as if it sat `depth` levels
/// down; `None` for any error (the whole-document reader then reports it).
fn value_at(text: &str, range: Range<usize>, depth: usize) -> Option<(Value, bool)> {
    let floats = Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(text.get(range)?);
    deserializer.disable_recursion_limit();
    let value = StrictValue { depth, floats: &floats }.deserialize(&mut deserializer).ok()?;
    deserializer.end().ok()?;
    Some((value, floats.get()))
}

// The registry generator of the benchmarks, which the JSON locator's tests also load:
// a test module each, as neither can reach the other's.
#[cfg(test)]
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../../../benches/support/generate.rs"]
mod generate;

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole-document reader's value of `text`, if it reads one.
    fn whole(text: &str) -> Option<(Value, bool)> {
        let source =
            std::sync::Arc::new(crate::source::SourceFile::new("t.json", text.to_owned(), crate::source::Format::Json));
        super::super::parse_whole(&source).ok()
    }

    #[test]
    fn reads_what_the_whole_document_reader_reads() {
        let texts = [
            r#"{"tools": [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "x": 1.5}], "info": {"name": "n"}}"#,
            "\n {\"info\" : 1 ,\n \"tools\" : [ ] , \"cli\": [true, null, \"}\\\"]\"] }\n\t",
            r#"{"tools": [1, "two", [3], {"four": {"five": [6e2]}}], "x": -0.0}"#,
            "{\"x\": 1, \"tools\": [ 1 ,\n 2\t] }",
            r#"{"a": {}, "tools": [{"s": "quote \" and brace } and bracket ] in a string"}]}"#,
            r#"{"tools":[{"k":"é ünïcode ☃"}],"z":"\u00e9"}"#,
            // The character after the control characters, and a control one escaped.
            "{\"a b\": \"\\u0001\", \"tools\": [{\"k\": \"\\t\"}]}",
        ];
        for text in texts {
            let parallel = parse(text).unwrap_or_else(|| panic!("not read in parallel: {text}"));
            assert_eq!(Some(parallel), whole(text), "{text}");
        }
    }

    #[test]
    fn reads_every_generated_registry_shape_compact_and_pretty_as_the_whole_reader() {
        let mut registries = vec![super::generate::registry(40)];
        registries.extend(super::generate::SHAPES.iter().map(|shape| super::generate::shaped(40, shape).unwrap()));
        for registry in registries {
            for text in [serde_json::to_string(&registry).unwrap(), serde_json::to_string_pretty(&registry).unwrap()] {
                let parallel = parse(&text).expect("a generated registry is read in parallel");
                assert_eq!(Some(parallel), whole(&text));
            }
        }
    }

    #[test]
    fn leaves_everything_else_to_the_whole_document_reader() {
        let texts = [
            // Not an object, or no `tools` array.
            "[1, 2]",
            r#"{"tools": {"a": 1}}"#,
            r#"{"info": {}}"#,
            // Syntax errors between, inside and after the members and elements.
            r#"{"tools": [{"a": 1} {"b": 2}]}"#,
            r#"{"tools": [{"a": 1},]}"#,
            r#"{"tools": [{"a": 1}], }"#,
            r#"{"tools": [{"a": 1]}]}"#,
            r#"{"tools": [{"a": tru}]}"#,
            r#"{"tools": []} x"#,
            r#"{"tools": [], "tools": []}"#,
            r#"{"tools": [{"a": 1, "a": 2}]}"#,
            r#"{"to\u006fls": [1]}"#,
            // A control character written raw in a root key, a value or an element.
            "{\"sch\u{1}ema\": 1, \"tools\": []}",
            "{\"tools\": [], \"a\tb\": 1}",
            "{\"a\": \"x\u{1f}y\", \"tools\": []}",
            "{\"tools\": [{\"k\u{7}\": 1}]}",
            "\u{feff}{\"tools\": []}",
            r#"{"tools": [1e999]}"#,
            r#"{"tools": ["unterminated]}"#,
            // The end of `tools`, found by the scan of its elements: closed by the
            // wrong bracket, closed twice, never closed.
            r#"{"tools": [1, 2}"#,
            r#"{"tools": [1, 2}, "x": []}"#,
            r#"{"tools": [1, 2]], "x": 1}"#,
            r#"{"tools": [1, 2"#,
            r#"{"tools": ["#,
        ];
        for text in texts {
            let parallel = parse(text);
            match whole(text) {
                Some(read) => assert!(parallel.is_none() || parallel == Some(read), "{text}"),
                None => assert!(parallel.is_none(), "read in parallel, refused whole: {text}"),
            }
        }
    }

    #[test]
    fn refuses_nesting_past_the_bound_where_the_whole_reader_does() {
        let nested = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        // The root (1) and `tools` (2) hold the element: 126 more levels are the most.
        let within = format!("{{\"tools\": [{}]}}", nested(126));
        let past = format!("{{\"tools\": [{}]}}", nested(127));
        assert_eq!(parse(&within), whole(&within));
        assert!(parse(&within).is_some());
        assert!(parse(&past).is_none() && whole(&past).is_none());
    }
}
