//! `tools/list` by MCP protocol version (spec/decisions.md 10): what each version's result
//! carries, `mcp --protocol-version` and `[mcp]` in `harn-catalog.toml`, and every
//! result checked against the official schema of its version by an independent
//! validator (`common::outcome` does so for every compilation of the tests).

use std::path::Path;

use harn_catalog::compile::Options;
use harn_catalog::prepare::McpDocuments;
use harn_catalog::prepare::mcp::ProtocolVersion;
use predicates::prelude::PredicateBooleanExt;
use serde_json::{Value, json};

use crate::common::{self, harn_catalog};

const WIDGETS: &str = "fixtures/widgets/registry.json";

fn options(version: ProtocolVersion) -> Options {
    Options { mcp_documents: McpDocuments::Build, protocol_version: version, ..Options::default() }
}

/// `harn-catalog mcp` with `args`, run in `folder`, as JSON.
fn mcp_in(folder: &Path, args: &[&str]) -> Value {
    let output = harn_catalog().current_dir(folder).arg("mcp").args(args).assert().success().get_output().clone();
    serde_json::from_slice(&output.stdout).expect("tools/list is JSON")
}

fn tool<'v>(list: &'v Value, name: &str) -> &'v Value {
    list["tools"].as_array().unwrap().iter().find(|t| t["name"] == name).unwrap()
}

#[test]
fn outputs_are_wrapped_for_2025_11_25_and_pass_through_for_2026_07_28() {
    let text = std::fs::read_to_string(common::root().join(WIDGETS)).unwrap();
    let older = common::compile_text_with("registry.json", &text, options(ProtocolVersion::V2025_11_25));
    let newer = common::compile_text_with("registry.json", &text, options(ProtocolVersion::V2026_07_28));
    let count = |outcome: &common::Outcome| {
        let prepared = outcome.prepared.as_ref().expect("prepared");
        prepared.mcp.iter().find(|t| t.name == "count_widgets").cloned().expect("count_widgets is advertised")
    };
    let (wrapped, plain) = (count(&older), count(&newer));
    assert!(wrapped.output_wrapped && !plain.output_wrapped);
    assert_eq!(wrapped.output_schema.unwrap()["properties"]["result"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(plain.output_schema.unwrap(), json!({"type": "integer", "minimum": 0}));
    // An output that already requires an object: `type` added for 2025-11-25 only.
    let lookup = |outcome: &common::Outcome| {
        let prepared = outcome.prepared.as_ref().unwrap();
        prepared.mcp.iter().find(|t| t.name == "lookup_widget").unwrap().output_schema.clone().unwrap()
    };
    assert_eq!(lookup(&older)["type"], "object");
    assert_eq!(lookup(&newer).get("type"), None);
    assert_eq!(lookup(&newer)["$ref"], "#/$defs/Widget");
}

#[test]
fn the_newer_result_carries_its_required_fields_with_documented_defaults() {
    let folder = tempfile::tempdir().unwrap();
    let widgets = common::root().join(WIDGETS);
    let widgets = widgets.to_str().unwrap();
    let older = mcp_in(folder.path(), &[widgets]);
    assert_eq!(older.as_object().unwrap().keys().collect::<Vec<_>>(), ["tools"]);
    let newer = mcp_in(folder.path(), &[widgets, "--protocol-version", "2026-07-28"]);
    assert_eq!(newer["resultType"], "complete");
    assert_eq!(newer["ttlMs"], 0);
    assert_eq!(newer["cacheScope"], "private");
    let set = mcp_in(
        folder.path(),
        &[widgets, "--protocol-version", "2026-07-28", "--ttl-ms", "60000", "--cache-scope", "public"],
    );
    assert_eq!((&set["ttlMs"], &set["cacheScope"]), (&json!(60000), &json!("public")));
    for (version, list) in [(ProtocolVersion::V2025_11_25, &older), (ProtocolVersion::V2026_07_28, &newer)] {
        common::mcp_check(version, &list.to_string()).unwrap_or_else(|e| panic!("{version}: {e}"));
    }
    // The caching flags say nothing to 2025-11-25, whose result has no such fields.
    let ignored = mcp_in(folder.path(), &[widgets, "--ttl-ms", "5"]);
    assert_eq!(ignored, older);
}

#[test]
fn the_configuration_sets_the_version_and_flags_win() {
    let folder = tempfile::tempdir().unwrap();
    let widgets = common::root().join(WIDGETS);
    let widgets = widgets.to_str().unwrap();
    common::write(
        folder.path(),
        "harn-catalog.toml",
        "[mcp]\nprotocol_version = \"2026-07-28\"\nttl_ms = 300000\ncache_scope = \"public\"\n",
    );
    let configured = mcp_in(folder.path(), &[widgets]);
    assert_eq!((&configured["ttlMs"], &configured["cacheScope"]), (&json!(300000), &json!("public")));
    assert!(tool(&configured, "count_widgets")["outputSchema"].get("properties").is_none(), "not wrapped");
    let flagged = mcp_in(folder.path(), &[widgets, "--protocol-version", "2025-11-25"]);
    assert!(flagged.get("ttlMs").is_none());
    assert_eq!(tool(&flagged, "count_widgets")["outputSchema"]["required"], json!(["result"]));
    let other = mcp_in(folder.path(), &[widgets, "--config", "missing.toml"]);
    assert!(other.get("ttlMs").is_none(), "a configuration that does not exist sets nothing");
}

#[test]
fn bad_versions_and_settings_are_usage_errors() {
    let folder = tempfile::tempdir().unwrap();
    let widgets = common::root().join(WIDGETS);
    harn_catalog()
        .current_dir(folder.path())
        .args(["mcp", "--protocol-version", "2025-06-18"])
        .arg(&widgets)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("possible values: 2025-11-25, 2026-07-28"));
    common::write(folder.path(), "harn-catalog.toml", "[mcp]\nprotocol_version = \"2024-11-05\"\n");
    harn_catalog()
        .current_dir(folder.path())
        .arg("mcp")
        .arg(&widgets)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("harn-catalog.toml:2").and(predicates::str::contains("2024-11-05")));
    common::write(folder.path(), "harn-catalog.toml", "[mcp]\ncache_scope = \"shared\"\n");
    harn_catalog().current_dir(folder.path()).arg("mcp").arg(&widgets).assert().code(2);
}

