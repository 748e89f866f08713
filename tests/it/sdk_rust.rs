//! The Rust SDK (`sdk --lang rust`), checked by the real compiler: crates generated for
//! the widgets registry, the registry fixtures in `fixtures/sdk/rust`, the 117 tools of
//! the GitHub MCP server and groups of the JSON-Schema-Test-Suite are built together in
//! one cargo workspace, with a program that deserialises sample instances of every tool
//! side (and every tool's `ToolCall`) into the generated types, serialises them back and
//! compares, and checks that instances the types must refuse are refused.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use harn_catalog::compile::{self, Options};
use harn_catalog::contract::ToolCatalog;
use harn_catalog::emit::artifacts::Artifact;
use harn_catalog::emit::sdk::{self, Language, Sdk};
use harn_catalog::prepare::{McpDocuments, Prepared};
use harn_catalog::source::{Format, SourceFile};
use serde_json::{Value, json};

use crate::common;

/// One generated crate and what the round-trip program checks with it.
struct Generated {
    /// The crate's folder in the workspace, and its name in Rust paths.
    folder: String,
    files: Vec<Artifact>,
    checks: Vec<Check>,
    /// The `tools/list` result its `tools_list()` must give: the MCP projection that
    /// `harn-catalog mcp` writes, each tool with the `execution` its catalog entry
    /// declares.
    tools_list: Value,
}

/// One instance to check against one generated type.
struct Check {
    label: String,
    /// The type's name in the crate (`LookupWidgetInput`, `ToolCall`).
    type_name: String,
    instance: Value,
    expect: Expect,
}

/// What a type must do with an instance.
enum Expect {
    /// Deserialise it and serialise it back the same.
    RoundTrip,
    /// Refuse it.
    Refused,
    /// Deserialise it and serialise it as this value.
    Becomes(Value),
}

/// The SDK model and Rust files of registry `text` (JSON), the type names of each
/// tool side, and the `tools/list` result the crate must give.
fn generate(stem: &str, text: &str) -> (Vec<Artifact>, Vec<ToolTypes>, Value) {
    with_model(stem, text, |catalog, prepared, model| {
        let types = model
            .tools
            .iter()
            .map(|tool| ToolTypes {
                name: tool.name().to_owned(),
                sides: [
                    (tool.input_type(), Some(tool.entry.input_schema.clone())),
                    (tool.output_type(), tool.entry.output_schema.clone()),
                    (tool.error_type(), tool.entry.error_schema.clone()),
                ],
            })
            .collect();
        let listed = prepared.mcp.iter().map(|projected| {
            let mut entry = serde_json::to_value(projected).unwrap();
            let declared = catalog.tools.iter().find(|t| t.name.as_str() == projected.name.as_str());
            if let Some(execution) = declared.and_then(|t| t.execution.as_ref()) {
                entry["execution"] = serde_json::to_value(execution).unwrap();
            }
            entry
        });
        let tools_list = json!({ "tools": listed.collect::<Vec<_>>() });
        (sdk::render(Language::Rust, model), types, tools_list)
    })
}

