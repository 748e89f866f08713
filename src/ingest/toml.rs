//! TOML inputs: the `toml` crate, converted to JSON values.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::MAX_DEPTH;
use super::rules::{Unsupported, duplicate_key, syntax_error, too_deep, too_deep_for_toml, unsupported_value};
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::{Pointer, Segment};
use crate::source::SourceFile;

/// Parses the whole text as one TOML document; and whether a literal was read as a
/// float (the only literals that can change on the way, see the inexact-number rule).
pub fn parse(source: &Arc<SourceFile>) -> Result<(Value, bool), Diagnostic> {
    let table: toml::Table = toml::from_str(&source.text).map_err(|e| {
        let range = e.span().unwrap_or(0..0);
        let message = e.message().trim().to_owned();
        if message.contains("duplicate key") {
            let key = source.text.get(range.clone()).unwrap_or_default().trim();
            duplicate_key(source, range, key)
        } else if message.contains("recursion") {
            // The toml crate's own bounds: 80 arrays or inline tables one inside the
            // other, 80 keys in one header or dotted key. Together they pass MAX_DEPTH.
            too_deep_for_toml(source, range, &message)
        } else {
            syntax_error(source, range, &message)
        }
    })?;
    let mut floats = false;
    let value = convert_table(source, table, &mut Pointer::root(), 0, &mut floats)?;
    Ok((value, floats))
}

/// Converts a table with `depth` arrays and tables around it.
fn convert_table(
    source: &Arc<SourceFile>,
    table: toml::Table,
    pointer: &mut Pointer,
    depth: usize,
    floats: &mut bool,
) -> Result<Value, Diagnostic> {
    let inner = enter(source, pointer, depth)?;
    let mut out = Map::with_capacity(table.len());
    for (key, value) in table {
        pointer.push(Segment::Key(key.as_str().into()));
        let converted = convert(source, value, pointer, inner, floats)?;
        *pointer = pointer.parent();
        out.insert(key, converted);
    }
    Ok(Value::Object(out))
}

/// The depth of the arrays and tables inside a table or an array that has `depth`
/// around it, itself at `pointer`; refused if the table or array itself would nest
/// deeper than [`MAX_DEPTH`] levels (the document's own table is the first level).
fn enter(source: &Arc<SourceFile>, pointer: &Pointer, depth: usize) -> Result<usize, Diagnostic> {
    if depth < MAX_DEPTH { Ok(depth + 1) } else { Err(too_deep(source, pointer.clone())) }
}

/// Converts a value with `depth` arrays and tables around it, setting `floats` when
/// it reads a float.
fn convert(
    source: &Arc<SourceFile>,
    value: toml::Value,
    pointer: &mut Pointer,
    depth: usize,
    floats: &mut bool,
) -> Result<Value, Diagnostic> {
    Ok(match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => match serde_json::Number::from_f64(f).inspect(|_| *floats = true) {
            Some(n) => Value::Number(n),
            None => {
                let at = Origin::value(source, pointer.clone());
                return Err(unsupported_value(Unsupported::NonFinite(toml_float(f)), at));
            }
        },
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => {
            return Err(unsupported_value(Unsupported::TomlDateTime(&d), Origin::value(source, pointer.clone())));
        }
        toml::Value::Array(items) => {
            let inner = enter(source, pointer, depth)?;
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.into_iter().enumerate() {
                pointer.push(Segment::Index(i));
                out.push(convert(source, item, pointer, inner, floats)?);
                *pointer = pointer.parent();
            }
            Value::Array(out)
        }
        toml::Value::Table(table) => convert_table(source, table, pointer, depth, floats)?,
    })
}

/// A non-finite float as TOML writes it.
fn toml_float(f: f64) -> &'static str {
    match (f.is_nan(), f.is_sign_negative()) {
        (true, _) => "nan",
        (false, true) => "-inf",
        (false, false) => "inf",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Format;

    fn parse_text(text: &str) -> Result<Value, Diagnostic> {
        parse(&Arc::new(SourceFile::new("t.toml", text.to_owned(), Format::Toml))).map(|(value, _)| value)
    }

    #[test]
    fn converts_to_json_keeping_order() {
        let v = parse_text("b = 1\na = [true, \"x\", 1.5]\n[[tools]]\nname = \"t\"\n").unwrap();
        assert_eq!(v.to_string(), r#"{"b":1,"a":[true,"x",1.5],"tools":[{"name":"t"}]}"#);
    }

    #[test]
    fn refuses_datetimes_at_their_position() {
        let d = parse_text("[info]\nname = \"w\"\nreleased = 2026-01-01T00:00:00Z\n").unwrap_err();
        assert_eq!(d.code(), "unsupported-value");
        assert_eq!(d.origin.unwrap().line_col().line, 3);
    }

    /// The toml crate refuses more than 80 keys in one header and more than 80 arrays
    /// one inside the other, each on its own; together they pass [`MAX_DEPTH`].
    #[test]
    fn counts_tables_and_arrays_to_the_bound_as_json_does() {
        let keys = (1..=80).map(|i| format!("k{i}")).collect::<Vec<_>>().join(".");
        // The document's table, the 80 of the header, then `arrays` lists around `inner`.
        let deep =
            |arrays: usize, inner: &str| format!("[{keys}]\nx = {}{inner}{}\n", "[".repeat(arrays), "]".repeat(arrays));
        for inner in ["1", ""] {
            let value = parse_text(&deep(MAX_DEPTH - 81, inner)).unwrap();
            assert_eq!(crate::ingest::depth(&value), MAX_DEPTH);
        }
        // The empty list innermost is a level of its own; the refusal points at it.
        let text = deep(MAX_DEPTH - 80, "");
        let d = parse_text(&text).unwrap_err();
        assert_eq!(d.code(), "nesting-too-deep");
        let origin = d.origin.unwrap();
        let pointer = format!("/{}/x{}", keys.replace('.', "/"), "/0".repeat(MAX_DEPTH - 81));
        assert_eq!(origin.pointer().map(ToString::to_string), Some(pointer));
        let at = origin.range().unwrap();
        assert_eq!((at.start, &text[at]), (text.find("[]").unwrap(), "[]"));
    }

    #[test]
    fn refuses_duplicate_keys() {
        assert_eq!(parse_text("a = 1\na = 2\n").unwrap_err().code(), "duplicate-key");
    }
}
