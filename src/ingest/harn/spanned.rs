//! JSON values built together with the source spans they came from, so that a
//! catalog derived from Harn source can be located like a parsed file.

use serde_json::{Map, Value};

use super::ast::Span;
use crate::source::{SpanNode, SpanTree};

/// A JSON value whose every node knows where in the Harn source it came from.
#[derive(Clone, Debug)]
pub enum Spanned {
    Leaf(Value, Span),
    Array(Vec<Spanned>, Span),
    /// Members in order: key, the key's span, value.
    Object(Vec<(String, Span, Spanned)>, Span),
}

impl Spanned {
    pub fn leaf(value: impl Into<Value>, span: Span) -> Spanned {
        Spanned::Leaf(value.into(), span)
    }

    pub fn span(&self) -> Span {
        match self {
            Spanned::Leaf(_, span) | Spanned::Array(_, span) | Spanned::Object(_, span) => *span,
        }
    }

    /// The value of member `key`, when this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Spanned> {
        match self {
            Spanned::Object(members, _) => members.iter().find(|(k, _, _)| k == key).map(|(_, _, v)| v),
            _ => None,
        }
    }

    /// [`Spanned::get`], mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Spanned> {
        match self {
            Spanned::Object(members, _) => members.iter_mut().find(|(k, _, _)| k == key).map(|(_, _, v)| v),
            _ => None,
        }
    }

    /// Appends a member to an object (no-op on other nodes).
    pub fn insert(&mut self, key: &str, key_span: Span, value: Spanned) {
        if let Spanned::Object(members, _) = self {
            members.push((key.to_owned(), key_span, value));
        }
    }

    /// The plain value and its span tree (recursing as deep as the value nests, on a
    /// stack grown when little is left).
    pub fn into_parts(self) -> (Value, SpanTree) {
        crate::stack::grow(|| match self {
            Spanned::Leaf(value, span) => (value, SpanTree::leaf(span.range())),
            Spanned::Array(items, span) => {
                let (values, trees): (Vec<Value>, Vec<SpanTree>) = items.into_iter().map(Spanned::into_parts).unzip();
                (Value::Array(values), SpanTree { range: span.range(), node: SpanNode::Array(trees) })
            }
            Spanned::Object(members, span) => {
                let mut map = Map::with_capacity(members.len());
                let mut nodes = Vec::with_capacity(members.len());
                for (key, key_span, value) in members {
                    let (value, tree) = value.into_parts();
                    nodes.push((key.clone(), key_span.range(), tree));
                    map.insert(key, value);
                }
                (Value::Object(map), SpanTree { range: span.range(), node: SpanNode::Object(nodes) })
            }
        })
    }
}