/// The SDK model of registry `text` (JSON) named `stem`, handed to `f` with the
/// catalog and the projections it was made from.
fn with_model<R>(stem: &str, text: &str, f: impl FnOnce(&ToolCatalog, &Prepared, &Sdk<'_>) -> R) -> R {
    let options = Options { mcp_documents: McpDocuments::Build, ..Options::default() };
    let compilation =
        compile::compile_source(SourceFile::new(format!("{stem}.json"), text.to_owned(), Format::Json), options);
    let Some((catalog, _, prepared)) = compilation.prepared() else {
        panic!("{stem} does not compile: {:?}", compilation.diagnostics.as_slice());
    };
    let model = Sdk::new(catalog, (&prepared.mcp, prepared.protocol_version), None, stem, &mut Vec::new());
    f(catalog, prepared, &model)
}

/// A tool's name and its three sides: type name and schema (when declared).
struct ToolTypes {
    name: String,
    sides: [(String, Option<Value>); 3],
}

impl ToolTypes {
    /// Checks of `instance` as the tool's input, and as its `ToolCall`.
    fn input_checks(&self, label: &str, instance: &Value) -> Vec<Check> {
        vec![
            Check {
                label: label.to_owned(),
                type_name: self.sides[0].0.clone(),
                instance: instance.clone(),
                expect: Expect::RoundTrip,
            },
            Check {
                label: format!("{label} (ToolCall)"),
                type_name: "ToolCall".to_owned(),
                instance: json!({"name": self.name, "arguments": instance}),
                expect: Expect::RoundTrip,
            },
        ]
    }

    /// Checks of each side's `examples`.
    fn example_checks(&self, crate_label: &str) -> Vec<Check> {
        let mut checks = Vec::new();
        for (side, (type_name, schema)) in self.sides.iter().enumerate() {
            let examples = schema.as_ref().and_then(|s| s.get("examples")).and_then(Value::as_array);
            for (i, example) in examples.into_iter().flatten().enumerate() {
                let label = format!("{crate_label} {type_name} example {i}");
                if side == 0 {
                    checks.extend(self.input_checks(&label, example));
                } else {
                    checks.push(Check {
                        label,
                        type_name: type_name.clone(),
                        instance: example.clone(),
                        expect: Expect::RoundTrip,
                    });
                }
            }
        }
        checks
    }
}

fn fixture_crate(folder: &str, path: &Path) -> Generated {
    let text = std::fs::read_to_string(path).unwrap();
    let stem = path.file_stem().unwrap().to_string_lossy();
    let (files, tools, tools_list) = generate(&stem, &text);
    let checks = tools.iter().flat_map(|t| t.example_checks(folder)).collect();
    Generated { folder: folder.to_owned(), files, checks, tools_list }
}

/// The widgets registry, with sample arguments and results written here (the fixture
/// has no examples).
fn widgets() -> Generated {
    let mut generated = fixture_crate("widgets", &common::root().join("fixtures/widgets/registry.json"));
    let checks = &mut generated.checks;
    let lookup = ToolTypes {
        name: "lookup_widget".to_owned(),
        sides: [("LookupWidgetInput".to_owned(), None), (String::new(), None), (String::new(), None)],
    };
    checks.extend(lookup.input_checks("widgets input", &json!({"widget_id": "w-1", "verbose": true})));
    checks.extend(lookup.input_checks("widgets input, no flag", &json!({"widget_id": "w-2"})));
    for (label, instance) in [
        ("widgets output", json!({"id": "w-1", "name": "Sprocket", "tags": ["small", "steel"]})),
        ("widgets output, no tags", json!({"id": "w-2", "name": "Cog"})),
    ] {
        checks.push(Check {
            label: label.into(),
            type_name: "LookupWidgetOutput".into(),
            instance,
            expect: Expect::RoundTrip,
        });
    }
    checks.push(Check {
        label: "widgets input without its required id".into(),
        type_name: "LookupWidgetInput".into(),
        instance: json!({"verbose": true}),
        expect: Expect::Refused,
    });
    generated
}

/// The shapes fixture, and instances its types must refuse: a closed object with an
/// extra property, a value outside an enum, a short tuple, a call of an unknown tool;
/// and open objects with properties they do not name, which they must keep.
fn kinds() -> Generated {
    let mut generated = fixture_crate("kinds", &common::root().join("fixtures/sdk/rust/kinds.json"));
    let shape = json!({"kind": "circle", "radius": 1.0});
    for (label, type_name, instance) in [
        ("closed object", "PaintInput", json!({"colour": "red", "at": [0.0, 0.0], "shape": shape, "extra": 1})),
        ("enum", "Colour", json!("purple")),
        ("short tuple", "Point", json!([1.0])),
        ("union", "Shape", json!({"kind": "triangle", "side": 1.0})),
        ("unknown tool", "ToolCall", json!({"name": "nope", "arguments": {}})),
        ("a branch under another's tag", "AreaInput", json!({"shape": {"kind": "square", "radius": 1.0}})),
        ("a tag no branch has", "AreaInput", json!({"shape": {"kind": "triangle", "side": 1.0}})),
        ("a branch without its tag", "AreaInput", json!({"shape": {"radius": 1.0}})),
        ("a closed branch with more", "AreaInput", json!({"shape": {"kind": "square", "side": 1.0, "radius": 1.0}})),
        ("a root union's wrong tag", "MeasureInput", json!({"unit": "foot", "metres": 1.0})),
        (
            "a nested branch under another's tag",
            "EvaluateInput",
            json!({"expression": {"op": "sum", "terms": [{"op": "sum", "value": 1.0}, {"op": "number", "value": 2.0}]}}),
        ),
        ("arguments to a tool without parameters", "ToolCall", json!({"name": "ping", "arguments": {"x": 1}})),
        ("a call of a tool with parameters without its arguments", "ToolCall", json!({"name": "area"})),
        ("pattern", "RenameInput", json!({"thing": {"name": "n", "id": "Not An Id"}, "new_name": "x"})),
    ] {
        generated.checks.push(Check {
            label: format!("kinds refuses: {label}"),
            type_name: type_name.into(),
            instance,
            expect: Expect::Refused,
        });
    }
    // A call of a tool without parameters may leave its arguments out, or send null.
    for (label, instance) in
        [("absent arguments", json!({"name": "ping"})), ("null arguments", json!({"name": "ping", "arguments": null}))]
    {
        generated.checks.push(Check {
            label: format!("kinds reads: {label}"),
            type_name: "ToolCall".into(),
            instance,
            expect: Expect::Becomes(json!({"name": "ping", "arguments": {}})),
        });
    }
    // An open object keeps what it does not name: a server that passes the arguments
    // along passes them whole (the round trip compares every property).
    for (label, type_name, instance) in [
        ("open object", "WalkTreeInput", json!({"root": {"label": "a"}, "trace": {"id": 7}})),
        ("open output", "WalkTreeOutput", json!({"labels": [], "truncated": true})),
    ] {
        generated.checks.push(Check {
            label: format!("kinds keeps: {label}"),
            type_name: type_name.into(),
            instance,
            expect: Expect::RoundTrip,
        });
    }
    generated
}

/// A registry without tools: its crate builds, and its `ToolCall` refuses every call.
fn empty() -> Generated {
    let (files, _, tools_list) = generate("empty", r#"{"info": {"name": "no tools"}, "tools": []}"#);
    let checks = vec![Check {
        label: "no tools: any call".into(),
        type_name: "ToolCall".into(),
        instance: json!({"name": "anything", "arguments": {}}),
        expect: Expect::Refused,
    }];
    Generated { folder: "empty".to_owned(), files, checks, tools_list }
}

/// A valid instance of a simple schema (the GitHub tools' inputs): every property,
/// each the first of its enum or of its `anyOf`/`oneOf` branches, or a value of its
/// first type.
fn sample(schema: &Value) -> Value {
    if let Some(value) = schema.get("const") {
        return value.clone();
    }
    if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|e| e.first()) {
        return first.clone();
    }
    for keyword in ["anyOf", "oneOf"] {
        if let Some(first) = schema.get(keyword).and_then(Value::as_array).and_then(|b| b.first()) {
            return sample(first);
        }
    }
    let kind = match schema.get("type") {
        Some(Value::Array(types)) => types.first().and_then(Value::as_str).unwrap_or("null"),
        Some(Value::String(t)) => t.as_str(),
        _ => "object",
    };
    match kind {
        "object" => Value::Object(
            schema
                .get("properties")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(name, property)| (name.clone(), sample(property)))
                .collect(),
        ),
        "array" => Value::Array(schema.get("items").map(sample).into_iter().collect()),
        "string" => json!("text"),
        "integer" => schema.get("minimum").cloned().unwrap_or(json!(2)),
        "number" => json!(2.5),
        "boolean" => json!(true),
        _ => Value::Null,
    }
}

