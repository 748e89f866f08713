//! YAML inputs: `saphyr-parser`'s event stream (YAML 1.2, core schema) into JSON
//! values, with the span tree of the document built in the same pass. Duplicate and
//! non-string keys, tags outside the core schema, values with no JSON equivalent and
//! nesting deeper than [`MAX_DEPTH`] are refused at the event that shows them, so
//! nothing deeper than the bound is ever built.
//!
//! The events are read here rather than through `saphyr`'s loader because the loader
//! builds the whole tree (at any depth) before anything can be checked, and keeps
//! positions only as line and character-column markers, which would have to be parsed
//! a second time into byte ranges.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use saphyr::Scalar;
use saphyr_parser::{Event, Marker, Parser, ScalarStyle, ScanError, Span, Tag};
use serde_json::{Map, Value};

use super::MAX_DEPTH;
use super::rules::{
    Unsupported, duplicate_key, inexact_number, syntax_error, too_deep, too_deep_at, unsupported_value,
};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::{Pointer, Segment};
use crate::source::{SourceFile, SpanNode, SpanTree};

/// How many nodes aliases may copy in all, as `saphyr`'s loader bounds them: a few
/// nested anchors can otherwise expand into billions of nodes.
const ALIAS_BUDGET: usize = 100_000;

/// Parses the text as exactly one YAML document and converts it to JSON, with a
/// warning for each number the conversion rounds. The document's span tree is attached
/// to `source`, also when a value is refused, so that the diagnostic is located through
/// it.
pub fn parse(source: &Arc<SourceFile>) -> Result<(Value, Vec<Diagnostic>), Diagnostic> {
    let mut builder = Builder::new(source);
    let outcome = builder.run();
    let (value, tree) = builder.finish().unzip();
    if let Some(tree) = tree {
        source.set_spans(tree);
    }
    outcome?;
    Ok((value.unwrap_or_default(), builder.rounded))
}

/// A collection being built, with the spans of what it holds so far.
enum Frame {
    Sequence {
        items: Vec<Value>,
        spans: Vec<SpanTree>,
        start: usize,
        anchor: usize,
    },
    Mapping {
        map: Map<String, Value>,
        members: Vec<(String, Range<usize>, SpanTree)>,
        key: Option<(String, Range<usize>)>,
        start: usize,
        anchor: usize,
    },
}

struct Builder<'s> {
    source: &'s Arc<SourceFile>,
    offsets: Offsets<'s>,
    stack: Vec<Frame>,
    /// The document's value and span tree, once its root node is complete.
    root: Option<(Value, SpanTree)>,
    anchors: HashMap<usize, (Value, SpanTree)>,
    alias_budget: usize,
    documents: usize,
    /// Warnings for the floats that do not keep their literal (`inexact-number`).
    rounded: Vec<Diagnostic>,
}

/// What a finished node turned out to be, for the frame that receives it.
struct Node {
    value: Value,
    span: SpanTree,
    anchor: usize,
}

impl<'s> Builder<'s> {
    fn new(source: &'s Arc<SourceFile>) -> Self {
        Builder {
            source,
            offsets: Offsets::new(&source.text),
            stack: Vec::new(),
            root: None,
            anchors: HashMap::new(),
            alias_budget: ALIAS_BUDGET,
            documents: 0,
            rounded: Vec::new(),
        }
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        let mut parser = Parser::new_from_str(&self.source.text);
        while let Some(event) = parser.next_event() {
            let (event, span) = event.map_err(|e| self.scan_error(&e))?;
            self.event(event, span)?;
        }
        match (self.documents, &self.root) {
            (0, _) => Err(syntax_error(self.source, 0..0, "the file holds no YAML document")),
            (_, Some(_)) => Ok(()),
            // A document without a node (`---` alone) holds nothing JSON can carry.
            (_, None) => Err(self.unsupported(0..0, Unsupported::UnreadableYaml)),
        }
    }

