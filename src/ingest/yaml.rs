//! YAML inputs: `saphyr` (YAML 1.2, duplicate keys refused), converted to JSON values.

use std::cell::RefCell;
use std::sync::Arc;

use saphyr::{LoadableYamlNode, MarkedYaml, Scalar, ScanError, YamlData};
use serde_json::{Map, Value};

use super::MAX_DEPTH;
use super::rules::{DUPLICATE_KEY, NESTING_TOO_DEEP, UNSUPPORTED_VALUE, inexact_number, syntax_error, too_deep};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

/// Loads every document of a YAML text, with positions.
pub fn load_documents(text: &str) -> Result<Vec<MarkedYaml<'_>>, ScanError> {
    MarkedYaml::load_from_str(text)
}

/// The key of a mapping entry when it is a string scalar.
pub fn mapping_key(node: &MarkedYaml<'_>) -> Option<String> {
    match &node.data {
        YamlData::Value(Scalar::String(s)) => Some(s.to_string()),
        YamlData::Tagged(_, inner) => mapping_key(inner),
        _ => None,
    }
}

/// Parses the text as exactly one YAML document and converts it to JSON, with a
/// warning for each number the conversion rounds.
pub fn parse(source: &Arc<SourceFile>) -> Result<(Value, Vec<Diagnostic>), Diagnostic> {
    let docs = load_documents(&source.text).map_err(|e| scan_error(source, &e))?;
    match docs.len() {
        1 => {}
        0 => {
            return Err(syntax_error(source, 0..0, "the file holds no YAML document"));
        }
        n => {
            let second = docs[1].span.start;
            let offset = source.lines().offset_of(&source.text, second.line().saturating_sub(1), second.col());
            return Err(syntax_error(
                source,
                offset..offset,
                &format!("the file holds {n} YAML documents; exactly one is expected"),
            ));
        }
    }
    let converter = Converter { source, rounded: RefCell::new(Vec::new()) };
    let value = converter.convert(&docs[0], &mut Pointer::root(), 0)?;
    Ok((value, converter.rounded.into_inner()))
}

fn scan_error(source: &Arc<SourceFile>, error: &ScanError) -> Diagnostic {
    let marker = error.marker();
    let offset = source.lines().offset_of(&source.text, marker.line().saturating_sub(1), marker.col());
    if error.info().contains("duplicate") {
        // The scanner stops at the repeated key: name it.
        let rest = &source.text[offset..];
        let token = rest.lines().next().and_then(|l| l.split(':').next()).unwrap_or_default().trim_end();
        let key = token.trim_matches(|c| c == '"' || c == '\'');
        return DUPLICATE_KEY
            .diag(format!("duplicate key {key:?} in one mapping"))
            .at(Origin::span(source, offset..offset + token.len()));
    }
    if error.info().contains("recursion limit exceeded") {
        // The scanner's own bound, far past MAX_DEPTH: the same finding as ours.
        return NESTING_TOO_DEEP
            .diag(format!("{} nests arrays and objects deeper than {MAX_DEPTH} levels", source.display_path()))
            .at(Origin::span(source, offset..offset));
    }
    syntax_error(source, offset..offset, error.info())
}

struct Converter<'s> {
    source: &'s Arc<SourceFile>,
    /// Warnings for the floats that do not keep their literal (`inexact-number`).
    rounded: RefCell<Vec<Diagnostic>>,
}

