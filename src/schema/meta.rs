//! A quick acceptance test for the Draft 2020-12 meta-schema, ahead of the
//! `jsonschema` crate's meta-validator.
//!
//! Why hand-written: the crate validates a schema against the meta-schema by applying
//! all seven vocabulary meta-schemas to every node through `$dynamicRef`, which made
//! meta-validation a fifth of a large catalog's compile time. The meta-schema itself
//! is flat: each vocabulary keyword constrains its own value, and subschemas are
//! checked the same way, recursively. [`plainly_valid`] checks exactly that, in one
//! pass without allocating, for the keywords and value forms that make up nearly every
//! real schema. It only ever says "certainly valid": anything it does not model (an
//! integer written `1.0`, say) and every invalid schema go to the crate, which stays
//! the authority and words every error. The unit tests hold the two to each other on
//! generated schemas: whatever this accepts, the crate accepts.
//!
//! Source: the 2020-12 meta-schema and its vocabulary meta-schemas (core, applicator,
//! unevaluated, validation, meta-data, format-annotation, content), as bundled with
//! the `referencing` crate. Formats (`uri`, `uri-reference`, `regex`) are annotations
//! there, never asserted.

use serde_json::Value;

/// Whether `schema` is certainly valid against the Draft 2020-12 meta-schema. `false`
/// means "not certain": ask the full validator.
pub fn plainly_valid(schema: &Value) -> bool {
    match schema {
        Value::Bool(_) => true,
        Value::Object(keywords) => keywords.iter().all(|(keyword, value)| keyword_valid(keyword, value)),
        _ => false,
    }
}

fn keyword_valid(keyword: &str, value: &Value) -> bool {
    match keyword {
        // Subschema-valued (applicator, unevaluated, content).
        "items"
        | "contains"
        | "additionalProperties"
        | "propertyNames"
        | "if"
        | "then"
        | "else"
        | "not"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => plainly_valid(value),
        "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
            matches!(value, Value::Array(items) if !items.is_empty() && items.iter().all(plainly_valid))
        }
        "$defs" | "definitions" | "properties" | "patternProperties" | "dependentSchemas" => {
            matches!(value, Value::Object(members) if members.values().all(plainly_valid))
        }
        "dependencies" => matches!(value, Value::Object(members) if members.values().all(|member| match member {
            Value::Array(_) => unique_strings(member),
            _ => plainly_valid(member),
        })),
        // Core.
        "$id" => matches!(value, Value::String(id) if id.find('#').is_none_or(|at| at == id.len() - 1)),
        "$anchor" | "$dynamicAnchor" | "$recursiveAnchor" => {
            matches!(value, Value::String(anchor) if anchor_like(anchor))
        }
        "$vocabulary" => matches!(value, Value::Object(members) if members.values().all(Value::is_boolean)),
        "$schema" | "$ref" | "$dynamicRef" | "$recursiveRef" | "$comment" => value.is_string(),
        // Validation.
        "type" => match value {
            Value::String(name) => simple_type(name),
            Value::Array(names) => {
                !names.is_empty()
                    && names.iter().all(|name| name.as_str().is_some_and(simple_type))
                    && unique_strings(value)
            }
            _ => false,
        },
        "enum" | "examples" => value.is_array(),
        "multipleOf" => value.as_f64().is_some_and(|n| n > 0.0),
        "maximum" | "exclusiveMaximum" | "minimum" | "exclusiveMinimum" => value.is_number(),
        "maxLength" | "minLength" | "maxItems" | "minItems" | "maxContains" | "minContains" | "maxProperties"
        | "minProperties" => value.is_u64(),
        "uniqueItems" | "deprecated" | "readOnly" | "writeOnly" => value.is_boolean(),
        "required" => unique_strings(value),
        "dependentRequired" => matches!(value, Value::Object(members) if members.values().all(unique_strings)),
        // Meta-data, format-annotation, content.
        "title" | "description" | "format" | "contentEncoding" | "contentMediaType" | "pattern" => value.is_string(),
        // `const`, `default` and keywords of no vocabulary: any value.
        _ => true,
    }
}

fn simple_type(name: &str) -> bool {
    matches!(name, "array" | "boolean" | "integer" | "null" | "number" | "object" | "string")
}

/// `^[A-Za-z_][-A-Za-z0-9._]*$`
fn anchor_like(anchor: &str) -> bool {
    let mut bytes = anchor.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
}