    /// The document and its span tree; after an error, the span tree holds every node
    /// opened so far, cut at the point of the error (and the value is not to be used).
    fn finish(&mut self) -> Option<(Value, SpanTree)> {
        let end = self.offsets.last;
        while let Some(frame) = self.stack.pop() {
            let span = match frame {
                Frame::Sequence { spans, start, .. } => {
                    SpanTree { range: start..end.max(start), node: SpanNode::Array(spans) }
                }
                Frame::Mapping { members, start, .. } => {
                    SpanTree { range: start..end.max(start), node: SpanNode::Object(members) }
                }
            };
            self.attach_span(span);
        }
        self.root.take()
    }

    /// Hangs a span under the innermost open frame (or makes it the root), without a value:
    /// only for the partial tree of a refused document.
    fn attach_span(&mut self, span: SpanTree) {
        match self.stack.last_mut() {
            None => self.root = Some((Value::Null, span)),
            Some(Frame::Sequence { spans, .. }) => spans.push(span),
            Some(Frame::Mapping { members, key, .. }) => {
                if let Some((name, range)) = key.take() {
                    members.push((name, range, span));
                }
            }
        }
    }

    fn event(&mut self, event: Event<'_>, span: Span) -> Result<(), Diagnostic> {
        let range = self.offsets.range(span);
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => Ok(()),
            Event::DocumentStart(_) => {
                self.documents += 1;
                if self.documents > 1 {
                    let at = range.start..range.start;
                    let message = "the file holds more than one YAML document; exactly one is expected";
                    return Err(syntax_error(self.source, at, message));
                }
                Ok(())
            }
            Event::SequenceStart(anchor, tag) => {
                self.open(range.start, tag.as_deref())?;
                let start = range.start;
                self.stack.push(Frame::Sequence { items: Vec::new(), spans: Vec::new(), start, anchor });
                Ok(())
            }
            Event::MappingStart(anchor, tag) => {
                self.open(range.start, tag.as_deref())?;
                let start = range.start;
                self.stack.push(Frame::Mapping { map: Map::new(), members: Vec::new(), key: None, start, anchor });
                Ok(())
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let end = range.end;
                let node = match self.stack.pop() {
                    Some(Frame::Sequence { items, spans, start, anchor }) => Node {
                        value: Value::Array(items),
                        span: SpanTree { range: start..end.max(start), node: SpanNode::Array(spans) },
                        anchor,
                    },
                    Some(Frame::Mapping { map, members, start, anchor, .. }) => Node {
                        value: Value::Object(map),
                        span: SpanTree { range: start..end.max(start), node: SpanNode::Object(members) },
                        anchor,
                    },
                    None => return Ok(()),
                };
                self.complete(node)
            }
            Event::Scalar(text, style, anchor, tag) => {
                if self.expecting_key() {
                    return self.key(text, style, tag.as_deref(), range);
                }
                let value = self.scalar(text, style, tag.as_deref(), range.clone())?;
                self.complete(Node { value, span: SpanTree::leaf(range), anchor })
            }
            Event::Alias(id) => {
                let Some((value, span)) = self.anchors.get(&id) else {
                    return Err(self.unsupported(range, Unsupported::DanglingAlias));
                };
                let copied = count_nodes(value);
                if copied > self.alias_budget {
                    return Err(self.unsupported(range, Unsupported::AliasExpansion));
                }
                self.alias_budget -= copied;
                let (value, mut span) = (value.clone(), span.clone());
                span.range = range.clone();
                if self.expecting_key() {
                    return match value {
                        Value::String(name) => self.key(Cow::Owned(name), ScalarStyle::SingleQuoted, None, range),
                        _ => Err(self.non_string_key(range, "an alias of a non-string value")),
                    };
                }
                // The copy nests as deep here as the anchored value did where it stood.
                self.check_depth(range, super::depth(&value))?;
                self.complete(Node { value, span, anchor: 0 })
            }
        }
    }

    /// Whether the innermost frame is a mapping waiting for its next key.
    fn expecting_key(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Mapping { key: None, .. }))
    }

    /// Checks a collection about to open: its depth, its tag, and that it is not a key.
    fn open(&mut self, start: usize, tag: Option<&Tag>) -> Result<(), Diagnostic> {
        if self.expecting_key() {
            return Err(self.non_string_key(start..start, "a collection"));
        }
        self.check_depth(start..start, 1)?;
        if let Some(tag) = tag.filter(|t| !t.is_yaml_core_schema()) {
            let at = self.visible(start..start);
            return Err(self.refuse_at(at, Unsupported::UnknownTag(tag)));
        }
        Ok(())
    }

    /// Refuses a node that would nest arrays and objects more than [`MAX_DEPTH`] levels
    /// deep: the collections open around it plus the `levels` it holds itself (1 for a
    /// collection about to open), as the JSON and TOML readers count them.
    fn check_depth(&mut self, range: Range<usize>, levels: usize) -> Result<(), Diagnostic> {
        if self.stack.len() + levels <= MAX_DEPTH {
            return Ok(());
        }
        let pointer = self.pointer();
        self.attach_span(SpanTree::leaf(self.visible(range)));
        Err(too_deep(self.source, pointer))
    }

    /// The pointer of the node the innermost frame receives next.
    fn pointer(&self) -> Pointer {
        let mut pointer = Pointer::root();
        for frame in &self.stack {
            match frame {
                Frame::Sequence { items, .. } => pointer.push(Segment::Index(items.len())),
                Frame::Mapping { key: Some((name, _)), .. } => pointer.push(Segment::Key(name.as_str().into())),
                Frame::Mapping { key: None, .. } => {}
            }
        }
        pointer
    }

    /// Files a finished node into the innermost frame, or makes it the document.
    fn complete(&mut self, node: Node) -> Result<(), Diagnostic> {
        if node.anchor != 0 {
            self.anchors.insert(node.anchor, (node.value.clone(), node.span.clone()));
        }
        match self.stack.last_mut() {
            None => self.root = Some((node.value, node.span)),
            Some(Frame::Sequence { items, spans, .. }) => {
                items.push(node.value);
                spans.push(node.span);
            }
            Some(Frame::Mapping { map, members, key, .. }) => {
                // A key always arrives first (`expecting_key`), so one is pending here.
                if let Some((name, range)) = key.take() {
                    members.push((name.clone(), range, node.span));
                    map.insert(name, node.value);
                }
            }
        }
        Ok(())
    }

    /// Takes a scalar as the pending key of the innermost mapping.
    fn key(
        &mut self,
        text: Cow<'_, str>,
        style: ScalarStyle,
        tag: Option<&Tag>,
        range: Range<usize>,
    ) -> Result<(), Diagnostic> {
        // A key's tag outside the core schema is ignored, as `saphyr`'s loader does.
        let tag = tag.filter(|t| t.is_yaml_core_schema()).map(|t| Cow::Owned(t.clone()));
        let name = match Scalar::parse_from_cow_and_metadata(text, style, tag.as_ref()) {
            Some(Scalar::String(name)) => name.into_owned(),
            Some(Scalar::Null) => return Err(self.non_string_key(range, "null")),
            Some(Scalar::Boolean(b)) => return Err(self.non_string_key(range, &b.to_string())),
            Some(Scalar::Integer(i)) => return Err(self.non_string_key(range, &i.to_string())),
            Some(Scalar::FloatingPoint(f)) => return Err(self.non_string_key(range, &yaml_float(f.into_inner()))),
            None => return Err(self.non_string_key(range, "a value of no core type")),
        };
        let Some(Frame::Mapping { map, key, .. }) = self.stack.last_mut() else {
            return Ok(());
        };
        if map.contains_key(&name) {
            let range = self.visible(range);
            return Err(duplicate_key(self.source, range, &name));
        }
        *key = Some((name, range));
        Ok(())
    }

    fn scalar(
        &mut self,
        text: Cow<'_, str>,
        style: ScalarStyle,
        tag: Option<&Tag>,
        range: Range<usize>,
    ) -> Result<Value, Diagnostic> {
        if let Some(tag) = tag.filter(|t| !t.is_yaml_core_schema()) {
            return Err(self.refuse_at(range, Unsupported::UnknownTag(tag)));
        }
        let tag = tag.map(|t| Cow::Owned(t.clone()));
        Ok(match Scalar::parse_from_cow_and_metadata(text, style, tag.as_ref()) {
            Some(Scalar::Null) => Value::Null,
            Some(Scalar::Boolean(b)) => Value::Bool(b),
            Some(Scalar::Integer(i)) => Value::from(i),
            Some(Scalar::FloatingPoint(f)) => match serde_json::Number::from_f64(f.into_inner()) {
                Some(n) => {
                    self.rounded.extend(inexact_number::in_yaml(self.source, range.start, f.into_inner()));
                    Value::Number(n)
                }
                None => {
                    let shown = yaml_float(f.into_inner());
                    return Err(self.refuse_at(range, Unsupported::NonFinite(&shown)));
                }
            },
            Some(Scalar::String(s)) => Value::String(s.into_owned()),
            None => return Err(self.refuse_at(range, Unsupported::UnreadableYaml)),
        })
    }

    /// An unsupported value at the node the innermost frame receives next, located
    /// through its pointer (which diagnostics in JSON output carry).
    fn refuse_at(&mut self, range: Range<usize>, what: Unsupported<'_>) -> Diagnostic {
        let pointer = self.pointer();
        self.attach_span(SpanTree::leaf(range));
        unsupported_value(what, Origin::value(self.source, pointer))
    }

    fn unsupported(&self, range: Range<usize>, what: Unsupported<'_>) -> Diagnostic {
        unsupported_value(what, Origin::span(self.source, self.visible(range)))
    }

    fn non_string_key(&self, range: Range<usize>, shown: &str) -> Diagnostic {
        self.unsupported(range, Unsupported::NonStringKey(shown))
    }

    /// At least one character of the text, so that an empty span is still underlined.
    fn visible(&self, range: Range<usize>) -> Range<usize> {
        if range.is_empty() {
            let text = &self.source.text;
            range.start..crate::source::ceil_char_boundary(text, range.start + 1)
        } else {
            range
        }
    }

    fn scan_error(&mut self, error: &ScanError) -> Diagnostic {
        let offset = self.offsets.byte(*error.marker());
        // The scanner counts open flow collections in a byte: past 255 it stops.
        if error.info() == "recursion limit exceeded" {
            return too_deep_at(self.source, self.visible(offset..offset));
        }
        syntax_error(self.source, offset..offset, error.info())
    }
}

