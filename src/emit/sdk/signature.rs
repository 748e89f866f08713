//! One-line tool signatures, `lookup_widget(widget_id: string, verbose?: boolean) ->
//! Widget`, that start every tool's doc comment in each SDK and head its entry in the
//! Markdown reference: the exact argument names at a glance, with short types.
//!
//! The types are a reading aid, not the binding: enums and consts show their values,
//! references the type name of the component or of the root `$defs` member they lead
//! to (pydantic puts every model and enum there), an object or a long union its
//! generated name or `any`.

use serde_json::{Map, Value};

use super::{Sdk, Tool};
use crate::schema::walk;

/// A union with more members than this, or longer than [`MAX_UNION_WIDTH`], is `any`.
const MAX_UNION_MEMBERS: usize = 4;
const MAX_UNION_WIDTH: usize = 60;

/// The signature of `tool`.
pub fn render(sdk: &Sdk<'_>, tool: &Tool<'_>) -> String {
    let input_type = tool.input_type();
    let short = Short { sdk, owner: Some(&input_type) };
    let input = &tool.entry.input_schema;
    let required = walk::names(walk::keyword(input, "required"));
    let parameters: Vec<String> = walk::keyword(input, "properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, schema)| {
            let optional = if required.contains(&name.as_str()) { "" } else { "?" };
            format!("{name}{optional}: {}", short.of(schema, 0))
        })
        .collect();
    let output_type = tool.output_type();
    let short = Short { sdk, owner: Some(&output_type) };
    let output = match &tool.entry.output_schema {
        None => "any".to_owned(),
        Some(schema) => match short.named(schema) {
            Some(name) => name,
            None if is_object_with_properties(schema) => output_type.clone(),
            None => short.of(schema, 0),
        },
    };
    format!("{}({}) -> {output}", tool.entry.name.as_str(), parameters.join(", "))
}

/// The short type of `schema`, as a signature shows it; `owner` is the type name of
/// the schema whose root `$defs` its references may lead to.
pub fn short_type(sdk: &Sdk<'_>, owner: Option<&str>, schema: &Value) -> String {
    Short { sdk, owner }.of(schema, 0)
}

fn is_object_with_properties(schema: &Value) -> bool {
    walk::keyword(schema, "properties").is_some()
}

struct Short<'s, 'c> {
    sdk: &'s Sdk<'c>,
    /// The type name of the schema whose root holds the `$defs` a `#/$defs/…`
    /// reference leads to.
    owner: Option<&'s str>,
}

impl Short<'_, '_> {
    /// The type name a `$ref` to a component, or to a member of the root `$defs`, stands
    /// for.
    fn named(&self, schema: &Value) -> Option<String> {
        let reference = walk::keyword(schema, "$ref")?.as_str()?;
        match self.owner {
            // A reference to the whole schema (`#`, a recursive input) reads as `any`:
            // the signature already spells that schema out.
            Some(owner) if reference != "#" => self.sdk.type_of_ref(reference, owner),
            _ => self.sdk.component_of_ref(reference).map(|c| c.type_name.clone()),
        }
    }

    fn of(&self, schema: &Value, depth: usize) -> String {
        let object = match schema {
            Value::Bool(true) => return "any".to_owned(),
            Value::Bool(false) => return "never".to_owned(),
            Value::Object(object) => object,
            _ => return "any".to_owned(),
        };
        if let Some(name) = self.named(schema) {
            return name;
        }
        if let Some(value) = walk::member(object, "const") {
            return literal(value);
        }
        if let Some(Value::Array(values)) = walk::member(object, "enum") {
            return values.iter().map(literal).collect::<Vec<_>>().join(" | ");
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = walk::member(object, keyword) {
                return self.union(branches.iter().map(|b| self.of(b, depth + 1)).collect());
            }
        }
        match walk::member(object, "type") {
            Some(Value::String(t)) => self.typed(t, object, depth),
            Some(Value::Array(types)) => {
                self.union(types.iter().filter_map(Value::as_str).map(|t| self.typed(t, object, depth)).collect())
            }
            _ => "any".to_owned(),
        }
    }

    fn typed(&self, t: &str, object: &Map<String, Value>, depth: usize) -> String {
        match t {
            "array" => match (walk::member(object, "prefixItems"), walk::member(object, "items")) {
                // A tuple: its members, then what may follow them (nothing when
                // `items` is `false`), as TypeScript writes one.
                (Some(Value::Array(prefix)), rest) if depth < 2 => {
                    let mut members: Vec<String> = prefix.iter().map(|member| self.of(member, depth + 1)).collect();
                    match rest {
                        Some(Value::Bool(false)) => {}
                        Some(items) => members.push(format!("...{}", self.list(items, depth))),
                        None => members.push("...any[]".to_owned()),
                    }
                    format!("[{}]", members.join(", "))
                }
                (None, Some(items)) if depth < 2 => self.list(items, depth),
                _ => "any[]".to_owned(),
            },
            "string" | "number" | "integer" | "boolean" | "null" | "object" => t.to_owned(),
            _ => "any".to_owned(),
        }
    }

    /// A list of `items`: `string[]`, `(string | null)[]`.
    fn list(&self, items: &Value, depth: usize) -> String {
        let item = self.of(items, depth + 1);
        if item.contains(' ') { format!("({item})[]") } else { format!("{item}[]") }
    }

    fn union(&self, mut members: Vec<String>) -> String {
        members.dedup();
        let joined = members.join(" | ");
        if members.len() > MAX_UNION_MEMBERS || joined.len() > MAX_UNION_WIDTH || members.iter().any(|m| m == "any") {
            "any".to_owned()
        } else {
            joined
        }
    }
}

/// A JSON value as it appears in a signature: strings quoted, others as JSON.
fn literal(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
