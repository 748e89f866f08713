//! The declaration format's JSON Schema (`registry-declaration.schema.json`) agrees
//! with the reader, as Python `jsonschema` judges it: every declaration the reader
//! accepts validates (fixtures, the GitHub MCP server's tools, the real MCP servers
//! imported), a key the reader warns it ignores is refused, and the mistakes people
//! make are refused by both, at the place the reader points at.

use std::path::{Path, PathBuf};

use harn_catalog::import::{self, Kind};
use harn_catalog::ingest::{self, Content};
use harn_catalog::paths::Confinement;
use harn_catalog::source::{Format, SourceFile};
use serde_json::Value;

use crate::common;

/// The rules whose warning says that a key of a tool is ignored: the schema refuses
/// such a key, so that an editor underlines it.
pub(crate) const IGNORED_KEY_WARNINGS: [&str; 2] = ["unknown-tool-key", "ignored-meta-key"];

/// Every JSON, YAML and TOML file under `fixtures/` but the generated catalogs and SDKs.
pub(crate) fn fixture_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![common::root().join("fixtures")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !["catalogs", "sdk"].iter().any(|skip| path.ends_with(Path::new("fixtures").join(skip))) {
                    pending.push(path);
                }
            } else if Format::from_path(&path).is_some() {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The document of a declaration file as the reader sees it; `None` for what is not a
/// declaration (a catalog, text that does not parse, a top level that is no object).
pub(crate) fn declaration_document(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let format = Format::from_path(path)?;
    let loaded =
        ingest::parse(SourceFile::new(path, text, format), Default::default(), &Confinement::default()).ok()?;
    match loaded.content {
        Content::Document(document) if document.value.is_object() && document.value.get("schema_version").is_none() => {
            Some(document.value)
        }
        _ => None,
    }
}

#[test]
fn every_fixture_the_reader_accepts_validates_and_an_ignored_key_is_refused() {
    let (mut validated, mut refused_keys) = (0, 0);
    for path in fixture_files() {
        let Some(document) = declaration_document(&path) else {
            continue;
        };
        let outcome = common::compile_path(&path);
        if outcome.diagnostics.iter().any(|d| d.is_error()) {
            continue;
        }
        let ignored: Vec<_> = outcome.diagnostics.iter().filter(|d| IGNORED_KEY_WARNINGS.contains(&d.code())).collect();
        let verdict = common::declaration_check(&document.to_string());
        let shown = path.strip_prefix(common::root()).unwrap().display();
        if ignored.is_empty() {
            assert_eq!(verdict, Ok(()), "{shown} compiles, but the declaration schema refuses it");
            validated += 1;
        } else {
            assert!(verdict.is_err(), "{shown}: the reader warns of an ignored key, the schema accepts it");
            refused_keys += 1;
        }
    }
    // The fixtures hold hundreds of accepted declarations; a walk that found none
    // would prove nothing.
    assert!(validated >= 200, "only {validated} accepted declarations among the fixtures");
    assert!(refused_keys >= 2, "only {refused_keys} fixtures with an ignored key");
}

#[test]
fn the_github_mcp_servers_tools_validate() {
    let Some((_, registry)) = common::github_registry("the declaration schema over the GitHub MCP server") else {
        return;
    };
    common::compile_json(&registry).assert_clean();
    assert_eq!(common::declaration_check(&registry.to_string()), Ok(()));
}

#[test]
fn the_real_mcp_servers_imported_validate() {
    for (corpus, kind, count) in
        [("corpus/mcp-servers", Kind::Mcp, 35), ("corpus/docker-mcp-registry", Kind::Docker, 23)]
    {
        let Some(folder) = common::shared(corpus, "the declaration schema over the real MCP servers imported") else {
            return;
        };
        let files = common::json_files(&folder);
        assert_eq!(files.len(), count, "{}", folder.display());
        let mut validated = 0;
        for file in files {
            let declaration = import::import(kind, &file).declaration.expect("the corpus imports");
            // Tool by tool: a few real tools are refused by the reader (an input
            // schema without `"type": "object"`), and the schema need not accept those.
            for tool in declaration["tools"].as_array().expect("a declaration has tools") {
                let alone = serde_json::json!({"tools": [tool]});
                if common::compile_json(&alone).diagnostics.iter().any(|d| d.is_error()) {
                    continue;
                }
                let verdict = common::declaration_check(&alone.to_string());
                assert_eq!(verdict, Ok(()), "{}: {}", file.display(), tool["name"]);
                validated += 1;
            }
        }
        assert!(validated >= count * 5, "only {validated} tools of {corpus} compiled");
    }
}

/// The mistakes an editor should underline: what the mistake is, a declaration that
/// makes it, the rule the reader reports it with, and where the schema's error is (a
/// JSON Pointer, `/` for the top level) with a part of its message.
pub(crate) const MISTAKES: &[(&str, &str, &str, &str, &str)] = &[
    (
        "a misspelt shorthand type",
        "tools:\n  - name: t\n    parameters:\n      id: strng\n",
        "legacy-parameters",
        "/tools/0/parameters/id",
        "strng",
    ),
    (
        "a misspelt type in a definition",
        "tools:\n  - name: t\n    parameters:\n      n: {type: integr, required: true}\n",
        "legacy-parameters",
        "/tools/0/parameters/n",
        "integr",
    ),
    (
        "a format written as a type",
        "tools:\n  - name: t\n    parameters:\n      id: uuid\n",
        "legacy-parameters",
        "/tools/0/parameters/id",
        "uuid",
    ),
    (
        "a hint that is not a boolean",
        "tools:\n  - name: t\n    annotations:\n      readOnlyHint: \"yes\"\n",
        "annotations-field",
        "/tools/0/annotations",
        "yes",
    ),
    (
        "a tool without a name",
        "tools:\n  - description: Does things.\n",
        "tool-spec",
        "/tools/0",
        "'name' is a required property",
    ),
    ("a misspelt top-level key", "tool:\n  - name: t\n", "registry-shape", "/", "'tool'"),
    (
        "a misspelt tool key",
        "tools:\n  - name: t\n    inputschema: {type: object}\n",
        "unknown-tool-key",
        "/tools/0",
        "'inputschema' was unexpected",
    ),
    (
        "`_meta` for `meta`",
        "tools:\n  - name: t\n    _meta: {a: 1}\n",
        "ignored-meta-key",
        "/tools/0",
        "'_meta' was unexpected",
    ),
    (
        "an object schema under `parameters`",
        "tools:\n  - name: t\n    parameters: {type: object, properties: {q: {type: string}}}\n",
        "legacy-parameters",
        "/tools/0/parameters",
        "should not be valid",
    ),
    (
        "the arguments declared twice",
        "tools:\n  - name: t\n    parameters: {q: string}\n    inputSchema: {type: object}\n",
        "input-schema-spelling",
        "/tools/0",
        "is not valid under any of the given schemas",
    ),
    (
        "an input schema that is not an object",
        "tools:\n  - name: t\n    inputSchema: {type: array}\n",
        "input-object-root",
        "/tools/0/inputSchema",
        "not valid",
    ),
    (
        "a misspelt audience",
        "tools:\n  - name: t\n    governance: {audiences: [mpc]}\n",
        "governance-field",
        "/tools/0/governance",
        "mpc",
    ),
    (
        "a misspelt policy kind",
        "tools:\n  - name: t\n    execution_policy: {kind: reed, side_effect_level: read_only}\n",
        "execution-policy",
        "/tools/0/execution_policy",
        "reed",
    ),
    ("an unknown executor", "tools:\n  - name: t\n    executor: remote\n", "executor", "/tools/0/executor", "remote"),
    (
        "a misspelt argument key of the command line",
        "tools:\n  - name: t\n    parameters: {v: bool}\n    cli: {arguments: {v: {shrot: v}}}\n",
        "cli-field",
        "/tools/0/cli",
        "shrot",
    ),
    ("a tools list that is not a list", "tools: {name: t}\n", "registry-shape", "/tools", "not of type 'array'"),
];

#[test]
fn typical_mistakes_are_refused_by_the_reader_and_the_schema_at_the_same_place() {
    for &(what, yaml, rule, at, saying) in MISTAKES {
        let outcome = common::compile_text("registry.yaml", yaml);
        assert!(outcome.codes().contains(&rule), "{what}: the reader should report {rule}, got:\n{}", outcome.human());
        let answer = common::declaration_check(&declaration_document_of(yaml).to_string())
            .expect_err(&format!("{what}: the schema accepts it"));
        // `invalid: <schema file>: <place>: <message>; <place>: <message>; …`
        let reasons = answer.split_once(".schema.json: ").map_or("", |(_, reasons)| reasons);
        let located = reasons.split("; ").any(|reason| {
            reason.split_once(": ").is_some_and(|(place, message)| place == at && message.contains(saying))
        });
        assert!(located, "{what}: expected an error at {at} saying {saying:?}, got {answer}");
    }
}

/// The document of declaration text written in YAML.
fn declaration_document_of(yaml: &str) -> Value {
    let source = SourceFile::new("registry.yaml", yaml.to_owned(), Format::Yaml);
    match ingest::parse(source, Default::default(), &Confinement::default()).ok().map(|l| l.content) {
        Some(Content::Document(document)) => document.value,
        _ => panic!("not a declaration: {yaml}"),
    }
}

/// `$schema`, which an editor reads to find the schema of a JSON file, is part of the
/// format: the reader ignores it and the schema accepts it.
#[test]
fn a_schema_pointer_is_accepted_by_both() {
    let declaration = serde_json::json!({"$schema": "./registry-declaration.schema.json", "tools": [{"name": "ping"}]});
    common::compile_json(&declaration).assert_clean();
    assert_eq!(common::declaration_check(&declaration.to_string()), Ok(()));
}

/// `harn-catalog.toml`'s schema accepts the configurations `gen` and `check` read and
/// refuses the keys they refuse.
#[test]
fn the_configuration_schema_agrees_with_the_configuration_reader() {
    let dir = tempfile::tempdir().unwrap();
    let config_path = dir.path().join("harn-catalog.toml");
    let this_repository = std::fs::read_to_string(common::root().join("harn-catalog.toml")).unwrap();
    let every_table = "[[catalog]]\ninput = \"a.yaml\"\noutput = \"a.json\"\npretty = true\nsurface = \"exports\"\n\
                       [[catalog]]\nserver = [\"python\", \"server.py\"]\noutput = \"s.json\"\ntimeout = 10\n\
                       [[sdk]]\ninput = \"a.yaml\"\noutput = \"sdk\"\nlanguage = \"python\"\nname = \"widgets\"\n\
                       [mcp]\nprotocol_version = \"2026-07-28\"\nttl_ms = 60000\ncache_scope = \"public\"\n\
                       [lint]\nprofiles = [\"all\"]\nclosed_objects = false\n\
                       [[budget]]\nname = \"chat\"\ninput = \"a.yaml\"\ntokens = 2000\n\
                       [[accept]]\nfingerprint = \"3f9c0a1e5b7d2c44\"\nreason = \"known\"\n";
    for text in [this_repository.as_str(), every_table] {
        std::fs::write(&config_path, text).unwrap();
        harn_catalog::config::load(&config_path).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let value: Value = toml::from_str(text).unwrap();
        assert_eq!(common::config_check(&value.to_string()), Ok(()), "{text}");
    }
    for (mistake, text, saying) in [
        ("a misspelt key", "[[catalog]]\ninput = \"a.yaml\"\noutput = \"a.json\"\nprety = true\n", "'prety'"),
        ("an unknown language", "[[sdk]]\ninput = \"a.yaml\"\noutput = \"sdk\"\nlanguage = \"go\"\n", "'go'"),
        ("a target without its output", "[[catalog]]\ninput = \"a.yaml\"\n", "'output' is a required property"),
        ("an unknown protocol version", "[mcp]\nprotocol_version = \"2024-01-01\"\n", "2024-01-01"),
    ] {
        std::fs::write(&config_path, text).unwrap();
        assert!(harn_catalog::config::load(&config_path).is_err(), "{mistake}: the reader accepts it");
        let value: Value = toml::from_str(text).unwrap();
        let reasons = common::config_check(&value.to_string()).expect_err(mistake);
        assert!(reasons.contains(saying), "{mistake}: {reasons}");
    }
}
