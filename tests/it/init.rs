//! `harn-catalog init`: the starter project of each format compiles without a
//! warning, `gen` then `check` pass on it, its declaration and configuration validate
//! against the schemas written beside them (which are the protocol artifacts), and it
//! never overwrites a file.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{self, harn_catalog};
use crate::declaration_schema::declaration_document;

const FORMATS: [&str; 3] = ["yaml", "json", "toml"];
const DECLARATION_SCHEMA: &str = "registry-declaration.schema.json";
const CONFIG_SCHEMA: &str = "harn-catalog.schema.json";

/// The files `init --format FORMAT` writes.
fn starter_files(format: &str) -> [String; 4] {
    [format!("tools.{format}"), "harn-catalog.toml".into(), DECLARATION_SCHEMA.into(), CONFIG_SCHEMA.into()]
}

/// Runs `harn-catalog ARGS…` in `folder`.
fn run_in(folder: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    harn_catalog().current_dir(folder).args(args).assert()
}

/// Every file under `folder`, by relative path, with its bytes.
fn snapshot(folder: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut pending = vec![folder.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.insert(path.strip_prefix(folder).unwrap().to_owned(), std::fs::read(&path).unwrap());
            }
        }
    }
    found
}

/// Python `jsonschema`'s verdict (`tests/reference_validator.py`) on `document`
/// against the schema file `schema`: `ok`, or `invalid: …` with the reasons.
fn validate(schema: &Path, document: &Value) -> String {
    let python = common::root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    let mut child = std::process::Command::new(python)
        .arg(common::root().join("tests/reference_validator.py"))
        .arg(schema)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the validator starts");
    writeln!(child.stdin.take().unwrap(), "{document}").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "the validator failed on {}", schema.display());
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// The schema a file's first line points an editor at: the YAML language server's
/// modeline or taplo's `#:schema`, or for JSON the top-level `$schema`.
fn schema_named_by(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "json") {
        let value: Value = serde_json::from_str(&text).unwrap();
        return value["$schema"].as_str().expect("a $schema key").to_owned();
    }
    let first = text.lines().next().unwrap_or_default();
    let named = first.strip_prefix("# yaml-language-server: $schema=").or_else(|| first.strip_prefix("#:schema "));
    named.unwrap_or_else(|| panic!("{}: no schema on the first line: {first:?}", path.display())).to_owned()
}

#[test]
fn each_format_starts_a_project_that_compiles_generates_and_checks_cleanly() {
    for format in FORMATS {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path();
        let declaration = format!("tools.{format}");
        let stdout = run_in(folder, &["init", "--format", format]).success().stderr("").get_output().stdout.clone();
        let stdout = String::from_utf8(stdout).unwrap();
        for file in starter_files(format) {
            assert!(stdout.contains(&format!("wrote {file}\n")), "{format}: {file} not reported:\n{stdout}");
        }
        for next in
            [format!("harn-catalog schema {declaration}"), "harn-catalog gen".into(), "harn-catalog check".into()]
        {
            assert!(stdout.contains(&next), "{format}: `{next}` is not among the next commands:\n{stdout}");
        }
        let written: Vec<PathBuf> = snapshot(folder).into_keys().collect();
        let mut expected: Vec<PathBuf> = starter_files(format).iter().map(PathBuf::from).collect();
        expected.sort();
        assert_eq!(written, expected, "{format}: init writes these files and no other");

        common::compile_path(&folder.join(&declaration)).assert_clean();
        run_in(folder, &["schema", &declaration, "--deny-warnings"]).success().stderr("");
        run_in(folder, &["gen"]).success().stderr("").stdout(predicate::str::contains("wrote catalog/tools.json"));
        run_in(folder, &["check"]).success().stderr("");

        // The schemas the editors are pointed at exist beside the files, and accept them.
        let named = schema_named_by(&folder.join(&declaration));
        assert_eq!(named, format!("./{DECLARATION_SCHEMA}"), "{format}");
        let document = declaration_document(&folder.join(&declaration)).expect("the declaration reads");
        assert_eq!(validate(&folder.join(&named), &document), "ok", "{format}: {document}");
        let config = folder.join("harn-catalog.toml");
        assert_eq!(schema_named_by(&config), format!("./{CONFIG_SCHEMA}"), "{format}");
        let config: Value = toml::from_str(&std::fs::read_to_string(config).unwrap()).unwrap();
        assert_eq!(validate(&folder.join(CONFIG_SCHEMA), &config), "ok", "{format}: {config}");
    }
}

/// Whichever format a user starts in, the registry is the same: a user may switch.
#[test]
fn the_three_formats_declare_the_same_catalog() {
    let catalogs: Vec<String> = FORMATS
        .iter()
        .map(|format| {
            let dir = tempfile::tempdir().unwrap();
            run_in(dir.path(), &["init", "--format", format]).success();
            common::compile_path(&dir.path().join(format!("tools.{format}"))).catalog.expect("the starter compiles")
        })
        .collect();
    assert_eq!(catalogs[0], catalogs[1], "YAML and JSON");
    assert_eq!(catalogs[0], catalogs[2], "YAML and TOML");
}

