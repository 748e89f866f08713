//! The TypeScript SDK: `index.ts`, rendered from `templates/sdk/typescript/index.ts.jinja`.
//! It declares one type per tool side, component and root `$defs` member, the maps and
//! metadata of the tools, a typed client and typed server registration, and imports
//! nothing: the MCP SDK's `Client` and `McpServer` are matched by their shape.
//!
//! The schema→type mapping is written here by hand: the generators at hand
//! (json-schema-to-typescript, quicktype and the crates alike) work one schema at a
//! time, so they inline or rename shared components, and widen without saying so,
//! while these types take the names of the [`Sdk`] model, stay sound under
//! `--exactOptionalPropertyTypes`, and say in their doc comments what they leave out.

use std::borrow::Cow;

use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::doc::{self, BOUNDS, Notes, Tags, UNEXPRESSED};
use super::{Sdk, TOOL_ERROR_KEY, Tool};
use crate::emit::artifacts::Artifact;
use crate::emit::template::Text;
use crate::emit::typescript::{property_name, quoted};
use crate::schema::walk;

const TEMPLATE: &str = include_str!("../../../templates/sdk/typescript/index.ts.jinja");

/// The one file of the SDK.
pub const INDEX: &str = "index.ts";

pub use super::WIDENED;

/// The SDK's files. Each type and each tool is rendered on its own, in parallel, and
/// the advertised `tools/list` beside them; the template puts them in order.
pub fn render(sdk: &Sdk<'_>) -> Vec<Artifact> {
    let types = Types { sdk };
    let ((shared, per_tool), advertised) = rayon::join(
        || {
            rayon::join(
                || {
                    let components = sdk.components.par_iter().map(|component| {
                        let name = &component.type_name;
                        types.declaration(name, component.schema, name, Vec::new())
                    });
                    let defs = sdk
                        .defs
                        .par_iter()
                        .filter(|def| def.declared())
                        .map(|def| types.declaration(&def.type_name, def.schema, &def.owner, Vec::new()));
                    components.chain(defs).collect::<Vec<_>>()
                },
                || sdk.tools.par_iter().map(|tool| tool_parts(&types, tool)).collect::<Vec<_>>(),
            )
        },
        || {
            // A line per tool, so that a change to one tool is a change to its line. About
            // a kilobyte and a half each in the GitHub server's: room for more.
            let mut advertised = String::from("[\n");
            for tool in &sdk.tools {
                let Some(entry) = tool.advertised() else { continue };
                advertised.push_str("  JSON.parse(");
                advertised.push_str(&json_in_single_quotes(&entry, 4096));
                advertised.push_str("),\n");
            }
            advertised.push(']');
            advertised
        },
    );
    // Every declaration is written here, in order, rather than by a loop of the
    // template: four hundred of them made a sixth of an SDK's rendering.
    let length: usize = shared.iter().chain(per_tool.iter().flat_map(|(sides, _)| sides)).map(Declaration::len).sum();
    let mut declarations = String::with_capacity(length);
    shared.iter().for_each(|declaration| declaration.write(&mut declarations));
    let mut tools = Vec::with_capacity(per_tool.len());
    for (sides, tool) in per_tool {
        sides.iter().for_each(|declaration| declaration.write(&mut declarations));
        tools.push(tool);
    }
    // Each tool's part of the template's loops is about a kilobyte and a half.
    let size = TEMPLATE.len() + declarations.len() + advertised.len() + tools.len() * 2048;
    let context = Context {
        package: sdk.package.as_str(),
        version: sdk.version,
        description: sdk.description.map(|d| d.lines().collect()).unwrap_or_default(),
        declarations: Text::value(declarations),
        tools,
        advertised: Text::value(advertised),
        error_key: quoted(TOOL_ERROR_KEY),
    };
    let contents = crate::emit::template::render_sized(INDEX, TEMPLATE, &context, size);
    vec![Artifact { path: INDEX.to_owned(), contents }]
}

