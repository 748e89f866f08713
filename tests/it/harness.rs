//! Harness directories as input (issue 13): the tools of `.harness/tools/` and
//! `plugins/<pack>/tools/` read from their committed sidecars or the quoted heredocs of
//! their `--schema` branches, never run; the refusals located in the tool's file with
//! the sidecar to commit; nested scopes with the most local definition winning.

use std::path::Path;

use crate::common::{self, git, harn_catalog};
use serde_json::{Value, json};

const WIDGETS: &str = "fixtures/harness/widgets";

/// The compact catalog `harn-catalog schema <args>` prints, which must succeed
/// without a diagnostic.
fn schema(args: &[&str]) -> (String, Value) {
    let output = harn_catalog().arg("schema").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stderr.is_empty(), "schema {args:?}: {stderr}");
    let text = String::from_utf8(output.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap();
    (text, value)
}

/// Each tool's name, namespace and input schema, in catalog order.
fn tools(catalog: &Value) -> Vec<(String, Value, Value)> {
    catalog["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_owned(), t["namespace"].clone(), t["inputSchema"].clone()))
        .collect()
}

#[test]
fn every_kind_of_schema_source_makes_one_catalog_named_after_the_folder() {
    let (text, catalog) = schema(&[WIDGETS]);
    common::reference_check(&text).unwrap();
    assert_eq!(catalog["info"], json!({"name": "widgets"}));
    let found = tools(&catalog);
    let names: Vec<&str> = found.iter().map(|(name, ..)| name.as_str()).collect();
    // By path: the plugin pack's tools, then tools/ by name.
    assert_eq!(names, ["resize", "count_widgets", "lookup_widget", "render"]);
    // A plugin's tool is in its pack's namespace; the others in none.
    let namespaces: Vec<&Value> = found.iter().map(|(_, namespace, _)| namespace).collect();
    assert_eq!(namespaces, [&json!("media"), &Value::Null, &Value::Null, &Value::Null]);
    let schema_of = |name: &str| found.iter().find(|(n, ..)| n == name).unwrap().2.clone();
    // Bash, quoted heredoc: the body as written, though the script's other output
    // holds `$PRICE`.
    assert_eq!(
        schema_of("lookup_widget"),
        json!({
            "type": "object",
            "properties": {"id": {"type": "string", "description": "The widget's id.", "pattern": "^w-[0-9]+$"}},
            "required": ["id"],
            "additionalProperties": false
        })
    );
    // Python with a sidecar; a binary with a sidecar; `<<-'JSON'` in a plugin pack.
    assert_eq!(schema_of("count_widgets")["properties"]["colour"]["enum"], json!(["red", "green", "blue"]));
    assert_eq!(schema_of("render")["properties"]["width"], json!({"type": "integer", "minimum": 1}));
    assert_eq!(schema_of("resize")["required"], json!(["width"]));
    let descriptions: Vec<&str> =
        catalog["tools"].as_array().unwrap().iter().map(|t| t["description"].as_str().unwrap()).collect();
    assert_eq!(descriptions[2], "Look up one widget by its id.");
    // The `.harness` folder itself is the same input.
    assert_eq!(schema(&["fixtures/harness/widgets/.harness"]).0, text);
}

#[test]
fn mcp_and_index_read_a_harness_directory() {
    let output = harn_catalog().args(["mcp", WIDGETS]).assert().success().get_output().stdout.clone();
    let list: Value = serde_json::from_slice(&output).unwrap();
    let names: Vec<&str> = list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["resize", "count_widgets", "lookup_widget", "render"]);

    let output = harn_catalog().args(["index", WIDGETS]).assert().success().get_output().stdout.clone();
    let index: Value = serde_json::from_slice(&output).unwrap();
    let capabilities = index["capabilities"].as_array().unwrap();
    let ids: Vec<&str> = capabilities.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["tool:media/resize", "tool:count_widgets", "tool:lookup_widget", "tool:render"]);
    assert!(capabilities.iter().all(|c| c["provider"] == "widgets"));
    // The generation is the hash of the catalog `schema` prints, as for any input.
    let (text, _) = schema(&[WIDGETS]);
    assert_eq!(index["generation"], harn_catalog::index::hash::sha256(text.as_bytes()));
}