/// The GitHub MCP server's tools, each checked with a sample of its input schema.
fn github() -> Option<Generated> {
    let (_, registry) = common::github_registry("sdk_rust: the GitHub MCP server's tools")?;
    let (files, tools, tools_list) = generate("github", &registry.to_string());
    assert_eq!(tools.len(), 117);
    let mut checks = Vec::new();
    for tool in &tools {
        let schema = tool.sides[0].1.as_ref().unwrap();
        let instance = sample(schema);
        assert!(jsonschema::is_valid(schema, &instance), "{}: the sample {instance} is not valid", tool.name);
        checks.extend(tool.input_checks(&format!("github {}", tool.name), &instance));
    }
    Some(Generated { folder: "github".to_owned(), files, checks, tools_list })
}

/// Suite files whose groups become tools: the keywords the generated types express
/// (types, objects, arrays and tuples, enums and consts, the combinators, references)
/// and some they widen to values (`not`, `if`, patterns).
const SUITE_FILES: &[&str] = &[
    "type.json",
    "properties.json",
    "required.json",
    "additionalProperties.json",
    "items.json",
    "prefixItems.json",
    "enum.json",
    "const.json",
    "allOf.json",
    "anyOf.json",
    "oneOf.json",
    "ref.json",
    "defs.json",
    "not.json",
    "if-then-else.json",
    "pattern.json",
    "minLength.json",
    "maximum.json",
];

/// Keywords that constrain values of one type only.
const TYPE_KEYWORDS: &[&str] = &[
    "properties",
    "additionalProperties",
    "patternProperties",
    "required",
    "minProperties",
    "maxProperties",
    "items",
    "prefixItems",
    "contains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "pattern",
    "minLength",
    "maxLength",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];