/// An array of distinct strings (the meta-schema's `stringArray`).
fn unique_strings(value: &Value) -> bool {
    let Value::Array(items) = value else {
        return false;
    };
    if !items.iter().all(Value::is_string) {
        return false;
    }
    // Lists are short (a schema's `required`); past a few dozen, sort a copy.
    if items.len() <= 32 {
        return items.iter().enumerate().all(|(i, item)| !items[..i].contains(item));
    }
    let mut sorted: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    sorted.sort_unstable();
    sorted.windows(2).all(|pair| pair[0] != pair[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    type Object = serde_json::Map<String, Value>;

    fn crate_accepts(schema: &Value) -> bool {
        jsonschema::draft202012::meta::is_valid(schema)
    }

    #[test]
    fn accepts_the_plain_schemas_catalogs_are_made_of() {
        for schema in [
            json!(true),
            json!({}),
            json!({"type": "object", "properties": {"id": {"type": "string", "pattern": "^[a-z]+$", "minLength": 1}},
                   "required": ["id"], "additionalProperties": false}),
            json!({"anyOf": [{"$ref": "#/components/schemas/Owner"}, {"type": ["string", "null"]}]}),
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://x.test/a#",
                   "$defs": {"a": {"$anchor": "node_1", "enum": [1, "x"], "default": {"any": "thing"}}},
                   "x-vendor": [1, 2], "dependentRequired": {"a": ["b"]}, "multipleOf": 0.5}),
        ] {
            assert!(plainly_valid(&schema), "{schema}");
            assert!(crate_accepts(&schema), "{schema}");
        }
    }

    #[test]
    fn leaves_what_it_cannot_vouch_for_to_the_crate() {
        for schema in [
            json!(1),
            json!({"type": "strin"}),
            json!({"type": []}),
            json!({"type": ["string", "string"]}),
            json!({"required": ["a", "a"]}),
            json!({"minLength": -1}),
            json!({"minLength": 1.5}),
            json!({"multipleOf": 0}),
            json!({"allOf": []}),
            json!({"properties": {"a": 3}}),
            json!({"$id": "https://x.test/a#frag"}),
            json!({"$anchor": "1abc"}),
            json!({"$vocabulary": {"https://x.test": "yes"}}),
            json!({"dependencies": {"a": ["b", "b"]}}),
            json!({"items": {"not": {"maximum": "5"}}}),
        ] {
            assert!(!plainly_valid(&schema), "{schema}");
            assert!(!crate_accepts(&schema), "{schema}");
        }
        // Valid, but written in a form left to the crate.
        let integral_float = json!({"minLength": 1.0});
        assert!(!plainly_valid(&integral_float));
        assert!(crate_accepts(&integral_float));
    }

    /// splitmix64, for a deterministic stream of schemas.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    const KEYWORDS: &[&str] = &[
        "items",
        "not",
        "additionalProperties",
        "unevaluatedProperties",
        "prefixItems",
        "allOf",
        "anyOf",
        "properties",
        "$defs",
        "dependentSchemas",
        "dependencies",
        "$id",
        "$anchor",
        "$dynamicAnchor",
        "$vocabulary",
        "$ref",
        "$schema",
        "type",
        "enum",
        "const",
        "multipleOf",
        "maximum",
        "minLength",
        "maxItems",
        "uniqueItems",
        "required",
        "dependentRequired",
        "title",
        "format",
        "pattern",
        "x-other",
    ];

    fn any_value(rng: &mut Rng, depth: usize) -> Value {
        match rng.below(if depth > 3 { 9 } else { 12 }) {
            0 => Value::Null,
            1 => json!(rng.below(2) == 0),
            2 => json!(rng.below(5) as i64 - 2),
            3 => json!([1.0, 0.5, -0.5, 0.0, 2.0][rng.below(5)]),
            4 => json!(["string", "object", "strin", "", "#", "a#", "a#b", "_x", "9z", "null"][rng.below(10)]),
            5 => json!([]),
            6 => json!({}),
            7 | 8 => schema(rng, depth + 1),
            9 => Value::Array((0..rng.below(4)).map(|_| any_value(rng, depth + 1)).collect()),
            10 => {
                let names = ["string", "integer", "a", "a", "bogus"];
                Value::Array((0..rng.below(4)).map(|_| json!(names[rng.below(names.len())])).collect())
            }
            _ => {
                let mut members = Object::new();
                for _ in 0..rng.below(3) {
                    members.insert(["a", "b", "https://x.test/v"][rng.below(3)].to_owned(), any_value(rng, depth + 1));
                }
                Value::Object(members)
            }
        }
    }

    fn schema(rng: &mut Rng, depth: usize) -> Value {
        if rng.below(6) == 0 {
            return json!(rng.below(2) == 0);
        }
        let mut keywords = Object::new();
        for _ in 0..rng.below(if depth > 3 { 2 } else { 4 }) {
            keywords.insert(KEYWORDS[rng.below(KEYWORDS.len())].to_owned(), any_value(rng, depth));
        }
        Value::Object(keywords)
    }

    /// The property every use relies on: `plainly_valid` never accepts a schema the
    /// crate refuses. Both sides must occur often, or the test proves nothing.
    #[test]
    fn never_accepts_what_the_crate_refuses() {
        let mut rng = Rng(7);
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let schema = schema(&mut rng, 0);
            let crate_says = crate_accepts(&schema);
            if plainly_valid(&schema) {
                assert!(crate_says, "accepted a schema the meta-schema refuses: {schema}");
                accepted += 1;
            } else if !crate_says {
                refused += 1;
            }
        }
        assert!(accepted > 2_000 && refused > 2_000, "accepted {accepted}, refused {refused}");
    }
}
