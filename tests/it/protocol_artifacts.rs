//! The protocol artifacts: generated from the contract types, committed, drift-checked
//! with diffs, and in agreement with upstream's published envelope schema.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::harn_catalog;
use harn_catalog::commands::protocol_artifacts::protocol_artifacts;
use predicates::prelude::*;
use serde_json::{Value, json};

fn version() -> semver::Version {
    semver::Version::parse(env!("CARGO_PKG_VERSION")).unwrap()
}

fn committed_dir() -> std::path::PathBuf {
    common::root().join("spec/protocol-artifacts")
}

fn copy_committed(to: &Path) {
    for artifact in protocol_artifacts(&version()) {
        let from = committed_dir().join(&artifact.path);
        let target = to.join(&artifact.path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from, target).unwrap();
    }
}

#[test]
fn the_committed_artifacts_are_exactly_what_the_generator_writes() {
    harn_catalog().args(["protocol-artifacts", "--check"]).assert().success().stderr("");
    for artifact in protocol_artifacts(&version()) {
        let on_disk = std::fs::read_to_string(committed_dir().join(&artifact.path)).unwrap();
        assert_eq!(on_disk, artifact.contents, "{}", artifact.path);
    }
}

#[test]
fn regeneration_is_byte_identical() {
    assert_eq!(protocol_artifacts(&version()), protocol_artifacts(&version()));
    let dir = tempfile::tempdir().unwrap();
    harn_catalog().args(["protocol-artifacts", "--output-dir"]).arg(dir.path()).assert().success();
    let first: Vec<Vec<u8>> =
        protocol_artifacts(&version()).iter().map(|a| std::fs::read(dir.path().join(&a.path)).unwrap()).collect();
    harn_catalog()
        .args(["protocol-artifacts", "--output-dir"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("is up to date"));
    let second: Vec<Vec<u8>> =
        protocol_artifacts(&version()).iter().map(|a| std::fs::read(dir.path().join(&a.path)).unwrap()).collect();
    assert_eq!(first, second);
}

#[test]
fn the_check_shows_a_diff_names_missing_and_extra_files_and_passes_after_regeneration() {
    let dir = tempfile::tempdir().unwrap();
    copy_committed(dir.path());
    let typescript = dir.path().join("harn-tools.ts");
    let edited =
        std::fs::read_to_string(&typescript).unwrap().replace("  deferLoading: boolean;", "  deferLoading: string;");
    std::fs::write(&typescript, edited).unwrap();
    std::fs::remove_file(dir.path().join("README.md")).unwrap();
    std::fs::write(dir.path().join("schemas/notes.txt"), "left over\n").unwrap();

    let output = harn_catalog()
        .args(["protocol-artifacts", "--check", "--output-dir"])
        .arg(dir.path())
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("stale:") && stderr.contains("harn-tools.ts"), "{stderr}");
    assert!(stderr.contains("-  deferLoading: string;\n+  deferLoading: boolean;\n"), "a unified diff: {stderr}");
    assert!(stderr.contains("@@ "), "{stderr}");
    assert!(stderr.contains("missing:") && stderr.contains("README.md"), "{stderr}");
    assert!(stderr.contains("unexpected:") && stderr.contains("schemas/notes.txt"), "{stderr}");
    assert!(stderr.trim_end().ends_with("hint: run `make gen-protocol-artifacts` to regenerate."), "{stderr}");
    assert!(output.stdout.is_empty());

    harn_catalog().args(["protocol-artifacts", "--output-dir"]).arg(dir.path()).assert().success();
    harn_catalog().args(["protocol-artifacts", "--check", "--output-dir"]).arg(dir.path()).assert().success();
    assert!(!dir.path().join("schemas/notes.txt").exists());
}

#[test]
fn line_endings_do_not_count_as_drift() {
    let dir = tempfile::tempdir().unwrap();
    copy_committed(dir.path());
    let readme = dir.path().join("README.md");
    let crlf = std::fs::read_to_string(&readme).unwrap().replace('\n', "\r\n");
    std::fs::write(&readme, crlf).unwrap();
    harn_catalog().args(["protocol-artifacts", "--check", "--output-dir"]).arg(dir.path()).assert().success();
}