/// Whether every node of `schema` that uses a keyword of one type declares its
/// `type`, and no union branch is a boolean schema: the schemas typify maps
/// faithfully, and the way tool schemas are written. typify takes such a keyword for
/// the type itself (`{"pattern": "^a"}` becomes a string, so `12`, which the suite
/// calls valid, is refused), and makes an empty struct of `{"anyOf": [true, true]}`.
fn typed(schema: &Value) -> bool {
    match schema {
        Value::Object(object) => {
            let constrained = TYPE_KEYWORDS.iter().any(|k| object.contains_key(*k));
            let declared = ["type", "enum", "const", "$ref"].iter().any(|k| object.contains_key(*k));
            let boolean_branch = ["anyOf", "oneOf", "allOf"]
                .iter()
                .filter_map(|k| object.get(*k).and_then(Value::as_array))
                .flatten()
                .any(Value::is_boolean);
            (!constrained || declared) && !boolean_branch && object.values().all(typed)
        }
        Value::Array(items) => items.iter().all(typed),
        _ => true,
    }
}

/// Whether `data` holds a number like `1.0`, which JSON Schema calls an integer but
/// serde_json does not read as one (typify types integers as `i64`).
fn has_integral_float(data: &Value) -> bool {
    match data {
        Value::Number(n) => n.is_f64() && n.as_f64().is_some_and(|f| f.fract() == 0.0),
        Value::Array(items) => items.iter().any(has_integral_float),
        Value::Object(members) => members.values().any(has_integral_float),
        _ => false,
    }
}

/// JSON-Schema-Test-Suite groups, each a component that a tool's `value` argument
/// references; every instance the suite calls valid is checked, as that argument.
fn suite() -> Option<Generated> {
    let folder =
        common::shared("corpus/json-schema-test-suite/tests/draft2020-12", "sdk_rust: JSON-Schema-Test-Suite")?;
    let mut components = serde_json::Map::new();
    let mut tools = Vec::new();
    let mut valid: BTreeMap<String, Vec<(String, Value)>> = BTreeMap::new();
    for file in SUITE_FILES {
        let groups: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(folder.join(file)).unwrap()).unwrap();
        let stem = file.trim_end_matches(".json").replace('-', "_");
        for (i, group) in groups.iter().enumerate() {
            // Remote documents are never fetched; a schema that declares its own
            // resources cannot be moved into a component.
            if crate::mcp_semantics::needs_remote(group)
                || crate::mcp_semantics::uses_resource_scope(&group["schema"])
                || !typed(&group["schema"])
            {
                continue;
            }
            let name = format!("{stem}_{i}");
            components.insert(name.clone(), group["schema"].clone());
            tools.push(json!({
                "name": name,
                "description": group["description"],
                "inputSchema": {
                    "type": "object",
                    "properties": {"value": {"$ref": format!("#/components/schemas/{name}")}},
                    "required": ["value"]
                }
            }));
            for test in group["tests"].as_array().unwrap() {
                if test["valid"] == true && !has_integral_float(&test["data"]) {
                    let label = format!("suite {file} {:?}: {:?}", group["description"], test["description"]);
                    valid.entry(name.clone()).or_default().push((label, json!({"value": test["data"]})));
                }
            }
        }
    }
    let registry = json!({"info": {"name": "suite"}, "components": {"schemas": components}, "tools": tools});
    let (files, types, tools_list) = generate("suite", &registry.to_string());
    let mut checks = Vec::new();
    for tool in &types {
        for (label, instance) in valid.get(&tool.name).into_iter().flatten() {
            checks.extend(tool.input_checks(label, instance));
        }
    }
    Some(Generated { folder: "suite".to_owned(), files, checks, tools_list })
}

/// The round-trip program's `main.rs`.
fn round_trip_program(crates: &[Generated]) -> String {
    let mut main = String::from(include_str!("sdk_rust_round_trip.rs"));
    main.push_str("\nfn main() {\n    let mut failures = Vec::new();\n    let mut checked = 0usize;\n");
    for generated in crates {
        let package = library_name(generated);
        for check in &generated.checks {
            let (function, expected) = match &check.expect {
                Expect::RoundTrip => ("round_trip", None),
                Expect::Refused => ("refuse", None),
                Expect::Becomes(value) => ("becomes", Some(value.to_string())),
            };
            let expected = expected.map(|e| format!(", {e:?}")).unwrap_or_default();
            writeln!(
                main,
                "    checked += 1;\n    {function}::<{package}::{}>({:?}, {:?}{expected}, &mut failures);",
                check.type_name,
                check.label,
                check.instance.to_string()
            )
            .unwrap();
        }
    }
    for generated in crates {
        writeln!(
            main,
            "    println!(\"TOOLS_LIST {} {{}}\", {}::tools_list());",
            generated.folder,
            library_name(generated)
        )
        .unwrap();
    }
    main.push_str("    report(checked, &failures);\n}\n");
    main
}

