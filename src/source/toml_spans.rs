//! Span tree of a TOML document, from `toml`'s spanned parse tree.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::spans::{SpanNode, SpanTree};

pub fn build(text: &str) -> Option<SpanTree> {
    let table = DeTable::parse(text).ok()?;
    Some(convert_table(table.get_ref(), table.span()))
}

fn convert_table(table: &DeTable<'_>, range: std::ops::Range<usize>) -> SpanTree {
    SpanTree {
        range,
        node: SpanNode::Object(table.iter().map(|(k, v)| (k.get_ref().to_string(), k.span(), convert(v))).collect()),
    }
}

fn convert(value: &Spanned<DeValue<'_>>) -> SpanTree {
    match value.get_ref() {
        DeValue::Table(table) => convert_table(table, value.span()),
        DeValue::Array(items) => {
            SpanTree { range: value.span(), node: SpanNode::Array(items.iter().map(convert).collect()) }
        }
        _ => SpanTree::leaf(value.span()),
    }
}