/// How many nodes a value holds (itself included).
fn count_nodes(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(count_nodes).sum::<usize>(),
        Value::Object(map) => 1 + map.values().map(count_nodes).sum::<usize>(),
        _ => 1,
    }
}

/// `saphyr-parser` marks positions in characters; diagnostics and span trees need
/// bytes. Events arrive nearly in text order, so a cursor that walks from the last
/// position converts each marker in time proportional to the distance moved, never
/// rescanning a (possibly megabytes long) line. All-ASCII text needs no walking.
struct Offsets<'t> {
    text: &'t str,
    ascii: bool,
    /// The last position converted: its character index and its byte offset.
    chars: usize,
    bytes: usize,
    /// The furthest byte offset reached, where a cut-short document ends.
    last: usize,
}

impl<'t> Offsets<'t> {
    fn new(text: &'t str) -> Self {
        Offsets { text, ascii: text.is_ascii(), chars: 0, bytes: 0, last: 0 }
    }

    fn range(&mut self, span: Span) -> Range<usize> {
        let start = self.byte(span.start);
        let end = self.byte(span.end);
        start..end.max(start)
    }

    fn byte(&mut self, marker: Marker) -> usize {
        let index = marker.index();
        let offset = if self.ascii {
            index.min(self.text.len())
        } else {
            if index >= self.chars {
                for c in self.text[self.bytes..].chars().take(index - self.chars) {
                    self.bytes += c.len_utf8();
                    self.chars += 1;
                }
            } else {
                // Back: the start of an implicit document spans its first token, where
                // the event of its root node starts again.
                for c in self.text[..self.bytes].chars().rev().take(self.chars - index) {
                    self.bytes -= c.len_utf8();
                    self.chars -= 1;
                }
            }
            self.bytes
        };
        self.last = self.last.max(offset);
        offset
    }
}

