//! Span tree of a JSON document, from `jsonc-parser`'s token scanner in one pass. Its
//! syntax tree is not built on the way: for a many-megabyte document that tree costs
//! several times the span tree it would be converted into. serde_json has already
//! accepted the text, so an unexpected token only means that there is no tree.

use std::ops::Range;

use jsonc_parser::Scanner;
use jsonc_parser::tokens::Token;

use super::spans::{SpanNode, SpanTree};

/// An array or object whose closing token has not been read yet.
enum Open {
    Array { start: usize, items: Vec<SpanTree> },
    Object { start: usize, members: Vec<(String, Range<usize>, SpanTree)>, key: Option<(String, Range<usize>)> },
}

pub fn build(text: &str) -> Option<SpanTree> {
    let mut scanner = Scanner::new(text);
    let mut open: Vec<Open> = Vec::new();
    while let Some(token) = scanner.scan().ok()? {
        let range = scanner.token_start()..scanner.token_end();
        let done = match token {
            Token::OpenBrace => {
                open.push(Open::Object { start: range.start, members: Vec::new(), key: None });
                continue;
            }
            Token::OpenBracket => {
                open.push(Open::Array { start: range.start, items: Vec::new() });
                continue;
            }
            Token::CloseBrace | Token::CloseBracket => match open.pop()? {
                Open::Array { start, items } => SpanTree { range: start..range.end, node: SpanNode::Array(items) },
                Open::Object { start, members, .. } => {
                    SpanTree { range: start..range.end, node: SpanNode::Object(members) }
                }
            },
            Token::Comma | Token::Colon | Token::CommentLine(_) | Token::CommentBlock(_) => continue,
            Token::String(name) if matches!(open.last(), Some(Open::Object { key: None, .. })) => {
                if let Some(Open::Object { key, .. }) = open.last_mut() {
                    *key = Some((name.into_owned(), range));
                }
                continue;
            }
            Token::Word(name) if matches!(open.last(), Some(Open::Object { key: None, .. })) => {
                if let Some(Open::Object { key, .. }) = open.last_mut() {
                    *key = Some((name.to_owned(), range));
                }
                continue;
            }
            Token::String(_) | Token::Word(_) | Token::Boolean(_) | Token::Number(_) | Token::Null => {
                SpanTree::leaf(range)
            }
        };
        match open.last_mut() {
            None => return Some(done),
            Some(Open::Array { items, .. }) => items.push(done),
            Some(Open::Object { members, key, .. }) => {
                let (name, name_range) = key.take()?;
                members.push((name, name_range, done));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pointer::{Part, Pointer};

    #[test]
    fn ranges_cover_values_and_member_names() {
        let text = r#" {"a": [1, {"b\u00e9": "x"}], "c": null, "c": true} "#;
        let tree = build(text).unwrap();
        let at = |p: &str, part: Part| &text[tree.locate(&Pointer::parse(p).unwrap(), part)];
        assert_eq!(at("", Part::Value), text.trim());
        assert_eq!(at("/a/1/bé", Part::Key), r#""b\u00e9""#);
        assert_eq!(at("/a/1/bé", Part::Value), r#""x""#);
        // A repeated name resolves to its last member, as serde_json keeps it.
        assert_eq!(at("/c", Part::Value), "true");
        // Past the end: the deepest place that exists.
        assert_eq!(at("/a/9", Part::Value), r#"[1, {"b\u00e9": "x"}]"#);
    }

    #[test]
    fn refuses_what_is_not_one_document() {
        assert!(build("[1, 2").is_none());
        assert!(build("]").is_none());
        assert!(build("").is_none());
    }
}