/// The fixtures, the GitHub corpus and the bench's generated registry, projected for
/// each version: `common::outcome` validates each result against its version's schema.
#[test]
fn every_projection_validates_against_its_versions_official_schema() {
    let mut inputs: Vec<(String, String)> = Vec::new();
    for name in ["registry.json", "registry.yaml", "registry.toml"] {
        let path = common::root().join("fixtures/widgets").join(name);
        inputs.push((name.to_owned(), std::fs::read_to_string(path).unwrap()));
    }
    if let Some((_, registry)) = common::github_registry("MCP protocol versions") {
        inputs.push(("github.json".to_owned(), registry.to_string()));
    }
    let accepted = common::root().join("fixtures/rules");
    for rule in std::fs::read_dir(&accepted).unwrap() {
        let folder = rule.unwrap().path().join("accepted");
        let Ok(files) = std::fs::read_dir(&folder) else { continue };
        for file in files {
            let path = file.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if ["json", "yaml", "yml", "toml"].iter().any(|e| name.ends_with(&format!(".{e}"))) {
                inputs.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut projected = 0;
    for version in ProtocolVersion::ALL {
        for (name, text) in &inputs {
            let outcome = common::compile_text_with(name, text, options(version));
            projected += outcome.prepared.as_ref().map_or(0, |p| p.mcp.len());
        }
    }
    assert!(projected > 2 * 117, "only {projected} tools were projected");
}

/// The independent check can fail: results each version refuses.
#[test]
fn the_official_schemas_refuse_what_each_version_forbids() {
    if common::shared("reference/mcp", "MCP protocol versions").is_none() {
        return;
    }
    let unwrapped =
        json!({"tools": [{"name": "n", "inputSchema": {"type": "object"}, "outputSchema": {"type": "integer"}}]});
    assert!(common::mcp_check(ProtocolVersion::V2025_11_25, &unwrapped.to_string()).is_err());
    let mut newer = unwrapped.clone();
    newer["resultType"] = json!("complete");
    newer["ttlMs"] = json!(0);
    assert!(common::mcp_check(ProtocolVersion::V2026_07_28, &newer.to_string()).is_err(), "no cacheScope");
    newer["cacheScope"] = json!("private");
    common::mcp_check(ProtocolVersion::V2026_07_28, &newer.to_string()).unwrap();
}