/// A float as YAML writes it (`.inf`, `-.inf`, `.nan` for the non-finite ones).
fn yaml_float(f: f64) -> String {
    match (f.is_nan(), f.is_infinite(), f.is_sign_negative()) {
        (true, ..) => ".nan".to_owned(),
        (_, true, true) => "-.inf".to_owned(),
        (_, true, false) => ".inf".to_owned(),
        _ => f.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pointer::Part;
    use crate::source::Format;

    fn parse_text(text: &str) -> Result<Value, Diagnostic> {
        parse(&Arc::new(SourceFile::new("t.yaml", text.to_owned(), Format::Yaml))).map(|(value, _)| value)
    }

    #[test]
    fn converts_to_json_keeping_order() {
        let v = parse_text("b: 1\na: [yes, true, null, 1.5, '2']\n").unwrap();
        assert_eq!(v.to_string(), r#"{"b":1,"a":["yes",true,null,1.5,"2"]}"#);
    }

    #[test]
    fn refuses_duplicate_and_non_string_keys() {
        let d = parse_text("a: 1\nb: 2\na: 3\n").unwrap_err();
        assert_eq!(d.code(), "duplicate-key");
        assert_eq!(d.origin.unwrap().line_col().line, 3);
        let d = parse_text("tools:\n  200: x\n").unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        assert_eq!(d.origin.unwrap().line_col().line, 2);
    }

    #[test]
    fn refuses_several_documents_and_infinities() {
        let d = parse_text("a: 1\n---\nb: 2\n").unwrap_err();
        assert_eq!(d.code(), "syntax-error");
        assert_eq!(d.origin.unwrap().line_col().line, 2);
        let d = parse_text("a:\n  b: .inf\n").unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        let origin = d.origin.unwrap();
        assert_eq!(origin.pointer().map(ToString::to_string).as_deref(), Some("/a/b"));
        assert_eq!((origin.line_col().line, origin.line_col().column), (2, 6));
    }

    #[test]
    fn locates_values_after_multibyte_characters_from_the_first_parse() {
        let source = Arc::new(SourceFile::new("t.yaml", "é: {ü: [1, ß]}\nx: 2\n".to_owned(), Format::Yaml));
        parse(&source).unwrap();
        let sharp = source.locate(&Pointer::parse("/é/ü/1").unwrap(), Part::Value).unwrap();
        assert_eq!(&source.text[sharp], "ß");
        let x = source.locate(&Pointer::parse("/x").unwrap(), Part::Key).unwrap();
        assert_eq!(&source.text[x], "x");
    }

    #[test]
    fn refuses_deep_flow_nesting_as_too_deep() {
        let text = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(parse_text(&text).unwrap_err().code(), "nesting-too-deep");
    }

    #[test]
    fn refuses_deep_block_nesting_as_too_deep_and_accepts_the_bound() {
        let nested = |levels: usize| -> String {
            (0..levels).map(|i| format!("{}k:\n", "  ".repeat(i))).collect::<String>() + &"  ".repeat(levels) + "x\n"
        };
        // `levels` mappings, one inside the other; the refusal points at the first one too many.
        assert!(parse_text(&nested(MAX_DEPTH)).is_ok());
        let d = parse_text(&nested(MAX_DEPTH + 1)).unwrap_err();
        assert_eq!(d.code(), "nesting-too-deep");
        assert_eq!(d.origin.unwrap().line_col().line, MAX_DEPTH + 1);
    }

    #[test]
    fn counts_levels_of_collections_empty_or_aliased_as_json_does() {
        let lists = |n: usize, inner: &str| format!("{}{inner}{}", "[".repeat(n - 1), "]".repeat(n - 1));
        // An empty list is a level of its own; a scalar inside the last list is not.
        assert!(parse_text(&lists(MAX_DEPTH, "[1]")).is_ok());
        assert_eq!(parse_text(&lists(MAX_DEPTH + 1, "[]")).unwrap_err().code(), "nesting-too-deep");
        // An alias nests as deep as its anchored value, wherever it is copied to: the
        // root mapping, the lists around the alias and the anchored lists add up.
        let half = MAX_DEPTH / 2;
        let with_alias = |around: usize| format!("a: &deep {}\nb: {}\n", lists(half, "[]"), lists(around + 1, "*deep"));
        assert!(parse_text(&with_alias(MAX_DEPTH - 1 - half)).is_ok());
        assert_eq!(parse_text(&with_alias(MAX_DEPTH - half)).unwrap_err().code(), "nesting-too-deep");
    }

    #[test]
    fn expands_aliases_within_a_budget() {
        let v = parse_text("a: &x {k: [1]}\nb: *x\n").unwrap();
        assert_eq!(v.to_string(), r#"{"a":{"k":[1]},"b":{"k":[1]}}"#);
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..8 {
            let prev = format!("*a{}", i - 1);
            bomb += &format!("a{i}: &a{i} [{}]\n", [prev.as_str(); 10].join(", "));
        }
        assert_eq!(parse_text(&bomb).unwrap_err().code(), "unsupported-value");
    }

    #[test]
    fn refuses_tags_outside_the_core_schema() {
        assert_eq!(parse_text("a: !custom 1\n").unwrap_err().code(), "unsupported-value");
        assert_eq!(parse_text("a: !!str 1\n").unwrap().to_string(), r#"{"a":"1"}"#);
    }

    #[test]
    fn refuses_collection_tags_outside_the_core_schema_at_the_collection() {
        let text = "a:\n  b: !custom [1]\n";
        let d = parse_text(text).unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        let origin = d.origin.unwrap();
        assert_eq!(origin.pointer().map(ToString::to_string).as_deref(), Some("/a/b"));
        let at = origin.range().unwrap();
        assert_eq!((at.start, &text[at]), (text.find('!').unwrap(), "!"));
        let v = parse_text("a: !!seq [1]\nb: !!map {k: 1}\n").unwrap();
        assert_eq!(v.to_string(), r#"{"a":[1],"b":{"k":1}}"#);
    }

    #[test]
    fn takes_an_alias_of_a_string_as_a_key() {
        let v = parse_text("a: &k name\n*k : 1\n").unwrap();
        assert_eq!(v.to_string(), r#"{"a":"name","name":1}"#);
        let d = parse_text("a: &n 1\n*n : 2\n").unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        assert_eq!(d.origin.unwrap().line_col().line, 2);
    }

    #[test]
    fn expands_aliases_up_to_exactly_the_budget() {
        // `*l` copies 500 nodes (the list and its 499 items), `*m` 500 as well (the
        // mapping and its 499 values): 100 of each copy the whole budget.
        assert_eq!(ALIAS_BUDGET, 100 * (500 + 500));
        let list = format!("[{}]", ["x"; 499].join(", "));
        let map = format!("{{{}}}", (0..499).map(|i| format!("k{i}: x")).collect::<Vec<_>>().join(", "));
        let copies = ["*l, *m"; 100].join(", ");
        let text = |more: &str| format!("l: &l {list}\nm: &m {map}\ns: &s x\ncopies: [{copies}{more}]\n");
        let v = parse_text(&text("")).unwrap();
        assert_eq!(v["copies"].as_array().map(Vec::len), Some(200));
        // One node more, and the alias that copies it is refused.
        let over = text(", *s");
        let d = parse_text(&over).unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        assert!(d.message.contains("too many nodes"), "{}", d.message);
        let at = d.origin.unwrap().range().unwrap();
        assert_eq!((at.start, &over[at]), (over.rfind("*s").unwrap(), "*s"));
    }

    /// Rendered, an empty span and a one-character one show the same caret: where a
    /// reader has only a position, the origin must still cover the whole character
    /// there.
    #[test]
    fn points_at_one_whole_character_where_there_is_only_a_position() {
        let covered = |text: &str| {
            let d = parse_text(text).unwrap_err();
            let at = d.origin.as_ref().and_then(Origin::range).unwrap();
            (d.code(), at.start, text[at].to_owned())
        };
        // The first mapping too many, at its first key.
        let deep = (0..=MAX_DEPTH).map(|i| format!("{}é:\n", "  ".repeat(i))).collect::<String>() + "x\n";
        let last = deep.rfind('é').unwrap();
        assert_eq!(covered(&deep), ("nesting-too-deep", last, "é".to_owned()));
        // A collection as a key, at its bracket.
        assert_eq!(covered("a: 1\n? [1]\n: 2\n"), ("unsupported-value", 7, "[".to_owned()));
        // The first list too many, at its bracket.
        let lists = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert_eq!(covered(&lists), ("nesting-too-deep", MAX_DEPTH, "[".to_owned()));
        // Flow nesting the scanner stops at (it counts to 255), at the bracket it stops on.
        let flow = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(covered(&flow), ("nesting-too-deep", 255, "[".to_owned()));
    }

    #[test]
    fn shows_floats_as_yaml_reads_them() {
        for (spelling, shown) in
            [(".nan", ".nan"), (".NaN", ".nan"), ("-.inf", "-.inf"), ("-.Inf", "-.inf"), ("+.inf", ".inf")]
        {
            let d = parse_text(&format!("a: {spelling}\n")).unwrap_err();
            assert_eq!(d.message, format!("{shown} has no JSON equivalent; quote it to make it a string"));
            let d = parse_text(&format!("{spelling}: 1\n")).unwrap_err();
            assert_eq!(
                d.message,
                format!("YAML mapping key {shown} is not a string; JSON keys are strings, so quote it")
            );
        }
        let d = parse_text("1e3: 1\n").unwrap_err();
        assert_eq!(d.message, "YAML mapping key 1000 is not a string; JSON keys are strings, so quote it");
        assert_eq!(parse_text("a: [1e3, .5, -0.25]\n").unwrap().to_string(), r#"{"a":[1000.0,0.5,-0.25]}"#);
    }

    /// Markers count characters; the cursor that turns them into bytes walks forwards
    /// and back, over characters of one to four bytes.
    #[test]
    fn turns_character_markers_into_byte_offsets_in_either_direction() {
        let text = "aé€😀b\n";
        let expected: Vec<usize> = text.char_indices().map(|(at, _)| at).chain([text.len()]).collect();
        let mut offsets = Offsets::new(text);
        let order = [0, 3, 1, 6, 2, 5, 4, 0, 6, 6, 2];
        for index in order {
            assert_eq!(offsets.byte(Marker::new(index, 1, index)), expected[index], "at character {index}");
        }
        assert_eq!(offsets.last, text.len());
    }

    /// An implicit document starts at its first token and its root node starts there
    /// again, so the cursor walks back over it; a second document marker is found the
    /// same way.
    #[test]
    fn locates_a_root_scalar_and_a_second_document_after_multibyte_characters() {
        for text in ["é\n", "'é'\n", "!!str é\n"] {
            let source = Arc::new(SourceFile::new("t.yaml", text.to_owned(), Format::Yaml));
            parse(&source).unwrap();
            let root = source.locate(&Pointer::root(), Part::Value).unwrap();
            assert_eq!(&text[root], text.trim_end(), "{text:?}");
        }
        let text = "é: ü\n---\nb: 2\n";
        let d = parse_text(text).unwrap_err();
        assert_eq!(d.code(), "syntax-error");
        assert_eq!(d.origin.unwrap().range().unwrap().start, text.find("---").unwrap());
    }
}
