//! TypeScript declarations of the catalog envelope, rendered from
//! `templates/harn-tools.ts.jinja` with a model read off the derived JSON Schema, so
//! that the declarations (and their doc comments, which come from the Rust docs) can
//! never disagree with the schema or the types.

use serde::Serialize;
use serde_json::{Map, Value};

const TEMPLATE: &str = include_str!("../../templates/harn-tools.ts.jinja");

/// One exported declaration.
#[derive(Serialize)]
struct Declaration {
    name: String,
    doc: Vec<String>,
    /// A union of string literals (`variants`) or an interface (`fields`).
    kind: &'static str,
    variants: Vec<Variant>,
    fields: Vec<Field>,
}

#[derive(Serialize)]
struct Variant {
    literal: String,
    doc: Vec<String>,
}

#[derive(Serialize)]
struct Field {
    name: String,
    ty: String,
    optional: bool,
    doc: Vec<String>,
}

/// Renders `harn-tools.ts` from the envelope `schema` (see [`super::catalog_schema`]).
pub fn render(schema: &Value, artifact_version: &str) -> String {
    let defs = schema.get("$defs").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut declarations = Vec::new();
    for name in declaration_order(schema, &defs) {
        let def = if name == ROOT { schema } else { &defs[&name] };
        declarations.push(declaration(&name, def));
    }
    #[derive(Serialize)]
    struct Context<'a> {
        declarations: Vec<Declaration>,
        artifact_version: &'a str,
    }
    super::template::render("harn-tools.ts", TEMPLATE, &Context { declarations, artifact_version })
}

/// The name the root schema is declared under.
const ROOT: &str = "ToolCatalog";

/// Enumerations first, then records with their dependencies before them, the
/// catalog itself last: each in the order a depth-first walk from the root meets it.
fn declaration_order(schema: &Value, defs: &Map<String, Value>) -> Vec<String> {
    fn visit(name: &str, schema: &Value, defs: &Map<String, Value>, seen: &mut Vec<String>, order: &mut Vec<String>) {
        if seen.iter().any(|s| s == name) {
            return;
        }
        seen.push(name.to_owned());
        let mut references = Vec::new();
        collect_refs(schema, &mut references);
        for reference in references {
            if let Some(def) = defs.get(&reference) {
                visit(&reference, def, defs, seen, order);
            }
        }
        order.push(name.to_owned());
    }
    let mut order = Vec::new();
    visit(ROOT, schema, defs, &mut Vec::new(), &mut order);
    let (enums, records): (Vec<String>, Vec<String>) =
        order.into_iter().partition(|n| n != ROOT && union_variants(&defs[n]).is_some());
    enums.into_iter().chain(records).collect()
}

fn collect_refs(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                if key == "$ref" {
                    if let Some(name) = value.as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
                        out.push(name.to_owned());
                    }
                } else if key != "$defs" {
                    collect_refs(value, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_refs(i, out)),
        _ => {}
    }
}

fn doc_lines(schema: &Value) -> Vec<String> {
    schema
        .get("description")
        .and_then(Value::as_str)
        .map(|d| d.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// The string literals of an enumeration (`enum`, or `oneOf` of `const`s), if it is one.
fn union_variants(schema: &Value) -> Option<Vec<Variant>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.iter().map(|v| Some(Variant { literal: quoted(v.as_str()?), doc: Vec::new() })).collect();
    }
    schema
        .get("oneOf")?
        .as_array()?
        .iter()
        .map(|v| Some(Variant { literal: quoted(v.get("const")?.as_str()?), doc: doc_lines(v) }))
        .collect()
}

fn declaration(name: &str, schema: &Value) -> Declaration {
    let doc = doc_lines(schema);
    if let Some(variants) = union_variants(schema) {
        return Declaration { name: name.to_owned(), doc, kind: "union", variants, fields: Vec::new() };
    }
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let fields = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|properties| {
            properties
                .iter()
                .map(|(field, property)| {
                    let (ty, nullable) = ts_type(property);
                    let optional = !required.contains(&field.as_str());
                    let ty = if optional || nullable { format!("{ty} | null") } else { ty };
                    Field { name: property_name(field), ty, optional, doc: doc_lines(property) }
                })
                .collect()
        })
        .unwrap_or_default();
    Declaration { name: name.to_owned(), doc, kind: "interface", variants: Vec::new(), fields }
}

/// A property name as a TypeScript member name, quoted when it is not an identifier.
pub(crate) fn property_name(name: &str) -> String {
    let identifier = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier { name.to_owned() } else { quoted(name) }
}

fn is_null(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("null")
}

/// The TypeScript type of a property schema, and whether it admits `null`.
fn ts_type(schema: &Value) -> (String, bool) {
    if let Some(name) = schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) {
        return (name.to_owned(), false);
    }
    for keyword in ["anyOf", "oneOf"] {
        if let Some(alternatives) = schema.get(keyword).and_then(Value::as_array) {
            let nullable = alternatives.iter().any(is_null);
            let rest: Vec<&Value> = alternatives.iter().filter(|a| !is_null(a)).collect();
            let types: Vec<&str> = rest.iter().filter_map(|a| a.get("type").and_then(Value::as_str)).collect();
            if types == ["boolean", "object"] {
                return ("JsonSchema202012".to_owned(), nullable);
            }
            let union: Vec<String> = rest.iter().map(|a| ts_type(a).0).collect();
            return (union.join(" | "), nullable);
        }
    }
    let (types, nullable) = match schema.get("type") {
        Some(Value::String(t)) => (vec![t.as_str()], false),
        Some(Value::Array(ts)) => {
            let names: Vec<&str> = ts.iter().filter_map(Value::as_str).collect();
            (names.iter().copied().filter(|t| *t != "null").collect(), names.contains(&"null"))
        }
        _ => (Vec::new(), false),
    };
    let rendered: Vec<String> = types
        .iter()
        .map(|t| match *t {
            "string" => "string".to_owned(),
            "integer" | "number" => "number".to_owned(),
            "boolean" => "boolean".to_owned(),
            "array" => {
                let items = schema.get("items").map_or_else(|| "JsonValue".to_owned(), |i| ts_type(i).0);
                if items.contains(' ') { format!("Array<{items}>") } else { format!("{items}[]") }
            }
            "object" => object_type(schema),
            _ => "JsonValue".to_owned(),
        })
        .collect();
    if rendered.is_empty() { ("JsonValue".to_owned(), nullable) } else { (rendered.join(" | "), nullable) }
}

/// An object that is not a named record: a map, or an object-root JSON Schema.
fn object_type(schema: &Value) -> String {
    let root_type = schema.pointer("/properties/type/const").and_then(Value::as_str);
    if let Some(root_type) = root_type {
        return format!("{{ type: {}; [keyword: string]: JsonValue }}", quoted(root_type));
    }
    match schema.get("additionalProperties") {
        Some(Value::Object(_)) => format!("{{ [key: string]: {} }}", ts_type(&schema["additionalProperties"]).0),
        _ => "{ [key: string]: JsonValue }".to_owned(),
    }
}

/// A TypeScript string literal (JSON's quoting is valid TypeScript).
pub(crate) fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialise")
}