/// One tool's three types (input, output, error) and its model for the template.
fn tool_parts(types: &Types<'_, '_>, tool: &Tool<'_>) -> ([Declaration; 3], ToolModel) {
    let entry = tool.entry;
    let doc = tool_doc(tool);
    let input = tool.input_type();
    let side = |name: String, schema: Option<&Value>, side: &str| match schema {
        Some(schema) => types.declaration(&name, schema, &name, Vec::new()),
        None => Declaration {
            comment: doc_comment(&[format!("`{}` declares no {side} schema: any JSON value.", tool.name())], 0),
            name,
            ty: "unknown".to_owned(),
        },
    };
    let declarations = [
        types.declaration(&input, &entry.input_schema, &input, doc.clone()),
        side(tool.output_type(), entry.output_schema.as_ref(), "output"),
        side(tool.error_type(), entry.error_schema.as_ref(), "error"),
    ];
    let model = ToolModel {
        literal: quoted(tool.name()),
        key: property_name(tool.name()),
        value_key: value_key(tool.name()),
        input,
        output: tool.output_type(),
        error: tool.error_type(),
        comment: Text::value(doc_comment(&doc, 1)),
        mcp: tool.mcp.is_some(),
        wrapped: tool.output_wrapped,
        has_output: entry.output_schema.is_some(),
        info: Text::value(info(tool)),
    };
    (declarations, model)
}

