//! The protocol artifacts (spec/exports.md d): the files in `spec/protocol-artifacts`
//! that describe the catalog format itself, rendered in memory, in path order.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::contract::SCHEMA_VERSION;

/// The folder the artifacts live in, relative to the repository.
pub const DEFAULT_DIR: &str = "spec/protocol-artifacts";
/// The command that regenerates them.
pub const GENERATE_COMMAND: &str = "make gen-protocol-artifacts";
/// The command that checks them.
pub const CHECK_COMMAND: &str = "make check-protocol-artifacts";
/// What the manifest names as the artifacts' generator.
const GENERATED_BY: &str = "harn-catalog protocol-artifacts";

const SCHEMA_PATH: &str = "schemas/harn-tools-v2.schema.json";
/// The registry declaration format's schema, for editors.
pub const DECLARATION_SCHEMA_PATH: &str = "schemas/registry-declaration.schema.json";
/// `harn-catalog.toml`'s schema, for editors.
pub const CONFIG_SCHEMA_PATH: &str = "schemas/harn-catalog.schema.json";
const TYPESCRIPT_PATH: &str = "harn-tools.ts";
const README: &str = include_str!("../../templates/protocol-artifacts-readme.md.jinja");

/// One generated file: its path relative to the folder it belongs in (`/`-separated),
/// and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artifact {
    pub path: String,
    pub contents: String,
}

/// Every protocol artifact, sorted by path, each ending with one newline.
/// `config_schema` is `harn-catalog.toml`'s schema, which the configuration (a higher
/// layer) derives.
pub fn protocol_artifacts(artifact_version: &semver::Version, config_schema: &Value) -> Vec<Artifact> {
    let version = artifact_version.to_string();
    let schema = super::catalog_schema();
    let pretty = |schema: &Value| serde_json::to_string_pretty(schema).expect("schemas serialise");
    let mut artifacts = vec![
        artifact(SCHEMA_PATH, pretty(&schema)),
        artifact(DECLARATION_SCHEMA_PATH, pretty(&super::declaration_schema())),
        artifact(CONFIG_SCHEMA_PATH, pretty(config_schema)),
        artifact(TYPESCRIPT_PATH, super::typescript_binding(&schema, &version)),
        artifact("README.md", render_readme()),
    ];
    let manifest = manifest(&version, &artifacts);
    artifacts.push(artifact("manifest.json", serde_json::to_string_pretty(&manifest).expect("manifests serialise")));
    artifacts.sort_by(|a, b| a.path.cmp(&b.path));
    artifacts
}

/// Whether `folder` holds artifacts this generator wrote: its manifest says so. Only
/// then may files the generator no longer writes be removed from it.
pub fn generated_folder(folder: &std::path::Path) -> bool {
    std::fs::read_to_string(folder.join("manifest.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .is_some_and(|manifest| manifest["generatedBy"] == GENERATED_BY)
}

fn artifact(path: &str, mut contents: String) -> Artifact {
    while contents.ends_with('\n') {
        contents.pop();
    }
    contents.push('\n');
    Artifact { path: path.to_owned(), contents }
}

fn render_readme() -> String {
    let environment = minijinja::Environment::new();
    environment
        .render_str(README, minijinja::context! { generate => GENERATE_COMMAND, check => CHECK_COMMAND })
        .expect("the bundled README template renders")
}

/// `manifest.json` (spec/exports.md d.3), keys sorted, with the sha256 of every other artifact.
fn manifest(version: &str, artifacts: &[Artifact]) -> Value {
    let sha256: serde_json::Map<String, Value> = artifacts
        .iter()
        .map(|a| (a.path.clone(), Value::String(hex(&Sha256::digest(a.contents.as_bytes())))))
        .collect();
    let mut manifest = json!({
        "artifactVersion": version,
        "bindings": {
            "harnToolsTypescript": {
                "artifact": TYPESCRIPT_PATH,
                "schema": SCHEMA_PATH,
                "schemaVersion": SCHEMA_VERSION,
                "stability": "stable",
            }
        },
        "checkCommand": CHECK_COMMAND,
        "generatedBy": GENERATED_BY,
        "schemaVersion": 1,
        "schemas": [
            {
                "artifact": SCHEMA_PATH,
                "protocol": "harn-tools",
                "provenance": { "owner": "harn-catalog::contract", "schemaVersion": SCHEMA_VERSION },
                "source": "src/contract/mod.rs",
            },
            {
                "artifact": DECLARATION_SCHEMA_PATH,
                "protocol": "harn-registry-declaration",
                "provenance": { "owner": "harn-catalog::contract::declaration" },
                "source": "src/contract/declaration.rs",
            },
            {
                "artifact": CONFIG_SCHEMA_PATH,
                "protocol": "harn-catalog-config",
                "provenance": { "owner": "harn-catalog::config" },
                "source": "src/config.rs",
            },
        ],
        "sha256": sha256,
    });
    manifest.sort_all_objects();
    manifest
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