/// The crate's name in Rust paths, from its generated Cargo.toml.
fn library_name(generated: &Generated) -> String {
    let manifest = &generated.files.iter().find(|f| f.path == "Cargo.toml").unwrap().contents;
    let manifest: toml::Table = manifest.parse().unwrap();
    manifest["package"]["name"].as_str().unwrap().replace('-', "_")
}

/// The workspace of the generated crates and the round-trip program, under the
/// repository's `target/`, kept between runs so that their dependencies build once.
fn workspace(crates: &[Generated]) -> PathBuf {
    let dir = common::root().join("target/sdk-rust");
    let mut members = Vec::new();
    let mut dependencies = String::new();
    for generated in crates {
        for file in &generated.files {
            common::write_if_changed(&dir.join(&generated.folder).join(&file.path), &file.contents);
        }
        members.push(format!("{:?}", generated.folder));
        let package = generated.files.iter().find(|f| f.path == "Cargo.toml").unwrap();
        let name: toml::Table = package.contents.parse().unwrap();
        writeln!(
            dependencies,
            "{} = {{ path = \"../{}\" }}",
            name["package"]["name"].as_str().unwrap(),
            generated.folder
        )
        .unwrap();
    }
    members.push("\"round-trip\"".to_owned());
    common::write_if_changed(
        &dir.join("Cargo.toml"),
        &format!("[workspace]\nresolver = \"2\"\nmembers = [{}]\n", members.join(", ")),
    );
    common::write_if_changed(
        &dir.join("round-trip/Cargo.toml"),
        &format!(
            "[package]\nname = \"round-trip\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\nserde = \"1\"\nserde_json = \"1\"\n{dependencies}"
        ),
    );
    common::write_if_changed(&dir.join("round-trip/src/main.rs"), &round_trip_program(crates));
    // The versions this repository already resolved and downloaded: the build needs no
    // network.
    if !dir.join("Cargo.lock").exists() {
        std::fs::copy(common::root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }
    dir
}

#[test]
fn generated_crates_build_and_round_trip_every_tool_through_serde() {
    let mut crates = vec![widgets(), kinds(), empty()];
    crates.extend(github());
    crates.extend(suite());
    let dir = workspace(&crates);
    let output = std::process::Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--offline", "-p", "round-trip"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the round trip failed:\n{stdout}\n{stderr}");
    let total: usize = crates.iter().map(|c| c.checks.len()).sum();
    assert!(stdout.contains(&format!("{total} instances checked")), "{stdout}");
    // Each crate answers `tools/list` from its `TOOLS` as the MCP projection does.
    for generated in &crates {
        let prefix = format!("TOOLS_LIST {} ", generated.folder);
        let line = stdout.lines().find_map(|l| l.strip_prefix(&prefix)).expect("the program prints tools_list()");
        let listed: Value = serde_json::from_str(line).unwrap();
        assert_eq!(listed, generated.tools_list, "{}: tools_list() is not the MCP projection", generated.folder);
    }
    // And every crate is clean of clippy's default lints, as its users build it.
    let clippy = std::process::Command::new(env!("CARGO"))
        .args(["clippy", "--quiet", "--offline", "--workspace", "--exclude", "round-trip", "--", "-D", "warnings"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(clippy.status.success(), "clippy refuses a generated crate:\n{}", String::from_utf8_lossy(&clippy.stderr));
}

#[test]
fn regeneration_is_byte_identical() {
    let path = common::root().join("fixtures/sdk/rust/kinds.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let (first, ..) = generate("kinds", &text);
    let (second, ..) = generate("kinds", &text);
    assert_eq!(first, second);
    let paths: Vec<&str> = first.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["Cargo.toml", "src/lib.rs"]);
}

/// The crate declares every type the SDK model names (each component, each root
/// `$defs` member, each declared tool side) under the name the TypeScript SDK gives
/// it, and a `$defs` member that a tool's output and error both hold is one type in
/// both.
#[test]
fn type_names_agree_with_the_typescript_sdk() {
    let text = std::fs::read_to_string(common::root().join("fixtures/sdk/rust/kinds.json")).unwrap();
    let (rust, typescript, names) = with_model("kinds", &text, |_, _, model| {
        let file =
            |language, path: &str| sdk::render(language, model).into_iter().find(|f| f.path == path).unwrap().contents;
        let mut names: Vec<String> = model.components.iter().map(|c| c.type_name.clone()).collect();
        names.extend(model.defs.iter().filter(|d| d.declared()).map(|d| d.type_name.clone()));
        for tool in &model.tools {
            names.push(tool.input_type());
            names.extend(tool.entry.output_schema.as_ref().map(|_| tool.output_type()));
            names.extend(tool.entry.error_schema.as_ref().map(|_| tool.error_type()));
        }
        (file(Language::Rust, "src/lib.rs"), file(Language::TypeScript, "index.ts"), names)
    });
    for name in ["AreaInputCircle", "AreaInputSquare", "AreaOutputStatus", "EvaluateInputExpression"] {
        assert!(names.iter().any(|n| n == name), "the model names no {name}");
    }
    for name in &names {
        let declared = [format!("pub struct {name} "), format!("pub struct {name}("), format!("pub enum {name} ")];
        assert!(declared.iter().any(|d| rust.contains(d.as_str())), "the crate does not declare {name}");
        assert!(typescript.contains(&format!("export type {name} =")), "the TypeScript SDK does not declare {name}");
    }
    for text in [&rust, &typescript] {
        assert!(!text.contains("AreaErrorStatus"), "the error's Status is a second type");
    }
}

/// The crate's docs read as comments: `///` and `//!` lines, one per line of text, and
/// none of the copies of the schema typify appends to each type's doc (they show the
/// document built for typify, not the catalog's schema).
#[test]
fn docs_are_line_comments_without_the_schema_copies() {
    let text = std::fs::read_to_string(common::root().join("fixtures/widgets/registry.json")).unwrap();
    let lib = &lib_rs("widgets", &text);
    assert!(lib.contains("/// "), "no doc line in:\n{lib}");
    for unwanted in ["<details>", "JSON schema", "/**", "#[doc", "#![doc"] {
        assert!(!lib.contains(unwanted), "`{unwanted}` in the crate:\n{lib}");
    }
}

/// A `$defs` member that a tool's output and error both hold, and whose references
/// lead to members that are one type too (here, itself), is one type: the crate
/// declares it once. The same member written alike on both sides, but referring to a
/// `Tail` that differs between them, is two types, as each `Tail` is.
#[test]
fn a_member_held_twice_with_references_is_one_type_when_they_lead_alike() {
    let node =
        |next: &str| json!({"type": "object", "properties": {"label": {"type": "string"}, "next": {"$ref": next}}});
    let declared = |output_defs: Value, error_defs: Value| {
        let text = json!({"tools": [{
            "name": "walk",
            "description": "Walk a list.",
            "inputSchema": {"type": "object"},
            "outputSchema": {"$ref": "#/$defs/Node", "$defs": output_defs},
            "errorSchema": {"$ref": "#/$defs/Node", "$defs": error_defs}
        }]});
        let mut names: Vec<String> = with_model("walk", &text.to_string(), |_, _, model| {
            model.defs.iter().filter(|d| d.declared()).map(|d| d.type_name.clone()).collect()
        });
        names.sort();
        names
    };
    let itself = json!({"Node": node("#/$defs/Node")});
    assert_eq!(declared(itself.clone(), itself), ["WalkOutputNode"]);
    let tail = |ty: &str| json!({"Node": node("#/$defs/Tail"), "Tail": {"type": ty}});
    assert_eq!(declared(tail("string"), tail("integer")).len(), 4);
}

/// typify drops the doc of a number field; it is put back from the property's
/// description, under a field whose name Rust spells differently (`max-width` as
/// `max_width`) too.
#[test]
fn a_number_field_keeps_its_description_when_renamed() {
    let text = json!({"tools": [{
        "name": "resize",
        "description": "Resize an image.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "max-width": {"type": "number", "description": "The widest the image may be."},
                "height": {"type": "number", "description": "The height wanted."}
            },
            "required": ["max-width", "height"]
        }
    }]});
    let lib = &lib_rs("resize", &text.to_string());
    assert_eq!(field_doc(lib, "max_width"), "/// The widest the image may be.");
    assert_eq!(field_doc(lib, "height"), "/// The height wanted.");
}

