//! A format-independent tree of byte ranges mirroring a parsed document.

use std::ops::Range;

use crate::pointer::{Part, Pointer, Segment};

/// Where each value (and each member name) of a document sits in its text.
#[derive(Clone, Debug)]
pub struct SpanTree {
    pub range: Range<usize>,
    pub node: SpanNode,
}

#[derive(Clone, Debug)]
pub enum SpanNode {
    Leaf,
    Array(Vec<SpanTree>),
    /// Members in source order: name, range of the name, value.
    Object(Vec<(String, Range<usize>, SpanTree)>),
}

impl SpanTree {
    pub fn leaf(range: Range<usize>) -> Self {
        SpanTree { range, node: SpanNode::Leaf }
    }

    /// The range `pointer` names (its value, or its member name), or that of its
    /// deepest existing ancestor.
    pub fn locate(&self, pointer: &Pointer, part: Part) -> Range<usize> {
        let mut current = self;
        let segments = pointer.segments();
        for (i, segment) in segments.iter().enumerate() {
            let last = i + 1 == segments.len();
            let next = match (&current.node, segment) {
                (SpanNode::Object(members), Segment::Key(k)) => members.iter().rev().find(|(name, _, _)| name == &**k),
                (SpanNode::Object(members), Segment::Index(n)) => {
                    let k = n.to_string();
                    members.iter().rev().find(|(name, _, _)| *name == k)
                }
                (SpanNode::Array(items), Segment::Index(n)) => match items.get(*n) {
                    Some(item) => {
                        current = item;
                        continue;
                    }
                    None => return current.range.clone(),
                },
                _ => return current.range.clone(),
            };
            match next {
                Some((_, name_range, value)) => {
                    if last && part == Part::Key {
                        return name_range.clone();
                    }
                    current = value;
                }
                None => return current.range.clone(),
            }
        }
        current.range.clone()
    }
}
