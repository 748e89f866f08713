//! Span tree of a YAML document, from `saphyr`'s marked nodes.

use saphyr::{MarkedYaml, YamlData};

use super::line_index::LineIndex;
use super::spans::{SpanNode, SpanTree};
use crate::ingest::yaml::{load_documents, mapping_key};

pub fn build(text: &str, lines: &LineIndex) -> Option<SpanTree> {
    let docs = load_documents(text).ok()?;
    let doc = docs.into_iter().next()?;
    Some(convert(&doc, text, lines))
}

fn convert(node: &MarkedYaml<'_>, text: &str, lines: &LineIndex) -> SpanTree {
    let offset = |m: saphyr::Marker| lines.offset_of(text, m.line().saturating_sub(1), m.col());
    let range = offset(node.span.start)..offset(node.span.end).max(offset(node.span.start));
    let node = match &node.data {
        YamlData::Sequence(items) => SpanNode::Array(items.iter().map(|i| convert(i, text, lines)).collect()),
        YamlData::Mapping(map) => SpanNode::Object(
            map.iter()
                .filter_map(|(k, v)| {
                    let name = mapping_key(k)?;
                    let key_range = offset(k.span.start)..offset(k.span.end).max(offset(k.span.start));
                    Some((name, key_range, convert(v, text, lines)))
                })
                .collect(),
        ),
        // A tagged node's own span covers the tag and the value; the inner node's may
        // be empty.
        YamlData::Tagged(_, inner) => convert(inner, text, lines).node,
        _ => SpanNode::Leaf,
    };
    SpanTree { range, node }
}