/// A field's doc says which of its schema's bounds its Rust type does not check, and
/// only those: an integer's minimum of 0 (an unsigned type) or 1 (a non-zero one) and
/// a closed tuple's length are held by the type; a minimum of 5 and an array's
/// `minItems` are not.
#[test]
fn a_field_notes_the_bounds_its_type_does_not_hold() {
    let text = json!({"tools": [{
        "name": "layout",
        "description": "Lay out pages.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "count": {"type": "integer", "minimum": 0},
                "pages": {"type": "integer", "minimum": 1},
                "level": {"type": "integer", "minimum": 5},
                // Above -1: from 0, as an unsigned type holds.
                "floor": {"type": "integer", "exclusiveMinimum": -1},
                "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": false, "minItems": 2}
            },
            "required": ["count", "pages", "level", "floor", "tags", "point"]
        }
    }]});
    let lib = &lib_rs("layout", &text.to_string());
    assert!(lib.contains("pub floor: u64,"), "{lib}");
    for field in ["count", "pages", "floor", "point"] {
        let doc = field_doc(lib, field);
        assert!(!doc.contains("does not check"), "`{field}` is held by its type:\n{doc}");
    }
    for (field, bound) in [("level", "`minimum: 5`"), ("tags", "`minItems: 1`")] {
        let doc = field_doc(lib, field);
        assert!(doc.contains(&format!("does not check {bound}")), "`{field}` is not held:\n{doc}");
    }
}