/// `value` as JSON (serde_json's compact output) in a single-quoted JavaScript
/// string literal, for `JSON.parse`, written in one pass into a buffer of `capacity`
/// bytes to start with. Such text has no raw control characters (JSON escapes them),
/// so only `\` and `'` need escaping; JSON's many `"` stay as they are, which keeps
/// the longest line of the SDK cheap.
fn json_in_single_quotes(value: &impl Serialize, capacity: usize) -> String {
    /// Escapes `\` and `'` in what it is given; both are ASCII, so a character split
    /// between two writes is never cut.
    struct Quoting(Vec<u8>);
    impl std::io::Write for Quoting {
        fn write(&mut self, json: &[u8]) -> std::io::Result<usize> {
            let mut start = 0;
            for at in memchr::memchr2_iter(b'\\', b'\'', json) {
                self.0.extend_from_slice(&json[start..at]);
                self.0.push(b'\\');
                start = at;
            }
            self.0.extend_from_slice(&json[start..]);
            Ok(json.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    // serde_json writes token by token: escaped a block at a time, not a token.
    let mut start = Vec::with_capacity(capacity.max(2));
    start.push(b'\'');
    let mut json = std::io::BufWriter::with_capacity(16 * 1024, Quoting(start));
    serde_json::to_writer(&mut json, value).expect("a JSON value serialises");
    let mut literal = json.into_inner().map_err(|e| e.into_error()).expect("writing to memory does not fail").0;
    literal.push(b'\'');
    String::from_utf8(literal).expect("serde_json writes UTF-8")
}

#[derive(Serialize)]
struct Context<'a> {
    package: &'a str,
    version: Option<&'a str>,
    description: Vec<&'a str>,
    /// Every [`Declaration`], written (a [`Text`]).
    declarations: minijinja::Value,
    tools: Vec<ToolModel>,
    /// The `tools/list` entries of the MCP tools, as an array literal of one
    /// `JSON.parse` of a string literal per tool (a [`Text`]).
    advertised: minijinja::Value,
    error_key: String,
}

/// `export type <name> = <ty>;`, after its doc comment.
struct Declaration {
    name: String,
    comment: String,
    ty: String,
}

impl Declaration {
    const EXPORT: &'static str = "export type ";

    /// A blank line, the doc comment, then the declaration and a line end.
    fn write(&self, out: &mut String) {
        for part in ["\n", &self.comment, Self::EXPORT, &self.name, " = ", &self.ty, ";\n"] {
            out.push_str(part);
        }
    }

    fn len(&self) -> usize {
        1 + self.comment.len() + Self::EXPORT.len() + self.name.len() + 3 + self.ty.len() + 2
    }
}

#[derive(Serialize)]
struct ToolModel {
    /// The name as a string literal.
    literal: String,
    /// The name as a member of a type.
    key: String,
    /// The name as a key of an object literal.
    value_key: String,
    input: String,
    output: String,
    error: String,
    /// Its doc comment, as a member of the client and the handlers (a [`Text`], as
    /// `info`: the longest of a tool's fields, lent rather than copied).
    comment: minijinja::Value,
    /// Whether MCP advertises it, so that the client and the server cover it.
    mcp: bool,
    wrapped: bool,
    /// Whether it declares an output schema: a call resolves to the typed output, else
    /// to the content blocks.
    has_output: bool,
    /// Its entry of the `tools` constant, as a TypeScript expression.
    info: minijinja::Value,
}

/// A name as a key of an object literal: `__proto__` there would set the prototype
/// unless it is computed.
fn value_key(name: &str) -> String {
    if name == "__proto__" { format!("[{}]", quoted(name)) } else { property_name(name) }
}

/// A tool's doc comment: its signature first, then its title and description.
fn tool_doc(tool: &Tool<'_>) -> Vec<String> {
    let mut doc = vec![format!("`{}`", tool.signature)];
    let texts = [tool.title(), tool.entry.description.as_ref().map(|d| d.as_str())];
    for text in texts.into_iter().flatten() {
        doc.push(String::new());
        doc.extend(text.lines().map(str::to_owned));
    }
    doc
}

/// A tool's entry of the `tools` constant (its title as MCP shows it: the entry's, else
/// its annotations').
fn info(tool: &Tool<'_>) -> String {
    let entry = tool.entry;
    let mut info = json!({ "name": tool.name() });
    if let Some(title) = tool.title() {
        info["title"] = json!(title);
    }
    if let Some(annotations) = &entry.annotations {
        info["annotations"] = serde_json::to_value(annotations).expect("annotations serialise");
    }
    info["audiences"] = json!(tool.audiences());
    if let Some(hash) = &tool.contract_hash {
        info["contractHash"] = json!(hash);
    }
    // Only literals of names, strings and booleans: the JSON is the TypeScript.
    serde_json::to_string(&info).expect("JSON serialises")
}

/// Renders schemas as TypeScript types.
struct Types<'s, 'c> {
    sdk: &'s Sdk<'c>,
}

/// The members every JavaScript object inherits from `Object.prototype`. TypeScript
/// checks a property of these names against the inherited member even where a value
/// lacks it (`{}` has a `toString`), so such a property is typed `unknown`: the only
/// type that admits both.
const OBJECT_PROTOTYPE: &[&str] = &[
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
];

/// The note of a property typed `unknown` for its name (see [`OBJECT_PROTOTYPE`]).
const INHERITED_NAME: &str = "a property named like a member of Object.prototype";

/// The JSON kinds in the order a union of all of them is written.
const ALL_KINDS: &[&str] = &["null", "boolean", "number", "string", "array", "object"];

/// Two spaces a level.
fn pad(indent: usize) -> String {
    "  ".repeat(indent)
}

/// A type as a member of a union, an intersection or an array: parenthesised when
/// it is itself a union or an intersection (outside brackets and string literals).
fn operand(ty: &str) -> String {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut compound = false;
    let bytes = ty.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            b'|' | b'&' if depth == 0 && i > 0 && bytes[i - 1] == b' ' => compound = true,
            _ => {}
        }
    }
    if compound { format!("({ty})") } else { ty.to_owned() }
}

fn union(members: Vec<String>) -> String {
    let mut unique: Vec<String> = Vec::with_capacity(members.len());
    for member in members {
        if member == "unknown" {
            return member;
        }
        if !unique.contains(&member) {
            unique.push(member);
        }
    }
    match unique.len() {
        0 => "never".to_owned(),
        1 => unique.pop().unwrap_or_default(),
        _ => unique.iter().map(|m| operand(m)).collect::<Vec<_>>().join(" | "),
    }
}

