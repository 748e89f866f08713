//! Where a JSON Pointer sits in a JSON text, found lazily: only the containers on the
//! way to the pointer are read, each by one byte-level skip over its own text, and
//! their children are cached for the next pointer.
//!
//! A run locates a few dozen or a few thousand pointers in a document that may be many
//! megabytes long; a span tree of the whole document (what YAML, TOML and Harn sources
//! get, see `spans`) costs about as much as parsing it again. No crate locates a
//! pointer without building such a tree, hence this hand-written skipping, which needs
//! little of JSON: serde_json (`ingest::json`) has already accepted the text, so only
//! string boundaries (with their escapes) and bracket depth matter. Commas and colons
//! are read as separators only, as the span tree built by jsonc-parser did. Anything
//! else unexpected (a source whose parse failed part-way) stops the search at the
//! deepest range found, or gives `None` when the document's root cannot be read.
//!
//! The results are those of [`SpanTree::locate`](super::SpanTree::locate) on the span
//! tree of the whole document: the range of the value or of the member name for the
//! last segment, or that of the deepest existing ancestor; the last of repeated member
//! names; an index on an object names the member of that number; names compared after
//! unescaping; ranges of strings with their quotes.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use crate::pointer::{Part, Pointer, Segment};

/// The length in bytes from which a container's children are cached. Reading a shorter
/// one again costs little more than a hashed lookup, and saves an entry per container:
/// 200,000 one-line tools, each located twice, would otherwise fill the cache.
const CACHED_FROM: usize = 256;

/// The locator of one JSON text (the text itself is passed to each call).
#[derive(Debug, Default)]
pub struct JsonLocator {
    /// The document's root value, once looked for.
    root: OnceLock<Option<Root>>,
    /// The children of each container read so far, by the offset of its opening
    /// bracket; `None` for one that could not be read.
    containers: Mutex<Containers>,
}

type Containers = HashMap<usize, Option<Arc<Children>>, BuildHasherDefault<OffsetHasher>>;

/// Hashes an offset by one multiplication: SipHash, the default, costs as much as
/// reading a small container.
#[derive(Default)]
struct OffsetHasher(u64);