/// The doc of field `field` of the crate `lib`: the `///` lines above it (among its
/// attributes), trimmed, one per line.
fn field_doc(lib: &str, field: &str) -> String {
    let lines: Vec<&str> = lib.lines().map(str::trim).collect();
    let at = lines
        .iter()
        .position(|line| line.starts_with(&format!("pub {field}: ")))
        .unwrap_or_else(|| panic!("no field `{field}` in:\n{lib}"));
    let above = lines[..at].iter().rev().take_while(|line| line.starts_with("///") || line.starts_with("#["));
    let mut doc: Vec<&str> = above.filter(|line| line.starts_with("///")).copied().collect();
    doc.reverse();
    doc.join("\n")
}

/// The struct of a tagged union's inline branch is named after the union and its
/// variant, numbered past every name already taken: with `ShapeCircle` and
/// `ShapeCircle2` declared as components, the circle's is `ShapeCircle3`.
#[test]
fn a_branch_struct_is_numbered_past_every_name_taken() {
    let branch = |kind: &str, size: &str| json!({"type": "object", "properties": {"kind": {"const": kind}, size: {"type": "number"}}, "required": ["kind", size]});
    let text = json!({
        "components": {"schemas": {
            "ShapeCircle": {"type": "object", "properties": {"x": {"type": "number"}}},
            "ShapeCircle2": {"type": "object", "properties": {"y": {"type": "number"}}},
            "Shape": {"oneOf": [branch("circle", "r"), branch("square", "side")]}
        }},
        "tools": [{
            "name": "draw",
            "description": "Draw a shape.",
            "inputSchema": {"type": "object", "properties": {
                "shape": {"$ref": "#/components/schemas/Shape"},
                "a": {"$ref": "#/components/schemas/ShapeCircle"},
                "b": {"$ref": "#/components/schemas/ShapeCircle2"}
            }, "required": ["shape"]}
        }]
    });
    let lib = &lib_rs("draw", &text.to_string());
    for declared in
        ["pub struct ShapeCircle {", "pub struct ShapeCircle2 {", "pub struct ShapeCircle3 {", "Circle(ShapeCircle3)"]
    {
        assert!(lib.contains(declared), "no `{declared}` in:\n{lib}");
    }
}

/// A reference into the inside of a schema (`#/properties/from`, or a component's
/// property) is typed as what it leads to, not widened to a JSON value.
#[test]
fn a_reference_into_a_schema_is_typed_as_its_target() {
    let text = json!({
        "tools": [{
            "name": "copy",
            "description": "Copy a name.",
            "inputSchema": {"type": "object", "properties": {
                "from": {"type": "string"},
                "to": {"$ref": "#/properties/from"},
                "size": {"$ref": "#/components/schemas/Box/properties/width"}
            }, "required": ["from", "to", "size"]}
        }],
        "components": {"schemas": {"Box": {"type": "object", "properties": {"width": {"type": "integer"}}}}}
    });
    let lib = &lib_rs("copy", &text.to_string());
    for field in ["pub to: ::std::string::String,", "pub size: i64,"] {
        assert!(lib.contains(field), "no `{field}` in:\n{lib}");
    }
}