/// A JSON value as a literal type: `"a"`, `1`, `null`, `{ a: 1 }`, `[1, "b"]`.
fn literal(value: &Value) -> String {
    match value {
        Value::Array(items) => format!("[{}]", items.iter().map(literal).collect::<Vec<_>>().join(", ")),
        // `{}` would admit any value but `null` and `undefined`.
        Value::Object(members) if members.is_empty() => "{ [key: string]: never }".to_owned(),
        Value::Object(members) => {
            let members: Vec<String> =
                members.iter().map(|(k, v)| format!("{}: {}", property_name(k), literal(v))).collect();
            format!("{{ {} }}", members.join("; "))
        }
        other => other.to_string(),
    }
}

/// Whether `value` is of JSON Schema type `kind`.
fn is_kind(value: &Value, kind: &str) -> bool {
    match (kind, value) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("number", Value::Number(_)) => true,
        ("string", Value::String(_)) | ("array", Value::Array(_)) | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

/// Text made safe inside a `/** … */` comment.
fn comment_text(text: &str) -> Cow<'_, str> {
    // Most lines hold no `*`: a search for one character is cheap, for two is not.
    if text.contains('*') { Cow::Owned(text.replace("*/", "*\\/")) } else { Cow::Borrowed(text) }
}

/// A doc comment at `indent`, or nothing when `lines` is empty.
fn doc_comment(lines: &[String], indent: usize) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let pad = pad(indent);
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + pad.len() + 4).sum::<usize>() + 16);
    if let [line] = lines {
        for part in [&pad, "/** ", &comment_text(line), " */\n"] {
            out.push_str(part);
        }
        return out;
    }
    out.push_str(&pad);
    out.push_str("/**\n");
    for line in lines {
        out.push_str(&pad);
        if line.is_empty() {
            out.push_str(" *\n");
        } else {
            out.push_str(" * ");
            out.push_str(&comment_text(line));
            out.push('\n');
        }
    }
    out.push_str(&pad);
    out.push_str(" */\n");
    out
}

/// How TypeScript's doc comments spell the tags: JSDoc tags, a bound each.
const TAGS: Tags = Tags {
    deprecated: "@deprecated",
    default: |value| format!("@default {value}"),
    example: |value| format!("@example {value}"),
    format: |format| format!("@format {format}"),
    bounds: |bounds| bounds.iter().map(|(bound, value)| format!("@{bound} {value}")).collect(),
    widened_prefix: "@remarks ",
};

/// The doc comment lines of a schema (see [`super::doc`]).
fn schema_doc(schema: &Value, notes: &Notes) -> Vec<String> {
    doc::schema_doc(schema, notes, &TAGS)
}

impl Types<'_, '_> {
    /// `name`, declared as the type of `schema`, whose `#` references mean `owner`;
    /// `doc` goes before the schema's own documentation.
    fn declaration(&self, name: &str, schema: &Value, owner: &str, mut doc: Vec<String>) -> Declaration {
        let mut notes = Notes::default();
        let ty = self.ty(schema, owner, 0, &mut notes);
        let own = schema_doc(schema, &notes);
        if !doc.is_empty() && !own.is_empty() {
            doc.push(String::new());
        }
        doc.extend(own);
        Declaration { name: name.to_owned(), comment: doc_comment(&doc, 0), ty }
    }