impl Hasher for OffsetHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b) ^ self.0.rotate_left(8));
        }
    }

    fn write_u64(&mut self, n: u64) {
        let n = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = n ^ (n >> 32);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

#[derive(Debug)]
struct Root {
    range: Range<usize>,
    /// `None` for a scalar, or a container that cannot be read.
    children: Option<Arc<Children>>,
}

#[derive(Debug)]
enum Children {
    Array(Vec<Range<usize>>),
    Object(Vec<Member>),
}

#[derive(Debug)]
struct Member {
    /// The name unescaped, when it has escapes; otherwise the text inside the quotes.
    unescaped: Option<Box<str>>,
    /// The name with its quotes.
    name: Range<usize>,
    value: Range<usize>,
}

impl Member {
    fn name<'a>(&'a self, text: &'a str) -> &'a str {
        match &self.unescaped {
            Some(name) => name,
            None => &text[self.name.start + 1..self.name.end - 1],
        }
    }
}

impl JsonLocator {
    /// The range `pointer` names in `text` (its value, or its member name), or that of
    /// its deepest existing ancestor; `None` if `text` does not start with a value.
    pub fn locate(&self, text: &str, pointer: &Pointer, part: Part) -> Option<Range<usize>> {
        let root = self.root.get_or_init(|| read_root(text, &mut self.lock())).as_ref()?;
        let mut current = root.range.clone();
        let segments = pointer.segments();
        for (i, segment) in segments.iter().enumerate() {
            let children = if i == 0 { root.children.clone() } else { self.children(text, &current) };
            let Some(children) = children else { return Some(current) };
            let next = match (&*children, segment) {
                (Children::Array(items), Segment::Index(n)) => match items.get(*n) {
                    Some(item) => {
                        current = item.clone();
                        continue;
                    }
                    None => return Some(current),
                },
                (Children::Object(members), Segment::Key(k)) => members.iter().rev().find(|m| m.name(text) == &**k),
                (Children::Object(members), Segment::Index(n)) => {
                    let k = n.to_string();
                    members.iter().rev().find(|m| m.name(text) == k)
                }
                (Children::Array(_), Segment::Key(_)) => return Some(current),
            };
            match next {
                Some(member) if i + 1 == segments.len() && part == Part::Key => return Some(member.name.clone()),
                Some(member) => current = member.value.clone(),
                None => return Some(current),
            }
        }
        Some(current)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Containers> {
        self.containers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The children of the container at `range` (read once, if it is long enough to be
    /// cached), or `None` for a scalar or a container that cannot be read.
    fn children(&self, text: &str, range: &Range<usize>) -> Option<Arc<Children>> {
        let start = range.start;
        if !matches!(text.as_bytes()[start], b'{' | b'[') {
            return None;
        }
        if range.len() < CACHED_FROM {
            return read_container(text, start).map(|(children, _)| Arc::new(children));
        }
        // Held while reading, so that threads locating in the same large array wait
        // for one reading of it rather than each making its own.
        self.lock().entry(start).or_insert_with(|| read_container(text, start).map(|(c, _)| Arc::new(c))).clone()
    }
}

/// The first value of `text`. A root container is read for its children at once,
/// which finds its end on the way; and the children of each of its own containers are
/// read (into `cache`) in the same pass: a pointer nearly always goes through one of
/// them (a catalog's `tools`), whose end the root's reading must find anyway.
fn read_root(text: &str, cache: &mut Containers) -> Option<Root> {
    let bytes = text.as_bytes();
    let start = skip_whitespace(bytes, 0);
    if !matches!(bytes.get(start), Some(b'{' | b'[')) {
        return Some(Root { range: start..skip_value(bytes, start)?, children: None });
    }
    match read_container_with(text, start, Some(cache)) {
        Some((children, end)) => Some(Root { range: start..end, children: Some(Arc::new(children)) }),
        None => Some(Root { range: start..skip_value(bytes, start)?, children: None }),
    }
}

/// The children of the container opening at `start`, and the offset past its closing
/// bracket.
fn read_container(text: &str, start: usize) -> Option<(Children, usize)> {
    read_container_with(text, start, None)
}

/// [`read_container`], also reading the children of each child container long enough
/// to be cached into `cache`, when one is given.
fn read_container_with(text: &str, start: usize, mut cache: Option<&mut Containers>) -> Option<(Children, usize)> {
    let bytes = text.as_bytes();
    let object = bytes[start] == b'{';
    let mut items = Vec::new();
    let mut members = Vec::new();
    let mut name: Option<(Range<usize>, Option<Box<str>>)> = None;
    let mut at = start + 1;
    loop {
        at = skip_separators(bytes, at);
        match *bytes.get(at)? {
            b'}' | b']' => {
                // A name without its value: the member is incomplete.
                if name.is_some() {
                    return None;
                }
                let children = if object { Children::Object(members) } else { Children::Array(items) };
                return Some((children, at + 1));
            }
            b'"' if object && name.is_none() => {
                let end = skip_string(bytes, at)?;
                let inner = &text[at + 1..end - 1];
                let unescaped = if inner.contains('\\') {
                    Some(serde_json::from_str::<String>(&text[at..end]).ok()?.into_boxed_str())
                } else {
                    None
                };
                name = Some((at..end, unescaped));
                at = end;
            }
            _ if object && name.is_none() => return None,
            _ => {
                let nested = match (&mut cache, bytes[at]) {
                    (Some(cache), b'{' | b'[') => read_container(text, at).map(|(children, end)| {
                        if end - at >= CACHED_FROM {
                            cache.insert(at, Some(Arc::new(children)));
                        }
                        end
                    }),
                    _ => None,
                };
                let end = match nested {
                    Some(end) => end,
                    None => skip_value(bytes, at)?,
                };
                match name.take() {
                    Some((name, unescaped)) => members.push(Member { unescaped, name, value: at..end }),
                    None => items.push(at..end),
                }
                at = end;
            }
        }
    }
}

/// What a byte outside strings does to a container's depth: opens one, closes one,
/// starts a string, or nothing (most bytes). A table, as a match per byte was most of
/// the time of skipping a large container.
const STRUCTURE: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'{' as usize] = OPEN;
    table[b'[' as usize] = OPEN;
    table[b'}' as usize] = CLOSE;
    table[b']' as usize] = CLOSE;
    table[b'"' as usize] = QUOTE;
    table
};
const OPEN: u8 = 1;
const CLOSE: u8 = 2;
const QUOTE: u8 = 3;

/// The offset past the value starting at `at`: a string, a container (skipped by
/// bracket depth), or a scalar (up to the next delimiter). Only well-formed JSON is
/// skipped exactly; what it returns for other text is a guess the caller must check.
pub fn skip_value(text: &[u8], at: usize) -> Option<usize> {
    match *text.get(at)? {
        b'"' => skip_string(text, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            while i < text.len() {
                match STRUCTURE[text[i] as usize] {
                    QUOTE => {
                        i = skip_string(text, i)?;
                        continue;
                    }
                    OPEN => depth += 1,
                    CLOSE => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let end = text[at..].iter().position(|b| is_delimiter(*b)).map_or(text.len(), |n| at + n);
            (end > at).then_some(end)
        }
    }
}

/// The offset past the string whose opening quote is at `at`.
pub fn skip_string(text: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    // Strings are most of a document's bytes: memchr finds the next quote or
    // backslash many bytes at a time.
    while let Some(n) = memchr::memchr2(b'"', b'\\', text.get(i..)?) {
        i += n;
        match text[i] {
            b'"' => return Some(i + 1),
            _ => i += 2,
        }
    }
    None
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// What ends a scalar. A `/` (a comment, which serde_json refuses) is never part of
/// one, so that a scalar cannot start with it: the container holding it is unreadable.
fn is_delimiter(b: u8) -> bool {
    is_whitespace(b) || matches!(b, b',' | b':' | b'[' | b']' | b'{' | b'}' | b'"' | b'/')
}

/// The offset of the first byte from `at` on that is not JSON whitespace.
pub fn skip_whitespace(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && is_whitespace(text[at]) {
        at += 1;
    }
    at
}

fn skip_separators(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && (is_whitespace(text[at]) || matches!(text[at], b',' | b':')) {
        at += 1;
    }
    at
}

#[cfg(test)]
#[allow(dead_code)]
#[path = "../../benches/support/generate.rs"]
mod generate;

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::source::json_spans;
    use crate::source::{SourceFile, SpanNode, SpanTree};

    /// Every pointer of every value and member of `tree`, and pointers past the end:
    /// missing names, indices out of range, indices on objects, names on arrays,
    /// segments below scalars.
    fn pointers(tree: &SpanTree, at: &Pointer, out: &mut Vec<Pointer>) {
        out.push(at.clone());
        match &tree.node {
            SpanNode::Leaf => {
                out.push(at.key("x"));
                out.push(at.index(0));
            }
            SpanNode::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    pointers(item, &at.index(i), out);
                }
                out.push(at.index(items.len()));
                out.push(at.index(items.len() + 7).key("x"));
                out.push(at.key("0"));
                out.push(at.key("missing"));
            }
            SpanNode::Object(members) => {
                for (name, _, value) in members {
                    pointers(value, &at.key(name), out);
                    // A numeric-looking name, named by an index segment.
                    if let Ok(n) = name.parse::<usize>() {
                        out.push(at.index(n));
                        out.push(at.index(n).key("x"));
                    }
                }
                out.push(at.key("missing"));
                out.push(at.key("missing").index(3));
                out.push(at.index(0));
                out.push(at.index(members.len()));
            }
        }
    }

    /// Checks the lazy locator against the span tree of the whole document, for every
    /// pointer and part; returns how many pointers were compared.
    fn agrees(text: &str) -> usize {
        let tree = json_spans::build(text).unwrap_or_else(|| panic!("no span tree of {text}"));
        let mut all = Vec::new();
        pointers(&tree, &Pointer::root(), &mut all);
        let locator = JsonLocator::default();
        for pointer in &all {
            for part in [Part::Value, Part::Key] {
                let expected = tree.locate(pointer, part);
                let found = locator.locate(text, pointer, part);
                assert_eq!(found, Some(expected.clone()), "{pointer} ({part:?}) in {text:.200}");
            }
        }
        // A second, fresh locator visiting the pointers in reverse (a different order of
        // filling its cache) agrees as well.
        let locator = JsonLocator::default();
        for pointer in all.iter().rev() {
            assert_eq!(locator.locate(text, pointer, Part::Key), Some(tree.locate(pointer, Part::Key)));
        }
        all.len()
    }

    const TRICKY: &[&str] = &[
        r#" {"a": [1, {"b\u00e9": "x"}], "c": null, "c": true} "#,
        r#"{"q\"": "\"", "b\\": "\\", "\\\"": ["\\\\", "x\\\"y\\"], "e\\\\": {"\"\"": 1}}"#,
        r#"{"bé": 1, "b\u00e9": 2, "😀": "\u00e9", "日本": {"語": "\u65e5\n\t\/"}, "\/": 3, "/": 4}"#,
        r#"{"dup": 1, "dup": {"dup": [1], "dup": [2, 3]}, "x": 0, "dup": [[], {}, [[]]]}"#,
        r#"{} "#,
        "[]",
        "[[], [[]], [{}, [{}]], {\"\": []}, {\"\": {\"\": \"\"}}]",
        "[1e10, -0.5E-3, 2E+7, -0, 0.0, 123456789012345678901234567890, 1.5e308, true, false, null]",
        " \r\n\t{ \n \"a\" \t : \r [ 1 ,\n 2 ] ,\n\n \"b\" : { } , \"c\"\t:\t\"\" \n } \n",
        r#"{"0": "zero", "1": {"2": [10, 11, 12]}, "01": 1, "10": [], "1e3": 4, "-1": 5}"#,
        r#""just a string with \" and \\""#,
        "42",
        " -1.25e-7 ",
        "null",
        r#"[{"a": {"b": {"c": {"d": [[[["deep"]]]]}}}}]"#,
        r#"{"a]": "}", "b[": "{", "c": "[{", "d": ["]", "}"], "e,": ":"}"#,
        r#"{"ctrl": "\b\f\n\r\t\u0000\u001f", "k\u0000": 1, "k": 2}"#,
    ];

    #[test]
    fn agrees_with_the_span_tree_on_tricky_documents() {
        for text in TRICKY {
            serde_json::from_str::<serde_json::Value>(text).expect("strict JSON");
            agrees(text);
        }
    }

    /// A character outside the Basic Multilingual Plane written as an escaped surrogate
    /// pair (as Python's `json.dumps` writes it by default): jsonc-parser 0.26 refuses
    /// it, so the span tree of the whole document could not be built and nothing in it
    /// was located. The lazy locator decodes names with serde_json, which reads it.
    #[test]
    fn locates_in_documents_with_escaped_surrogate_pairs() {
        let text = r#"{"a": "\ud83d\ude00", "\ud83d\ude00": [1, 2]}"#;
        assert!(json_spans::build(text).is_none());
        let at = |p: &str, part: Part| JsonLocator::default().locate(text, &Pointer::parse(p).unwrap(), part);
        assert_eq!(at("/a", Part::Value), Some(6..20));
        assert_eq!(at("/😀", Part::Key), Some(22..36));
        assert_eq!(at("/😀/1", Part::Value), Some(42..43));
    }

    #[test]
    fn agrees_with_the_span_tree_on_generated_registries() {
        for value in [generate::registry(30), generate::changed(30)] {
            agrees(&serde_json::to_string(&value).unwrap());
            agrees(&serde_json::to_string_pretty(&value).unwrap());
        }
        agrees(&generate::same_named(500));
    }

    fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                json_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }

    #[test]
    fn agrees_with_the_span_tree_on_every_json_fixture() {
        let mut files = Vec::new();
        json_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"), &mut files);
        assert!(files.len() > 100, "fixtures found: {}", files.len());
        let (mut strict, mut pointers) = (0, 0);
        for path in &files {
            // One fixture is a link to a file that does not exist, on purpose.
            let Ok(text) = std::fs::read_to_string(path) else { continue };
            // Every pointer of a document is located from its root, so this costs the
            // square of a document's size: the few fixtures of over 64 KiB (client
            // profiles' limits: 5,000 properties, 120,000 characters) say nothing about
            // agreement that the smaller ones do not, and would take most of a minute.
            if text.len() > 64 * 1024 {
                continue;
            }
            let text = crate::source::without_bom(text);
            if serde_json::from_str::<serde_json::Value>(&text).is_ok() {
                strict += 1;
                pointers += agrees(&text);
            } else {
                // Not strict JSON: no promise of agreement, only of an answer.
                let tree = json_spans::build(&text);
                let mut all = vec![Pointer::root()];
                if let Some(tree) = &tree {
                    super::tests::pointers(tree, &Pointer::root(), &mut all);
                }
                let locator = JsonLocator::default();
                for pointer in &all {
                    let _ = locator.locate(&text, pointer, Part::Value);
                    let _ = locator.locate(&text, pointer, Part::Key);
                }
            }
        }
        assert!(strict > 100 && pointers > 10_000, "{strict} strict files, {pointers} pointers");
    }

    #[test]
    fn text_that_is_not_one_document_is_located_as_far_as_it_goes() {
        let at = |text: &str, p: &str| JsonLocator::default().locate(text, &Pointer::parse(p).unwrap(), Part::Value);
        // No root value: no location, as no span tree could be built.
        assert_eq!(at("", ""), None);
        assert_eq!(at("  ", "/a"), None);
        assert_eq!(at("]", ""), None);
        assert_eq!(at("[1, 2", "/0"), None);
        assert_eq!(at(r#"{"a": "b"#, "/a"), None);
        // A container that cannot be read: its own range.
        assert_eq!(at(r#"{"a": {1: 2}}"#, "/a/1"), Some(6..12));
        assert_eq!(at("{\"a\": [1, // two\n 2]}", "/a/1"), Some(6..20));
        assert_eq!(at(r#"{"a": {"b"}}"#, "/a/b"), Some(6..11));
        // What follows the first value is not looked at.
        assert_eq!(at(r#"{"a": 1} {"#, "/a"), Some(6..7));
        assert_eq!(at(r#"[1] ]"#, "/0"), Some(1..2));
    }

    #[test]
    fn source_files_are_shared_across_threads() {
        fn sync<T: Sync + Send>() {}
        sync::<SourceFile>();
        let text = serde_json::to_string(&generate::registry(50)).unwrap();
        let source = SourceFile::new("r.json", text, crate::source::Format::Json);
        let tree = json_spans::build(&source.text).unwrap();
        std::thread::scope(|scope| {
            for t in 0..4 {
                let (source, tree) = (&source, &tree);
                scope.spawn(move || {
                    for i in (t..50).step_by(3) {
                        let p = Pointer::parse(&format!("/tools/{i}/inputSchema/properties/mode/enum/1")).unwrap();
                        assert_eq!(source.locate(&p, Part::Value), Some(tree.locate(&p, Part::Value)));
                    }
                });
            }
        });
    }
}