#[test]
fn a_folder_the_generator_does_not_own_keeps_its_other_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mine.txt"), "keep me\n").unwrap();
    harn_catalog().args(["protocol-artifacts", "--output-dir"]).arg(dir.path()).assert().success();
    assert!(dir.path().join("mine.txt").exists(), "files are removed only from a folder with our manifest");
}

#[test]
fn the_artifact_version_is_stamped_and_must_be_semver() {
    let artifacts = protocol_artifacts(&semver::Version::parse("2.3.4-dev").unwrap());
    let by_path: BTreeMap<&str, &str> = artifacts.iter().map(|a| (a.path.as_str(), a.contents.as_str())).collect();
    let manifest: Value = serde_json::from_str(by_path["manifest.json"]).unwrap();
    assert_eq!(manifest["artifactVersion"], "2.3.4-dev");
    assert!(by_path["harn-tools.ts"].contains("artifact version 2.3.4-dev"));
    harn_catalog().args(["protocol-artifacts", "--check", "--artifact-version", "two"]).assert().code(2);
}

#[test]
fn the_manifest_describes_and_hashes_every_artifact() {
    let artifacts = protocol_artifacts(&version());
    let manifest: Value =
        serde_json::from_str(&artifacts.iter().find(|a| a.path == "manifest.json").unwrap().contents).unwrap();
    assert_eq!(manifest["schemaVersion"], 1);
    assert_eq!(manifest["generatedBy"], "harn-catalog protocol-artifacts");
    assert_eq!(manifest["checkCommand"], "make check-protocol-artifacts");
    assert_eq!(
        manifest["bindings"]["harnToolsTypescript"],
        json!({"artifact": "harn-tools.ts", "schema": "schemas/harn-tools-v2.schema.json", "schemaVersion": "harn-tools/2.0", "stability": "stable"})
    );
    assert_eq!(manifest["schemas"][0]["protocol"], "harn-tools");
    for artifact in artifacts.iter().filter(|a| a.path != "manifest.json") {
        use sha2::Digest;
        let digest: String =
            sha2::Sha256::digest(artifact.contents.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(manifest["sha256"][&artifact.path], digest, "{}", artifact.path);
    }
    // Keys sorted at every level, as upstream's manifest has them.
    fn sorted(value: &Value) -> bool {
        match value {
            Value::Object(map) => map.keys().zip(map.keys().skip(1)).all(|(a, b)| a < b) && map.values().all(sorted),
            Value::Array(items) => items.iter().all(sorted),
            _ => true,
        }
    }
    assert!(sorted(&manifest));
}

fn generated_schema() -> Value {
    harn_catalog::emit::catalog_schema()
}

#[test]
fn the_generated_schema_is_a_meta_valid_closed_draft_2020_12_schema() {
    let schema = generated_schema();
    jsonschema::draft202012::meta::validate(&schema).unwrap();
    assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert_eq!(schema["$id"], "https://harnlang.com/schemas/harn-tools-v2.schema.json");
    assert_eq!(schema["title"], "Harn Tool Catalog");
    assert_eq!(schema["required"], json!(["schema_version", "tools"]));
    assert_eq!(schema["additionalProperties"], json!(false));
    for (name, def) in schema["$defs"].as_object().unwrap() {
        if def.get("properties").is_some() {
            assert_eq!(def["additionalProperties"], json!(false), "{name} is a closed record");
        }
    }
}

/// The facts of a schema that two descriptions of one record type must share: types,
/// references, enumerations, patterns, bounds, required lists, recursively. Docs,
/// defaults and the spelling of an enumeration (`enum` or `oneOf` of `const`s) are left
/// out.
fn facts(schema: &Value) -> Value {
    let Some(object) = schema.as_object() else { return schema.clone() };
    let mut out = serde_json::Map::new();
    let mut types: Vec<String> = match object.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    };
    for keyword in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(keyword) {
            if options.iter().all(|o| o.get("const").is_some()) {
                let mut values: Vec<String> = options.iter().map(|o| o["const"].as_str().unwrap().to_owned()).collect();
                values.sort();
                out.insert("enum".into(), json!(values));
                types = vec!["string".into()];
            } else {
                let mut alternatives: Vec<String> = options.iter().map(|o| facts(o).to_string()).collect();
                alternatives.sort();
                out.insert("alternatives".into(), json!(alternatives));
            }
        }
    }
    types.sort();
    if !types.is_empty() {
        out.insert("type".into(), json!(types));
    }
    for keyword in [
        "$ref",
        "pattern",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minimum",
        "const",
        "format",
    ] {
        if let Some(value) = object.get(keyword) {
            out.insert(keyword.into(), value.clone());
        }
    }
    for keyword in ["enum", "required"] {
        if let Some(Value::Array(values)) = object.get(keyword) {
            let mut values: Vec<String> = values.iter().map(Value::to_string).collect();
            values.sort();
            out.insert(keyword.into(), json!(values));
        }
    }
    for keyword in ["items", "additionalProperties", "propertyNames"] {
        if let Some(value) = object.get(keyword) {
            out.insert(keyword.into(), facts(value));
        }
    }
    if let Some(Value::Object(properties)) = object.get("properties") {
        let properties: serde_json::Map<String, Value> =
            properties.iter().map(|(k, v)| (k.clone(), facts(v))).collect();
        out.insert("properties".into(), Value::Object(properties));
    }
    Value::Object(out)
}