    /// The type of `schema`, written at `indent`; what it leaves out goes to `notes`.
    fn ty(&self, schema: &Value, owner: &str, indent: usize, notes: &mut Notes) -> String {
        let object = match schema {
            Value::Bool(false) => return "never".to_owned(),
            Value::Object(object) => object,
            // `true`, and anything the compiler would have refused as a schema.
            _ => return "unknown".to_owned(),
        };
        for keyword in UNEXPRESSED.iter().chain(BOUNDS) {
            let restricts = match walk::member(object, keyword) {
                None | Some(Value::Bool(false)) if *keyword == "uniqueItems" => false,
                None => false,
                Some(_) => true,
            };
            if restricts {
                notes.add(keyword);
            }
        }
        let kinds = doc::kinds(object);
        // A literal type is narrower than anything the other keywords say: they can
        // only narrow it further, which leaving them out widens, soundly.
        let literals = doc::literals(object);
        if let Some(values) = literals {
            let admitted = |v: &&Value| kinds.as_ref().is_none_or(|ks| ks.iter().any(|k| is_kind(v, k)));
            return union(values.into_iter().filter(admitted).map(literal).collect());
        }
        let mut parts = Vec::new();
        if let Some(base) = self.kinds(object, kinds, owner, indent, notes) {
            parts.push(base);
        }
        if let Some(Value::String(reference)) = walk::member(object, "$ref") {
            parts.push(self.reference(reference, owner, notes));
        }
        for branch in walk::member(object, "allOf").and_then(Value::as_array).into_iter().flatten() {
            parts.push(self.ty(branch, owner, indent, notes));
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = walk::member(object, keyword) {
                parts.push(union(branches.iter().map(|b| self.ty(b, owner, indent, notes)).collect()));
                if keyword == "oneOf" && branches.len() > 1 {
                    // Exactly one: a union admits values that match several.
                    notes.add("oneOf");
                }
            }
        }
        parts.retain(|p| p != "unknown");
        match parts.len() {
            0 => "unknown".to_owned(),
            1 => parts.pop().unwrap_or_default(),
            _ => parts.iter().map(|p| operand(p)).collect::<Vec<_>>().join(" & "),
        }
    }

    /// The union of the kinds `type` names; without `type`, of every kind when the
    /// schema has keywords of arrays or objects (which apply to those kinds only).
    fn kinds(
        &self,
        object: &Map<String, Value>,
        kinds: Option<Vec<&str>>,
        owner: &str,
        indent: usize,
        notes: &mut Notes,
    ) -> Option<String> {
        let kinds = match kinds {
            Some(kinds) => kinds,
            None => {
                let shaped =
                    ["items", "prefixItems", "properties", "required", "additionalProperties", "patternProperties"];
                if !shaped.iter().any(|k| walk::member(object, k).is_some()) {
                    return None;
                }
                ALL_KINDS.to_vec()
            }
        };
        let mut members = Vec::new();
        for kind in &kinds {
            members.push(match *kind {
                "null" | "boolean" | "number" | "string" => (*kind).to_owned(),
                "integer" => {
                    if !kinds.contains(&"number") {
                        notes.add("integer");
                    }
                    "number".to_owned()
                }
                "array" => self.array(object, owner, indent, notes),
                "object" => self.object(object, owner, indent, notes),
                // Not a type name: the compiler refuses it before.
                _ => "unknown".to_owned(),
            });
        }
        Some(union(members))
    }

    fn array(&self, object: &Map<String, Value>, owner: &str, indent: usize, notes: &mut Notes) -> String {
        let items = walk::member(object, "items");
        let Some(Value::Array(prefix)) = walk::member(object, "prefixItems") else {
            return match items {
                None => "unknown[]".to_owned(),
                Some(Value::Bool(false)) => "[]".to_owned(),
                Some(items) => format!("{}[]", operand(&self.ty(items, owner, indent, notes))),
            };
        };
        // The first `minItems` elements are required; the others may be missing.
        let required = walk::member(object, "minItems").and_then(Value::as_u64).unwrap_or(0);
        let mut elements: Vec<String> = prefix
            .iter()
            .enumerate()
            .map(|(i, schema)| {
                let ty = self.ty(schema, owner, indent, notes);
                if (i as u64) < required { ty } else { format!("{}?", operand(&ty)) }
            })
            .collect();
        match items {
            Some(Value::Bool(false)) => {}
            None => elements.push("...unknown[]".to_owned()),
            Some(items) => elements.push(format!("...{}[]", operand(&self.ty(items, owner, indent, notes)))),
        }
        format!("[{}]", elements.join(", "))
    }