impl Converter<'_> {
    fn unsupported(&self, pointer: &Pointer, message: String) -> Diagnostic {
        UNSUPPORTED_VALUE.diag(message).at(Origin::value(self.source, pointer.clone()))
    }

    /// `depth` counts the collections around `node`; a collection is one level more.
    fn convert(&self, node: &MarkedYaml<'_>, pointer: &mut Pointer, depth: usize) -> Result<Value, Diagnostic> {
        let collection = matches!(node.data, YamlData::Sequence(_) | YamlData::Mapping(_));
        if collection && depth >= MAX_DEPTH {
            return Err(too_deep(self.source, pointer.clone()));
        }
        Ok(match &node.data {
            YamlData::Value(scalar) => match scalar {
                Scalar::Null => Value::Null,
                Scalar::Boolean(b) => Value::Bool(*b),
                Scalar::Integer(i) => Value::from(*i),
                Scalar::FloatingPoint(f) => match serde_json::Number::from_f64(f.into_inner()) {
                    Some(n) => {
                        let start = self.source.lines().offset_of(
                            &self.source.text,
                            node.span.start.line().saturating_sub(1),
                            node.span.start.col(),
                        );
                        self.rounded.borrow_mut().extend(inexact_number::in_yaml(self.source, start, f.into_inner()));
                        Value::Number(n)
                    }
                    None => {
                        return Err(self.unsupported(
                            pointer,
                            format!(
                                "{} has no JSON equivalent; quote it to make it a string",
                                yaml_float(f.into_inner())
                            ),
                        ));
                    }
                },
                Scalar::String(s) => Value::String(s.to_string()),
            },
            YamlData::Sequence(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    pointer.push(crate::pointer::Segment::Index(i));
                    out.push(self.convert(item, pointer, depth + 1)?);
                    *pointer = pointer.parent();
                }
                Value::Array(out)
            }
            YamlData::Mapping(map) => {
                let mut out = Map::with_capacity(map.len());
                for (k, v) in map {
                    let Some(key) = mapping_key(k) else {
                        let shown = match &k.data {
                            YamlData::Value(Scalar::Null) => "null".to_owned(),
                            YamlData::Value(Scalar::Boolean(b)) => b.to_string(),
                            YamlData::Value(Scalar::Integer(i)) => i.to_string(),
                            YamlData::Value(Scalar::FloatingPoint(f)) => yaml_float(f.into_inner()),
                            _ => "a collection".to_owned(),
                        };
                        let offset = self.source.lines().offset_of(
                            &self.source.text,
                            k.span.start.line().saturating_sub(1),
                            k.span.start.col(),
                        );
                        return Err(UNSUPPORTED_VALUE
                            .diag(format!(
                                "YAML mapping key {shown} is not a string; JSON keys are strings, so quote it"
                            ))
                            .at(Origin::span(self.source, offset..offset + 1)));
                    };
                    pointer.push(crate::pointer::Segment::Key(key.as_str().into()));
                    let value = self.convert(v, pointer, depth + 1)?;
                    *pointer = pointer.parent();
                    out.insert(key, value);
                }
                Value::Object(out)
            }
            YamlData::Tagged(tag, inner) => {
                if !tag.is_yaml_core_schema() {
                    return Err(self.unsupported(
                        pointer,
                        format!("YAML tag {}{} has no JSON meaning; remove it", tag.handle, tag.suffix),
                    ));
                }
                return self.convert(inner, pointer, depth);
            }
            YamlData::Alias(_) | YamlData::BadValue | YamlData::Representation(..) => {
                return Err(self.unsupported(pointer, "this YAML value cannot be read as JSON".to_owned()));
            }
        })
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
        assert_eq!(parse_text("a: 1\na: 2\n").unwrap_err().code(), "duplicate-key");
        let d = parse_text("tools:\n  200: x\n").unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        assert_eq!(d.origin.unwrap().line_col().line, 2);
    }

    #[test]
    fn refuses_several_documents_and_infinities() {
        assert_eq!(parse_text("a: 1\n---\nb: 2\n").unwrap_err().code(), "syntax-error");
        assert_eq!(parse_text("a: .inf\n").unwrap_err().code(), "unsupported-value");
    }

    #[test]
    fn refuses_deep_nesting_without_overflowing() {
        let text = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(parse_text(&text).unwrap_err().code(), "nesting-too-deep");
    }
}