/// The diagnostics of `harn-catalog schema <path> --format json`, which must be
/// refused (exit 1).
fn refused(path: &str) -> Vec<Value> {
    let output = harn_catalog().args(["schema", path, "--format", "json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stdout.is_empty());
    String::from_utf8(output.stderr).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn each_refusal_is_located_in_the_tool_and_says_which_sidecar_to_commit() {
    let tools = "fixtures/harness/refusals/.harness/tools";
    let found = refused("fixtures/harness/refusals");
    let located: Vec<(&str, &str, u64, u64)> = found
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap().strip_prefix(tools).unwrap();
            (d["code"].as_str().unwrap(), file, d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(
        located,
        [
            ("harness-binary-tool", "/compiled", 1, 1),
            // `"--schema"` in the Python test: the branch, which computes the schema.
            ("harness-computed-schema", "/computed", 3, 22),
            // The name's value in the sidecar.
            ("harness-tool-name", "/misnamed.schema.json", 1, 10),
            ("harness-schema-missing", "/silent", 1, 1),
            // The heredoc operator `<<EOF`.
            ("harness-unquoted-heredoc", "/unquoted", 3, 7),
        ]
    );
    for d in &found {
        let help = d["help"].as_str().unwrap();
        if d["code"] == "harness-tool-name" {
            assert_eq!(help, "rename the executable to \"mis_named\", or set \"name\": \"misnamed\"");
        } else {
            let tool = format!("{tools}{}", d["file"].as_str().unwrap().strip_prefix(tools).unwrap());
            assert!(help.contains(&format!("`{tool} --schema > {tool}.schema.json`")), "{help}");
        }
    }
}

/// Writes `files` (path, text, executable) under `dir`.
fn write_tree(dir: &Path, files: &[(&str, &str, bool)]) {
    for (path, text, executable) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        #[cfg(unix)]
        if *executable {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
}

#[test]
fn an_error_inside_a_heredoc_points_at_the_scripts_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let script = "#!/bin/sh\n# The schema:\nif [ \"$1\" = --schema ]; then cat <<'EOF'\n{\"name\": \"t\",\n \"input_schema\": {\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"strin\"}}}}\nEOF\nfi\n";
    write_tree(dir.path(), &[(".harness/tools/t", script, true)]);
    let output = harn_catalog().arg("schema").arg(dir.path()).args(["--format", "json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let d: Value = serde_json::from_slice(output.stderr.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(d["code"], "invalid-schema");
    assert!(d["file"].as_str().unwrap().ends_with(".harness/tools/t"), "{d}");
    // `"strin"` on the script's fifth line.
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(5), Some(66)));
    let human = harn_catalog().arg("schema").arg(dir.path()).output().unwrap();
    let shown = String::from_utf8(human.stderr).unwrap();
    assert!(shown.contains("5 |  \"input_schema\": {\"type\": \"object\""), "{shown}");
}

/// The nested scopes fixture, copied out of the repository so that no `.harness/`
/// above it joins in.
fn nested() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let nested = common::root().join("fixtures/harness/nested");
    let files = [
        (".harness/tools/search", true),
        (".harness/tools/search.schema.json", false),
        (".harness/tools/lookup", true),
        (".harness/tools/lookup.schema.json", false),
        ("app/.harness/tools/search", true),
    ];
    let texts: Vec<(String, bool)> =
        files.iter().map(|(path, x)| (std::fs::read_to_string(nested.join(path)).unwrap(), *x)).collect();
    let tree: Vec<(&str, &str, bool)> =
        files.iter().zip(&texts).map(|((path, _), (text, x))| (*path, text.as_str(), *x)).collect();
    write_tree(dir.path(), &tree);
    dir
}

#[test]
fn the_most_local_scope_wins_with_a_note_at_the_definition_it_overrides() {
    let dir = nested();
    let output = harn_catalog()
        .current_dir(dir.path())
        .args(["schema", "--scopes", "app", "--deny-warnings", "--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let catalog: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(catalog["info"]["name"], "app");
    let described: Vec<(&str, &str)> = catalog["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["description"].as_str().unwrap()))
        .collect();
    assert_eq!(described, [("search", "Search this app only."), ("lookup", "Look a document up.")]);
    let note: Value = serde_json::from_slice(&output.stderr).unwrap();
    assert_eq!(note["code"], "harness-override");
    assert_eq!(note["severity"], "note");
    assert_eq!(note["file"], ".harness/tools/search.schema.json");
    assert_eq!(note["related"][0]["file"], "app/.harness/tools/search");
    assert!(note["message"].as_str().unwrap().contains("app/.harness/tools/search"));

    // Without --scopes, the folder is its own harness alone.
    let alone = harn_catalog().current_dir(dir.path()).args(["schema", "app"]).output().unwrap();
    assert!(alone.status.success() && alone.stderr.is_empty());
    let catalog: Value = serde_json::from_slice(&alone.stdout).unwrap();
    assert_eq!(catalog["tools"].as_array().unwrap().len(), 1);
}

#[test]
fn a_folder_that_is_no_harness_is_a_usage_error_that_says_what_one_is() {
    let dir = tempfile::tempdir().unwrap();
    for args in [vec!["schema"], vec!["schema", "--scopes"]] {
        let output = harn_catalog().args(&args).arg(dir.path()).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let shown = String::from_utf8(output.stderr).unwrap();
        assert!(shown.contains("error[unreadable-input]"), "{shown}");
        assert!(
            shown.contains("help: a directory is read as a harness directory when it is named `.harness`"),
            "{shown}"
        );
    }
}

#[test]
fn diff_against_a_revision_reads_the_harness_as_it_was_and_a_configuration_lists_one() {
    let script = |required: &str| {
        format!(
            "#!/bin/sh\nif [ \"$1\" = --schema ]; then\n  cat <<'EOF'\n{{\"name\": \"fetch\", \"description\": \"Fetch a page.\", \"input_schema\": {{\"type\": \"object\", \"properties\": {{\"url\": {{\"type\": \"string\"}}, \"depth\": {{\"type\": \"integer\"}}}}, \"required\": {required}}}}}\nEOF\nfi\n"
        )
    };
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    git(dir, &["init", "--quiet", "--initial-branch=main"]);
    write_tree(dir, &[(".harness/tools/fetch", &script("[\"url\"]"), true)]);
    let config = "[[catalog]]\ninput = \".harness\"\noutput = \"catalog.json\"\n";
    write_tree(dir, &[("harn-catalog.toml", config, false)]);
    harn_catalog().current_dir(dir).arg("gen").assert().success();
    let catalog: Value = serde_json::from_slice(&std::fs::read(dir.join("catalog.json")).unwrap()).unwrap();
    assert_eq!(catalog["tools"][0]["inputSchema"]["required"], json!(["url"]));
    git(dir, &["add", "."]);
    git(dir, &["commit", "--quiet", "-m", "first"]);
    // Requiring one more input breaks every caller that leaves it out.
    write_tree(dir, &[(".harness/tools/fetch", &script("[\"url\", \"depth\"]"), true)]);
    let output = harn_catalog()
        .current_dir(dir)
        .args(["diff", "--format", "json", "--against", "HEAD", ".harness"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    let changes: Vec<Value> = output
        .stdout
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert!(changes.iter().any(|c| c["level"] == "breaking" && c["tool"] == "fetch"), "{changes:?}");
    // And `check` sees the committed catalog is stale.
    harn_catalog().current_dir(dir).arg("check").assert().code(1);
}

/// `index --scopes` lists every scope's tools, then every scope's skills, the most
/// local definition of each winning.
#[test]
fn index_of_scopes_holds_their_tools_then_their_skills() {
    let dir = nested();
    let skill = |description: &str| format!("---\nname: triage\ndescription: {description}\n---\nSteps.\n");
    let (outer, inner) = (skill("Triage for the whole repository."), skill("Triage for this app."));
    write_tree(
        dir.path(),
        &[
            (".harness/skills/triage/SKILL.md", outer.as_str(), false),
            ("app/.harness/skills/triage/SKILL.md", inner.as_str(), false),
            (".harness/skills/release/SKILL.md", "---\nname: release\ndescription: Cuts a release.\n---\n", false),
        ],
    );
    let output = harn_catalog().current_dir(dir.path()).args(["index", "--scopes", "app"]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let index: Value = serde_json::from_slice(&output.stdout).unwrap();
    let capabilities = index["capabilities"].as_array().unwrap();
    let listed: Vec<(&str, &str)> =
        capabilities.iter().map(|c| (c["id"].as_str().unwrap(), c["description"].as_str().unwrap())).collect();
    assert_eq!(
        listed,
        [
            ("tool:search", "Search this app only."),
            ("tool:lookup", "Look a document up."),
            ("skill:release", "Cuts a release."),
            ("skill:triage", "Triage for this app."),
        ]
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("harness-override") && stderr.contains("skill-shadowed"), "{stderr}");
    // Without --scopes, the app's own harness alone: its tool and its skill.
    let alone = harn_catalog().current_dir(dir.path()).args(["index", "app"]).output().unwrap();
    let index: Value = serde_json::from_slice(&alone.stdout).unwrap();
    let ids: Vec<&str> = index["capabilities"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["tool:search", "skill:triage"]);
}