    fn object(&self, object: &Map<String, Value>, owner: &str, indent: usize, notes: &mut Notes) -> String {
        let empty = Map::new();
        let properties = walk::member(object, "properties").and_then(Value::as_object).unwrap_or(&empty);
        let required = walk::names(walk::member(object, "required"));
        let mut members = Vec::new();
        let mut declared = Vec::new();
        for (name, schema) in properties {
            let mut own = Notes::default();
            let mut ty = self.ty(schema, owner, indent + 1, &mut own);
            if OBJECT_PROTOTYPE.contains(&name.as_str()) {
                own.add(INHERITED_NAME);
                ty = "unknown".to_owned();
            }
            let optional = if required.contains(&name.as_str()) { "" } else { "?" };
            let doc = doc_comment(&schema_doc(schema, &own), indent + 1);
            members.push(format!("{doc}{}{}{optional}: {ty};", pad(indent + 1), property_name(name)));
            notes.absorb(&own);
            declared.push(ty);
        }
        for name in required.iter().filter(|r| !properties.contains_key(**r)) {
            if OBJECT_PROTOTYPE.contains(name) {
                // Any value has it, inherited: the requirement is not checked.
                notes.add(INHERITED_NAME);
            }
            members.push(format!("{}{}: unknown;", pad(indent + 1), property_name(name)));
            declared.push("unknown".to_owned());
        }
        let patterns: Vec<&Value> = walk::member(object, "patternProperties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(_, s)| s)
            .collect();
        if !patterns.is_empty() {
            // Which keys each pattern covers is not expressed.
            notes.add("patternProperties");
        }
        let mut extra: Vec<String> = match walk::member(object, "additionalProperties") {
            Some(Value::Bool(false)) => Vec::new(),
            Some(schema) => vec![self.ty(schema, owner, indent + 1, notes)],
            None => vec!["unknown".to_owned()],
        };
        extra.extend(patterns.iter().map(|p| self.ty(p, owner, indent + 1, notes)));
        if !extra.is_empty() {
            let mut index = union(extra.clone());
            if index != "unknown" && !declared.is_empty() {
                // Every declared property must fit the index signature too: its type
                // joins the union (a long one, unknown), which admits more.
                notes.add("additionalProperties");
                let all = union(extra.into_iter().chain(declared).collect());
                index = if all.contains('\n') { "unknown".to_owned() } else { all };
            }
            members.push(format!("{}[key: string]: {index};", pad(indent + 1)));
        } else if members.is_empty() {
            // `{}` would admit any value but `null` and `undefined`.
            return "{ [key: string]: never }".to_owned();
        }
        format!("{{\n{}\n{}}}", members.join("\n"), pad(indent))
    }

    /// The type a `$ref` names: a component's, the schema's own (`#`), a root
    /// `$defs` member's; other references are left out.
    fn reference(&self, reference: &str, owner: &str, notes: &mut Notes) -> String {
        let named = self.sdk.type_of_ref(reference, owner);
        named.unwrap_or_else(|| {
            notes.add("$ref");
            "unknown".to_owned()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::json_in_single_quotes;

    /// Reads a single-quoted JavaScript literal back the way a JavaScript parser does
    /// for the two escapes it can hold.
    fn unquote(literal: &str) -> String {
        let body = literal.strip_prefix('\'').and_then(|l| l.strip_suffix('\'')).expect("quoted");
        let mut text = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => text.push(chars.next().expect("an escape has a character")),
                '\'' => panic!("an unescaped quote ends the literal early: {literal}"),
                c => text.push(c),
            }
        }
        text
    }

    #[test]
    fn json_survives_its_single_quoted_literal() {
        let value = serde_json::json!({"d": "it's a \"quote\"\n\\d+ \u{2028} done\\", "p": "^\\\\'$"});
        let json = serde_json::to_string(&value).unwrap();
        let literal = json_in_single_quotes(&value, 0);
        assert_eq!(unquote(&literal), json);
        assert!(!literal.contains('\n'), "a literal stays on its line");
        // Longer than a block of the writer: escapes on both sides of each block's end.
        let long: Vec<String> = (0..5000).map(|i| format!("{}'\\é", "x".repeat(i % 7))).collect();
        assert_eq!(unquote(&json_in_single_quotes(&long, 100)), serde_json::to_string(&long).unwrap());
    }
}
