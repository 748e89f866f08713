//! The documentation every language writes for a schema: its title and description,
//! then one tag each for deprecation, the default, the examples, the format, the
//! bounds, and what the type leaves out of the schema (its [`Notes`]), each language
//! spelling the tags its own way ([`Tags`]); and what both type mappings read first
//! of a schema (its kinds, its literal values).

use serde_json::Value;

use super::WIDENED;
use crate::schema::walk;

/// Bounds, shown in the documentation with their values.
pub const BOUNDS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
];

/// Keywords whose constraint neither a TypeScript nor a pydantic type expresses,
/// besides the [`BOUNDS`]: a type leaves them out, which makes it wider than its
/// schema (still sound: every valid instance fits).
pub const UNEXPRESSED: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependentRequired",
    "propertyNames",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedItems",
    "unevaluatedProperties",
    "$dynamicRef",
];

/// The kinds a schema object's `type` names, `None` without one.
pub fn kinds(object: &serde_json::Map<String, Value>) -> Option<Vec<&str>> {
    match walk::member(object, "type") {
        Some(Value::String(kind)) => Some(vec![kind.as_str()]),
        Some(Value::Array(kinds)) => Some(kinds.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// The values a schema object's `const` (first) or `enum` allows, `None` without
/// either.
pub fn literals(object: &serde_json::Map<String, Value>) -> Option<Vec<&Value>> {
    match (walk::member(object, "const"), walk::member(object, "enum")) {
        (Some(value), _) => Some(vec![value]),
        (None, Some(Value::Array(values))) => Some(values.iter().collect()),
        _ => None,
    }
}

/// What a type leaves out of its schema: the keywords, in the order met, once each.
#[derive(Default)]
pub struct Notes(pub Vec<&'static str>);

impl Notes {
    pub fn add(&mut self, keyword: &'static str) {
        if !self.0.contains(&keyword) {
            self.0.push(keyword);
        }
    }

    pub fn absorb(&mut self, other: &Notes) {
        for keyword in &other.0 {
            self.add(keyword);
        }
    }
}

/// How a language spells the tags of [`schema_doc`].
pub struct Tags {
    pub deprecated: &'static str,
    pub default: fn(&Value) -> String,
    pub example: fn(&Value) -> String,
    pub format: fn(&str) -> String,
    /// The tag lines of the bounds present, each with its value.
    pub bounds: fn(&[(&str, &Value)]) -> Vec<String>,
    /// Put before the note of what the type leaves out.
    pub widened_prefix: &'static str,
}

/// The documentation lines of a schema: title, description, then the tags.
pub fn schema_doc(schema: &Value, notes: &Notes, tags: &Tags) -> Vec<String> {
    let mut lines = Vec::new();
    let Value::Object(object) = schema else {
        return lines;
    };
    for keyword in ["title", "description"] {
        if let Some(Value::String(text)) = walk::member(object, keyword) {
            if !lines.is_empty() {
                lines.push(String::new());
            }
            lines.extend(text.lines().map(str::to_owned));
        }
    }
    let mut written = Vec::new();
    if walk::member(object, "deprecated") == Some(&Value::Bool(true)) {
        written.push(tags.deprecated.to_owned());
    }
    if let Some(default) = walk::member(object, "default") {
        written.push((tags.default)(default));
    }
    for example in walk::member(object, "examples").and_then(Value::as_array).into_iter().flatten() {
        written.push((tags.example)(example));
    }
    if let Some(Value::String(format)) = walk::member(object, "format") {
        written.push((tags.format)(format));
    }
    let bounds: Vec<(&str, &Value)> =
        BOUNDS.iter().filter_map(|bound| walk::member(object, bound).map(|value| (*bound, value))).collect();
    if !bounds.is_empty() {
        written.extend((tags.bounds)(&bounds));
    }
    if !notes.0.is_empty() {
        let keywords: Vec<String> =
            notes.0.iter().map(|k| if k.contains(' ') { (*k).to_owned() } else { format!("`{k}`") }).collect();
        written.push(format!("{}{WIDENED}: it does not check {}.", tags.widened_prefix, keywords.join(", ")));
    }
    if !written.is_empty() && !lines.is_empty() {
        lines.push(String::new());
    }
    lines.extend(written);
    lines
}