#[test]
fn yaml_is_the_default_format() {
    let dir = tempfile::tempdir().unwrap();
    run_in(dir.path(), &["init"]).success();
    assert!(dir.path().join("tools.yaml").is_file());
    assert!(!dir.path().join("tools.json").exists() && !dir.path().join("tools.toml").exists());
}

#[test]
fn the_written_schemas_are_the_protocol_artifacts() {
    let dir = tempfile::tempdir().unwrap();
    run_in(dir.path(), &["init"]).success();
    let artifacts = common::root().join("spec/protocol-artifacts/schemas");
    for schema in [DECLARATION_SCHEMA, CONFIG_SCHEMA] {
        let written = std::fs::read(dir.path().join(schema)).unwrap();
        assert_eq!(written, std::fs::read(artifacts.join(schema)).unwrap(), "{schema}");
    }
}

#[test]
fn a_second_init_refuses_names_every_file_and_changes_nothing() {
    for format in FORMATS {
        let dir = tempfile::tempdir().unwrap();
        run_in(dir.path(), &["init", "--format", format]).success();
        // A user's edit, which a second run must not undo.
        let declaration = dir.path().join(format!("tools.{format}"));
        let mut edited = std::fs::read(&declaration).unwrap();
        edited.extend_from_slice(if format == "json" { b"\n" } else { b"# mine\n" });
        std::fs::write(&declaration, &edited).unwrap();
        let before = snapshot(dir.path());
        let stderr = run_in(dir.path(), &["init", "--format", format]).code(1).stdout("").get_output().stderr.clone();
        let stderr = String::from_utf8(stderr).unwrap();
        for file in starter_files(format) {
            assert!(stderr.contains(&format!("  {file}\n")), "{format}: {file} is not named:\n{stderr}");
        }
        assert!(stderr.starts_with("error: ") && stderr.contains("\nhelp: "), "{stderr}");
        assert_eq!(snapshot(dir.path()), before, "{format}: a refused init changed the folder");
    }
}

#[test]
fn a_folder_holding_any_one_of_the_files_is_refused_and_nothing_appears() {
    for file in starter_files("yaml") {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(&file), "mine\n").unwrap();
        let stderr = run_in(dir.path(), &["init"]).code(1).stdout("").get_output().stderr.clone();
        let stderr = String::from_utf8(stderr).unwrap();
        assert!(stderr.contains(&format!("  {file}\n")), "{file} is not named:\n{stderr}");
        for other in starter_files("yaml").iter().filter(|other| **other != file) {
            assert!(!stderr.contains(&format!("  {other}\n")), "{other} is named, but does not exist:\n{stderr}");
        }
        let after = snapshot(dir.path());
        assert_eq!(after.len(), 1, "{file}: init wrote {:?}", after.keys().collect::<Vec<_>>());
        assert_eq!(after[Path::new(&file)], b"mine\n", "{file} was changed");
    }
}

/// A folder or a dangling link where a starter file goes is in the way too: writing
/// through the link would create a file elsewhere.
#[cfg(unix)]
#[test]
fn a_folder_or_a_dangling_link_in_the_way_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("harn-catalog.toml")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("elsewhere.yaml"), dir.path().join("tools.yaml")).unwrap();
    let stderr = run_in(dir.path(), &["init"]).code(1).get_output().stderr.clone();
    let stderr = String::from_utf8(stderr).unwrap();
    assert!(stderr.contains("  tools.yaml\n") && stderr.contains("  harn-catalog.toml\n"), "{stderr}");
    assert!(!dir.path().join("elsewhere.yaml").exists());
    assert!(!dir.path().join(DECLARATION_SCHEMA).exists());
}

/// `init --from-mcp -- COMMAND` starts from the tools a live MCP server lists (the
/// pydantic server on the official Python SDK), and the project still compiles,
/// generates and checks; in a folder already started, it refuses before starting the
/// server (a server that cannot start would make it exit 2, not 1).
#[test]
fn from_mcp_starts_from_a_live_servers_tools_and_refuses_before_starting_one() {
    let python = common::root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    let server = common::root().join("tests/servers/pydantic_server.py");
    let dir = tempfile::tempdir().unwrap();
    let (python, server) = (python.to_str().unwrap(), server.to_str().unwrap());
    run_in(dir.path(), &["init", "--from-mcp", "--", python, server]).success();
    let declaration = std::fs::read_to_string(dir.path().join("tools.yaml")).unwrap();
    assert!(declaration.starts_with("# yaml-language-server: $schema=./registry-declaration.schema.json\n"));
    assert!(declaration.contains("name: place_order") && declaration.contains("name: cancel_order"), "{declaration}");
    assert!(!declaration.contains("lookup_widget"), "not the example tool");
    run_in(dir.path(), &["schema", "tools.yaml"]).success();
    run_in(dir.path(), &["gen"]).success();
    run_in(dir.path(), &["check"]).success();
    let before = snapshot(dir.path());
    run_in(dir.path(), &["init", "--from-mcp", "--", "false"]).code(1);
    assert_eq!(snapshot(dir.path()), before, "nothing changed");
}
