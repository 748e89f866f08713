//! Span tree of a JSON document, from `jsonc-parser`'s syntax tree.

use jsonc_parser::ast::{ObjectPropName, Value};
use jsonc_parser::{CollectOptions, ParseOptions, parse_to_ast};

use super::spans::{SpanNode, SpanTree};

pub fn build(text: &str) -> Option<SpanTree> {
    let parsed = parse_to_ast(text, &CollectOptions::default(), &ParseOptions::default()).ok()?;
    parsed.value.as_ref().map(convert)
}

fn convert(value: &Value<'_>) -> SpanTree {
    let range = |r: &jsonc_parser::common::Range| r.start..r.end;
    match value {
        Value::Object(object) => SpanTree {
            range: range(&object.range),
            node: SpanNode::Object(
                object
                    .properties
                    .iter()
                    .map(|prop| {
                        let (name, name_range) = match &prop.name {
                            ObjectPropName::String(s) => (s.value.to_string(), range(&s.range)),
                            ObjectPropName::Word(w) => (w.value.to_string(), range(&w.range)),
                        };
                        (name, name_range, convert(&prop.value))
                    })
                    .collect(),
            ),
        },
        Value::Array(array) => {
            SpanTree { range: range(&array.range), node: SpanNode::Array(array.elements.iter().map(convert).collect()) }
        }
        Value::StringLit(v) => SpanTree::leaf(range(&v.range)),
        Value::NumberLit(v) => SpanTree::leaf(range(&v.range)),
        Value::BooleanLit(v) => SpanTree::leaf(range(&v.range)),
        Value::NullKeyword(v) => SpanTree::leaf(range(&v.range)),
    }
}