#[test]
fn the_generated_schema_agrees_with_the_published_one_on_every_record() {
    let Some(published) =
        common::shared(common::PUBLISHED_SCHEMA, "protocol_artifacts: agreement with the published envelope schema")
    else {
        return;
    };
    let reference: Value = serde_json::from_str(&std::fs::read_to_string(published).unwrap()).unwrap();
    let generated = generated_schema();
    let names = |s: &Value| s["$defs"].as_object().unwrap().keys().cloned().collect::<std::collections::BTreeSet<_>>();
    assert_eq!(names(&generated), names(&reference), "the same record and enum types");
    let mut differences = Vec::new();
    for name in names(&reference) {
        let (ours, theirs) = (facts(&generated["$defs"][&name]), facts(&reference["$defs"][&name]));
        if ours != theirs {
            differences.push(format!("{name}:\n  ours:   {ours}\n  theirs: {theirs}"));
        }
    }
    let root = |s: &Value| {
        let mut s = s.clone();
        s.as_object_mut().unwrap().remove("$defs");
        facts(&s)
    };
    if root(&generated) != root(&reference) {
        differences.push(format!("the root:\n  ours:   {}\n  theirs: {}", root(&generated), root(&reference)));
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

/// One way to break a catalog.
type Breakage = Box<dyn Fn(&mut Value)>;

#[test]
fn both_schemas_accept_every_fixture_catalog_and_refuse_broken_ones() {
    let widgets = common::compile_path(&common::root().join("fixtures/widgets/registry.json"));
    // Accepted: `compile_path` already validated the catalog against both schemas.
    let catalog = widgets.json();
    for name in ["widgets.json", "widgets.compact.json"] {
        let text = std::fs::read_to_string(common::root().join("fixtures/catalogs").join(name)).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        common::reference_check(&value.to_string()).unwrap();
    }
    let broken: Vec<(&str, Breakage)> = vec![
        ("a misspelt field", Box::new(|c: &mut Value| c["tools"][0]["inputschema"] = json!({}))),
        (
            "a missing required field",
            Box::new(|c: &mut Value| drop(c["tools"][0].as_object_mut().unwrap().remove("governance"))),
        ),
        ("an unknown version", Box::new(|c: &mut Value| c["schema_version"] = json!("harn-tools/1.0"))),
        ("an unknown audience", Box::new(|c: &mut Value| c["tools"][0]["governance"]["audiences"] = json!(["web"]))),
        ("a blank name", Box::new(|c: &mut Value| c["tools"][0]["name"] = json!("  "))),
        (
            "a non-object input schema root",
            Box::new(|c: &mut Value| c["tools"][0]["inputSchema"] = json!({"type": "array"})),
        ),
        (
            "a two-letter short option",
            Box::new(|c: &mut Value| c["tools"][0]["cli"]["arguments"]["verbose"]["short"] = json!("vv")),
        ),
        ("an empty command", Box::new(|c: &mut Value| c["tools"][0]["cli"]["command"] = json!([]))),
    ];
    for (what, breaks) in broken {
        let mut copy = catalog.clone();
        breaks(&mut copy);
        let verdict = common::reference_check(&copy.to_string()).expect_err(what);
        if common::shared(common::PUBLISHED_SCHEMA, "validation against the published envelope schema").is_some() {
            assert!(verdict.contains(common::PUBLISHED_SCHEMA), "{what}: the published schema refuses it: {verdict}");
        }
        assert!(
            verdict.contains("spec/protocol-artifacts/schemas"),
            "{what}: the generated schema refuses it: {verdict}"
        );
    }
}

#[test]
fn user_catalogs_are_generated_and_drift_checked_from_a_config() {
    harn_catalog().args(["check"]).assert().success();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(common::root().join("fixtures/widgets/registry.yaml"), dir.path().join("registry.yaml")).unwrap();
    let config = dir.path().join("catalogs.toml");
    std::fs::write(&config, "[[catalog]]\ninput = \"registry.yaml\"\noutput = \"out/widgets.json\"\npretty = true\n")
        .unwrap();
    let run = |command: &str| {
        let mut c = harn_catalog();
        c.args([command, "--config"]).arg(&config);
        c
    };
    run("check")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("missing:").and(predicate::str::contains("harn-catalog gen --config")));
    run("gen").assert().success().stdout(predicate::str::contains("wrote"));
    run("check").assert().success();
    let pretty = std::fs::read_to_string(dir.path().join("out/widgets.json")).unwrap();
    assert!(pretty.starts_with("{\n  \"schema_version\""));
    // An edited registry shows up as a diff of the catalog.
    let registry = dir.path().join("registry.yaml");
    let edited = std::fs::read_to_string(&registry).unwrap().replace("Look up one widget by its id.", "Find a widget.");
    std::fs::write(&registry, edited).unwrap();
    run("check").assert().code(1).stderr(predicate::str::contains("+      \"description\": \"Find a widget.\""));
    // A refused input writes nothing.
    std::fs::write(&registry, "tools: [{name: ''}]\n").unwrap();
    run("gen").assert().code(1);
    assert_eq!(std::fs::read_to_string(dir.path().join("out/widgets.json")).unwrap(), pretty);
    std::fs::write(&config, "[[catalog]]\nin = \"x\"\n").unwrap();
    run("check").assert().code(2).stderr(predicate::str::contains("catalogs.toml:2"));
}

#[test]
fn gen_compiles_a_harn_module_through_the_surface_the_configuration_names() {
    let dir = tempfile::tempdir().unwrap();
    // Public functions and a published registry: `auto` would pick the exports.
    let module = "pub fn double(x: int) -> int {\n  return x * 2\n}\n\nfn main(harness) {\n  \
                  harness.tools.mcp_tools(tool_registry_from([{name: \"published\", description: \"From main.\"}], {}))\n}\n";
    std::fs::write(dir.path().join("tools.harn"), module).unwrap();
    let config = dir.path().join("harn-catalog.toml");
    let target = |name: &str, surface: &str| {
        format!("[[catalog]]\ninput = \"tools.harn\"\noutput = \"{name}.json\"\nsurface = \"{surface}\"\n")
    };
    std::fs::write(&config, target("script", "script") + &target("exports", "exports")).unwrap();
    harn_catalog().args(["gen", "--config"]).arg(&config).assert().success();
    let names = |name: &str| -> Vec<String> {
        let catalog: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join(format!("{name}.json"))).unwrap()).unwrap();
        catalog["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(names("script"), ["published"]);
    assert_eq!(names("exports"), ["double"]);
}