/// An inline branch of a tagged union keeps the properties it does not name in a
/// flattened `extra` map, as every open object's struct does, except when it names a
/// property `extra` itself: then the property is the field, and the types stay typed.
#[test]
fn a_branch_naming_a_property_extra_keeps_it_as_its_field() {
    let text = json!({"tools": [{
        "name": "note",
        "description": "Note a thing.",
        "inputSchema": {"type": "object", "properties": {"item": {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "text"}, "extra": {"type": "string"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"const": "link"}, "url": {"type": "string"}}, "required": ["kind"]}
        ]}}, "required": ["item"]}
    }]});
    let lib = &lib_rs("note", &text.to_string());
    let body = |name: &str| struct_body(lib, name);
    assert!(body("NoteInput").contains("pub item: NoteInputItem,"), "{}", body("NoteInput"));
    assert!(body("NoteInputItemText").contains("pub extra: ::std::option::Option<::std::string::String>,"));
    let link = body("NoteInputItemLink");
    assert!(link.contains("pub url: ") && link.contains("pub extra: ::serde_json::Map<"), "{link}");
}

#[test]
fn a_definition_also_used_on_its_own_keeps_its_tag_there() {
    // `Circle` is a branch of a union on `kind`, and the type of `favourite` too: the
    // union's branch drops the tag (serde writes it), `favourite` must still hold it.
    let text = json!({"tools": [{
        "name": "draw",
        "description": "Draw a shape.",
        "inputSchema": {"type": "object",
            "$defs": {
                "Circle": {"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}},
                           "required": ["kind", "r"]},
                "Square": {"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}},
                           "required": ["kind", "side"]}
            },
            "properties": {
                "shape": {"oneOf": [{"$ref": "#/$defs/Circle"}, {"$ref": "#/$defs/Square"}]},
                "favourite": {"$ref": "#/$defs/Circle"}
            }}
    }]});
    let lib = &lib_rs("draw", &text.to_string());
    assert!(struct_body(lib, "DrawInputCircle").contains("pub kind: "), "{lib}");
    assert!(!struct_body(lib, "DrawInputShapeCircle").contains("pub kind: "), "{lib}");
}

#[test]
fn a_tag_that_is_no_identifier_names_its_variant_with_a_v() {
    let branch = |tag: &str| json!({"type": "object", "properties": {"view": {"const": tag}, "zoom": {"type": "number"}}, "required": ["view"]});
    let text = json!({"tools": [{
        "name": "show",
        "description": "Show a plot.",
        "inputSchema": {"type": "object", "properties": {"plot": {"oneOf": [branch("2d"), branch("self"), branch("map")]}}}
    }]});
    let lib = &lib_rs("show", &text.to_string());
    for variant in ["V2d(", "VSelf(", "Map("] {
        assert!(lib.contains(&format!("    {variant}")), "no variant {variant} in:\n{lib}");
    }
}

#[test]
fn only_the_property_typify_cannot_express_is_widened() {
    let text = json!({"tools": [{
        "name": "step",
        "description": "Step a counter.",
        "inputSchema": {"type": "object", "properties": {
            "label": {"type": "string"},
            // typify finds no distinct variant names for these values.
            "by": {"description": "How far.", "enum": ["+1", "Plus1", "-1", "Minus1", "x_y", "xY", "+2", "plus2"]}
        }, "required": ["label"]}
    }]});
    let lib = &lib_rs("step", &text.to_string());
    let input = struct_body(lib, "StepInput");
    assert!(input.contains("pub label: ::std::string::String,"), "{input}");
    let widened = "/// How far.\n    ///\n    /// Typed as `serde_json::Value`: typify cannot express this schema (";
    assert!(input.contains(widened), "{input}");
    assert!(input.contains("pub by: ::std::option::Option<::serde_json::Value>,"), "{input}");
}

/// The fields of `struct name` in `lib`, up to its closing brace.
fn struct_body(lib: &str, name: &str) -> String {
    let start = lib.find(&format!("pub struct {name} {{")).unwrap_or_else(|| panic!("no struct {name} in:\n{lib}"));
    lib[start..start + lib[start..].find('}').unwrap()].to_owned()
}

/// The `src/lib.rs` of the crate generated for registry `text` (JSON) named `stem`.
fn lib_rs(stem: &str, text: &str) -> String {
    let files = common::sdk(Language::Rust, &format!("{stem}.json"), text).unwrap_or_else(|e| panic!("{e}"));
    files.into_iter().find(|f| f.path == "src/lib.rs").expect("a lib.rs").contents
}
