//! The discovery index, contract hashes and search as a runtime and a registry author
//! rely on them: hashes stable across runs and input formats, moved by a contract
//! change and not by a description, recomputed by an independent JCS (Python); search
//! ordering and pagination; context costs.

use std::path::Path;

use crate::common::{self, harn_catalog, write};
use harn_catalog::compile::{self, Options};
use harn_catalog::index::{self, Built, search};
use serde_json::{Value, json};

/// The index of the input at `path`, which must be accepted.
pub fn built(path: &Path) -> Built {
    let compilation = compile::compile_file(path, Options::default());
    let Some((catalog, provenance, prepared)) = compilation.prepared() else {
        panic!("{} was refused: {:?}", path.display(), compilation.diagnostics.into_vec());
    };
    let mut out = Vec::new();
    index::build(catalog, provenance, &prepared.cli_name, &mut out).expect("the catalog is indexed")
}

fn built_text(name: &str, text: &str) -> Built {
    let dir = tempfile::tempdir().unwrap();
    built(&write(dir.path(), name, text))
}

fn hashes(built: &Built) -> Vec<(String, String)> {
    built.index.capabilities.iter().map(|c| (c.id.clone(), c.contract_hash.clone())).collect()
}

fn widgets(ext: &str) -> std::path::PathBuf {
    common::root().join(format!("fixtures/widgets/registry.{ext}"))
}

#[test]
fn hashes_and_generation_are_the_same_across_runs_and_input_formats() {
    let json = built(&widgets("json"));
    assert_eq!(json.index.capabilities.len(), 2);
    for ext in ["json", "yaml", "toml"] {
        let other = built(&widgets(ext));
        assert_eq!(hashes(&other), hashes(&json), "{ext}");
        assert_eq!(other.index.generation, json.index.generation, "{ext}");
    }
    let ids: Vec<_> = json.index.capabilities.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["tool:widgets/lookup_widget", "tool:widgets/count_widgets"]);
    assert!(
        json.index.capabilities.iter().all(|c| c.contract_hash.len() == 71 && c.contract_hash.starts_with("sha256:"))
    );
    assert_ne!(json.index.capabilities[0].contract_hash, json.index.capabilities[1].contract_hash);
}

#[test]
fn the_generation_is_the_sha256_of_what_schema_prints() {
    let printed = harn_catalog().args(["schema", "fixtures/widgets/registry.yaml"]).output().unwrap();
    assert!(printed.status.success());
    let expected = index::hash::sha256(&printed.stdout);
    assert_eq!(built(&widgets("yaml")).index.generation, expected);
}

const TOOL: &str = r#"{"tools": [{"name": "fetch", "description": "Fetch a page.", "parameters": {
  "url": {"type": "string", "description": "The page's address.", "required": true}},
  "annotations": {"title": "Fetch", "readOnlyHint": true}}]}"#;

fn one_hash(text: &str) -> String {
    built_text("r.json", text).index.capabilities[0].contract_hash.clone()
}

#[test]
fn a_contract_change_moves_the_hash_and_descriptions_and_titles_do_not() {
    let base = one_hash(TOOL);
    let described = TOOL.replace("Fetch a page.", "Fetch one web page.").replace("The page's address.", "Where.");
    assert_eq!(one_hash(&described), base, "descriptions are not hashed");
    assert_eq!(one_hash(&TOOL.replace("\"title\": \"Fetch\"", "\"title\": \"Get\"")), base, "titles are not hashed");
    assert_ne!(one_hash(&TOOL.replace("\"type\": \"string\"", "\"type\": \"integer\"")), base, "a type");
    assert_ne!(one_hash(&TOOL.replace("\"required\": true", "\"required\": false")), base, "required");
    assert_ne!(one_hash(&TOOL.replace("\"readOnlyHint\": true", "\"readOnlyHint\": false")), base, "a hint");
    assert_ne!(one_hash(&TOOL.replace("\"name\": \"fetch\"", "\"name\": \"get\"")), base, "the name");
}

/// Every tool of the input at `path` hashed by us and, from the `tools/list` we
/// print, by Python's independent JCS (rfc8785): the two agree; how many tools.
fn python_agrees_on_every_hash(path: &Path) -> usize {
    let listed = harn_catalog().args(["mcp"]).arg(path).output().unwrap();
    assert!(listed.status.success());
    let tools: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let input = json!({"tools": tools["tools"], "executions": {}}).to_string();
    let theirs: Value = serde_json::from_slice(&common::run_python("contract_hash.py", input)).unwrap();
    let ours = built(path);
    assert_eq!(theirs.as_object().unwrap().len(), ours.index.capabilities.len());
    for capability in &ours.index.capabilities {
        assert_eq!(theirs[&capability.name], capability.contract_hash, "{}", capability.id);
    }
    ours.index.capabilities.len()
}

/// The 117 real schemas of the GitHub MCP server (our JCS is written directly where
/// every number is an exact integer).
#[test]
fn python_recomputes_the_hash_of_every_github_tool() {
    let Some((_, registry)) = common::github_registry("index: contract hashes of the GitHub tools") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "github.json", registry.to_string());
    assert_eq!(python_agrees_on_every_hash(&path), 117);
}

#[test]
fn an_independent_jcs_in_python_recomputes_every_hash() {
    for path in [widgets("yaml"), common::root().join("fixtures/index/fs.yaml")] {
        assert!(python_agrees_on_every_hash(&path) > 0);
    }
}

#[test]
fn index_writes_the_documented_shape() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("index.json");
    harn_catalog().args(["index", "fixtures/widgets/registry.toml", "-o"]).arg(&out).assert().success();
    let index: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(index["generation"].as_str().unwrap().starts_with("sha256:"));
    let first = &index["capabilities"][0];
    for key in ["id", "kind", "name", "title", "description", "tags", "provider", "modelDiscoverable", "contractHash"] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }
    assert_eq!(first["kind"], "tool");
    assert_eq!(first["provider"], "widgets");
    assert_eq!(first["tags"], json!(["widgets"]));
    assert_eq!(first["modelDiscoverable"], true);
}

#[test]
fn tags_come_from_meta_then_cli_groups_and_audiences_decide_discovery() {
    let built = built_text(
        "r.json",
        r#"{"tools": [
          {"name": "a", "namespace": "net", "meta": {"tags": ["web", "net", 3]}, "governance": {"audiences": ["catalog", "cli"]}},
          {"name": "b", "governance": {"audiences": ["catalog", "agent"]}}]}"#,
    );
    let [a, b] = &built.index.capabilities[..] else { panic!() };
    assert_eq!((a.id.as_str(), b.id.as_str()), ("tool:net/a", "tool:b"));
    assert_eq!(a.tags, ["web", "net"]);
    assert!(b.tags.is_empty());
    assert!(!a.model_discoverable);
    assert!(b.model_discoverable);
}

/// Search is model discovery: a tool of no `mcp` or `agent` audience is no result,
/// though its name is the query, whether the registry or its index file is searched.
#[test]
fn search_leaves_out_the_tools_a_model_may_not_discover() {
    let dir = tempfile::tempdir().unwrap();
    let registry = |audiences: &str| {
        format!(
            r#"{{"info": {{"name": "ops"}}, "tools": [
              {{"name": "purge_cache", "description": "Purges the cache.", "governance": {{"audiences": [{audiences}]}}}},
              {{"name": "warm_cache", "description": "Warms the cache."}}]}}"#
        )
    };
    for (audiences, found) in
        [(r#""catalog", "cli""#, false), (r#""catalog", "agent""#, true), (r#""catalog", "mcp""#, true)]
    {
        let path = write(dir.path(), "ops.json", registry(audiences));
        let index = dir.path().join("index.json");
        harn_catalog().arg("index").arg(&path).arg("-o").arg(&index).assert().success();
        for file in [&path, &index] {
            let out =
                harn_catalog().arg("search").arg(file).args(["purge cache", "--format", "json"]).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            let page: Value = serde_json::from_slice(&out.stdout).unwrap();
            let ids: Vec<&str> =
                page["results"].as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap()).collect();
            let expected: &[&str] = if found { &["tool:purge_cache", "tool:warm_cache"] } else { &["tool:warm_cache"] };
            assert_eq!(ids, expected, "{audiences} in {}", file.display());
        }
    }
}

fn fs() -> Built {
    built(&common::root().join("fixtures/index/fs.yaml"))
}

fn ids(page: &search::Page<'_>) -> Vec<String> {
    page.results.iter().map(|h| h.id.to_string()).collect()
}

#[test]
fn an_exact_name_comes_first_even_against_a_name_that_contains_it() {
    let fs = fs();
    let page = search::search(&fs.index, "cat", 20, None).unwrap();
    assert_eq!(ids(&page)[0], "tool:fs/cat");
    assert!(ids(&page).contains(&"tool:text/concatenate".to_owned()), "found through its description");
    let page = search::search(&fs.index, "CONCATENATE", 20, None).unwrap();
    assert_eq!(ids(&page)[0], "tool:text/concatenate");
}

#[test]
fn read_files_finds_the_fs_tools_through_their_descriptions() {
    let fs = fs();
    let page = search::search(&fs.index, "read files", 20, None).unwrap();
    assert_eq!(ids(&page), ["tool:fs/cat", "tool:fs/head"]);
    assert!(page.next_cursor.is_none());
    // A near miss: nothing says "write".
    assert!(search::search(&fs.index, "write", 20, None).unwrap().results.is_empty());
}

#[test]
fn equal_scores_are_ordered_by_canonical_id() {
    let fs = fs();
    let page = search::search(&fs.index, "tail", 20, None).unwrap();
    assert_eq!(ids(&page), ["tool:logs/tail_z", "tool:text/tail_a"]);
    assert_eq!(page.results[0].score, page.results[1].score);
}

#[test]
fn pages_never_repeat_or_skip_a_result() {
    let fs = fs();
    for query in ["lines", "fs text logs", "the", "s"] {
        let whole = ids(&search::search(&fs.index, query, 100, None).unwrap());
        for limit in 1..=3 {
            let mut walked = Vec::new();
            let mut cursor = None;
            loop {
                let page = search::search(&fs.index, query, limit, cursor.as_deref()).unwrap();
                assert!(page.results.len() <= limit);
                walked.extend(ids(&page));
                match page.next_cursor {
                    Some(next) => cursor = Some(next),
                    None => break,
                }
            }
            assert_eq!(walked, whole, "{query:?} by {limit}");
        }
    }
    let page = search::search(&fs.index, "lines", 1, None).unwrap();
    let cursor = page.next_cursor.unwrap();
    assert_eq!(search::search(&fs.index, "other query", 1, Some(&cursor)).unwrap_err(), search::BadCursor);
    assert_eq!(search::search(&fs.index, "lines", 1, Some("zz")).unwrap_err(), search::BadCursor);
}

#[test]
fn search_prints_the_json_page_and_refuses_a_limit_over_100() {
    let out = harn_catalog()
        .args(["search", "fixtures/index/fs.yaml", "lines", "--limit", "1", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let page: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(page["analyzer"], "lexical-v1");
    assert_eq!(page["results"].as_array().unwrap().len(), 1);
    let cursor = page["nextCursor"].as_str().unwrap().to_owned();
    let out = harn_catalog()
        .args(["search", "fixtures/index/fs.yaml", "lines", "--limit", "100", "--format", "json", "--cursor", &cursor])
        .output()
        .unwrap();
    let page: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(page["nextCursor"], Value::Null);
    assert!(!page["results"].as_array().unwrap().is_empty());
    harn_catalog().args(["search", "fixtures/index/fs.yaml", "lines", "--limit", "101"]).assert().code(2);
    harn_catalog().args(["search", "fixtures/index/fs.yaml", "lines", "--cursor", "1.00"]).assert().code(2);
}

#[test]
fn inspect_prints_the_hashed_contract_and_refuses_an_unknown_id() {
    let out = harn_catalog()
        .args(["inspect", "fixtures/widgets/registry.json", "tool:widgets/count_widgets"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    let hashed = &shown["hashed"];
    let recomputed = index::hash::sha256(&index::hash::jcs(hashed));
    assert_eq!(shown["contractHash"], recomputed);
    assert_eq!(shown["definition"]["name"], "count_widgets");
    assert!(hashed.get("description").is_none());
    harn_catalog().args(["inspect", "fixtures/widgets/registry.json", "tool:nope"]).assert().code(2);
}

#[test]
fn stats_sorts_tools_by_cost_and_totals_them() {
    let out = harn_catalog().args(["stats", "fixtures/index/fs.yaml", "--format", "json"]).output().unwrap();
    assert!(out.status.success());
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    let tools = stats["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 6);
    let bytes: Vec<u64> = tools.iter().map(|t| t["bytes"].as_u64().unwrap()).collect();
    assert!(bytes.windows(2).all(|w| w[0] >= w[1]), "{bytes:?}");
    assert_eq!(stats["total"]["bytes"].as_u64().unwrap(), bytes.iter().sum::<u64>());
    // The cost is the size of the MCP definition `mcp` prints, tokens one per started 4 bytes.
    let listed = harn_catalog().args(["mcp", "fixtures/index/fs.yaml"]).output().unwrap();
    let list: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let cat = list["tools"].as_array().unwrap().iter().find(|t| t["name"] == "cat").unwrap();
    let size = serde_json::to_string(cat).unwrap().len() as u64;
    let row = tools.iter().find(|t| t["id"] == "tool:fs/cat").unwrap();
    assert_eq!(row["bytes"].as_u64().unwrap(), size);
    assert_eq!(row["tokens"].as_u64().unwrap(), size.div_ceil(4));
}

#[test]
fn check_runs_the_closed_objects_lint_unless_the_configuration_turns_it_off() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "tools.json",
        r#"{"tools": [{"name": "fs_read", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}}}]}"#,
    );
    let config = |extra: &str| format!("[[catalog]]\ninput = \"tools.json\"\noutput = \"out.json\"\n{extra}");
    write(dir.path(), "harn-catalog.toml", config(""));
    harn_catalog().current_dir(dir.path()).arg("gen").assert().success();
    let on = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
    assert!(on.status.success(), "a warning does not fail check");
    assert!(String::from_utf8_lossy(&on.stderr).contains("warning[open-input-object]"));
    write(dir.path(), "harn-catalog.toml", config("[lint]\nclosed_objects = false\n"));
    let off = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
    assert!(off.status.success());
    assert!(
        !String::from_utf8_lossy(&off.stderr).contains("open-input-object"),
        "{}",
        String::from_utf8_lossy(&off.stderr)
    );
}

#[test]
fn check_lints_each_input_on_the_surface_its_target_compiles() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.harn", crate::diff::TWO_SURFACES);
    let config = |surface: &str| {
        format!("[[catalog]]\ninput = \"tools.harn\"\noutput = \"out.json\"\nsurface = \"{surface}\"\n")
    };
    for (surface, linted, not_linted) in [("script", "read_file", "echo_back"), ("exports", "echo_back", "read_file")] {
        write(dir.path(), "harn-catalog.toml", config(surface));
        harn_catalog().current_dir(dir.path()).arg("gen").assert().success();
        let output = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        // The closed-objects lint (on by default) names the tools of the registry `gen` wrote.
        assert!(stderr.contains(&format!("warning[open-input-object]: tool \"{linted}\"")), "{surface}: {stderr}");
        assert!(!stderr.contains(&format!("\"{not_linted}\"")), "{surface}: {stderr}");
    }
}

#[test]
fn check_fails_a_budget_the_preloaded_tools_overrun_naming_the_largest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(common::root().join("fixtures/index/fs.yaml"), dir.path().join("fs.yaml")).unwrap();
    let costs = built(&dir.path().join("fs.yaml"));
    let cost = |id: &str| costs.index.capabilities.iter().find(|c| c.id == id).unwrap().cost;
    let (cat, head) = (cost("tool:fs/cat"), cost("tool:fs/head"));
    let config = |budget: &str| {
        let text = format!(
            "[[catalog]]\ninput = \"fs.yaml\"\noutput = \"out.json\"\n[lint]\nclosed_objects = false\n[[budget]]\nname = \"chat\"\ninput = \"fs.yaml\"\n{budget}"
        );
        write(dir.path(), "harn-catalog.toml", text);
    };
    config("");
    harn_catalog().current_dir(dir.path()).arg("gen").assert().success();
    // Exactly the two preloaded tools' tokens fit; one token less does not.
    let fits = cat.tokens + head.tokens;
    config(&format!("preload = [\"tool:fs/cat\", \"head\"]\ntokens = {fits}\n"));
    harn_catalog().current_dir(dir.path()).arg("check").assert().success();
    config(&format!("preload = [\"tool:fs/cat\", \"head\"]\ntokens = {}\n", fits - 1));
    let over = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
    assert_eq!(over.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&over.stderr);
    let (first, second) =
        if cat.bytes >= head.bytes { ("tool:fs/cat", "tool:fs/head") } else { ("tool:fs/head", "tool:fs/cat") };
    let named = stderr.find(first).zip(stderr.find(second));
    assert!(named.is_some_and(|(a, b)| a < b), "the largest first: {stderr}");
    assert!(stderr.contains("budget \"chat\""), "{stderr}");
    // Bytes too; and without preload, every discoverable tool not deferred is counted.
    let all: usize = costs.index.capabilities.iter().map(|c| c.cost.bytes).sum();
    config(&format!("bytes = {all}\n"));
    harn_catalog().current_dir(dir.path()).arg("check").assert().success();
    config(&format!("bytes = {}\n", all - 1));
    harn_catalog().current_dir(dir.path()).arg("check").assert().code(1);
    config("preload = [\"fs/nope\"]\ntokens = 10\n");
    harn_catalog()
        .current_dir(dir.path())
        .arg("check")
        .assert()
        .code(1)
        .stderr(predicates::str::contains("\"fs/nope\""));
}

/// A runtime searches the index file it was handed: the snapshot read from that file,
/// compact or pretty, must give the very pages the compiled registry gives, escapes
/// and all.
#[test]
fn searching_an_index_file_gives_the_pages_of_its_registry() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index.json");
    let compact = dir.path().join("compact.json");
    harn_catalog().args(["index", "fixtures/index/fs.yaml", "--pretty", "-o"]).arg(&index).assert().success();
    harn_catalog().args(["index", "fixtures/index/fs.yaml", "-o"]).arg(&compact).assert().success();
    let page = |file: &std::path::Path, query: &str, cursor: Option<&str>| {
        let mut command = harn_catalog();
        command.arg("search").arg(file).args([query, "--limit", "2", "--format", "json"]);
        if let Some(cursor) = cursor {
            command.args(["--cursor", cursor]);
        }
        let out = command.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let registry = common::root().join("fixtures/index/fs.yaml");
    for query in ["read files", "lines", "fs text logs", "\"Folder\" tail", "RÉPERTOIRE"] {
        let first = page(&registry, query, None);
        for file in [&index, &compact] {
            assert_eq!(page(file, query, None), first, "{query}");
            if let Some(cursor) = first["nextCursor"].as_str() {
                assert_eq!(page(file, query, Some(cursor)), page(&registry, query, Some(cursor)), "{query}");
            }
        }
    }
    // The accented word is found (Unicode case folding), through the escaped text.
    assert_eq!(page(&index, "RÉPERTOIRE", None)["results"][0]["id"], "tool:fs/ls");
    assert_eq!(
        page(&index, "\"Folder\"", None)["results"][0]["description"],
        "Lists the entries of a \"folder\" (a répertoire, a Verzeichnis)."
    );
    // A file that starts as an index but is not one is refused, not compiled.
    std::fs::write(&index, r#"{"generation": "sha256:00", "capabilities": [{"id": 3}]}"#).unwrap();
    let out = harn_catalog().arg("search").arg(&index).arg("x").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("starts as a discovery index but is not one"));
}

/// `check` of a stale catalog names the tools whose contract hash the regeneration
/// moves, and only those: a reworded description moves none.
#[test]
fn check_names_the_tools_a_stale_catalog_moves() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = std::fs::read_to_string(common::root().join("fixtures/index/fs.yaml")).unwrap();
    write(dir.path(), "fs.yaml", &fixture);
    write(
        dir.path(),
        "harn-catalog.toml",
        "[[catalog]]\ninput = \"fs.yaml\"\noutput = \"out.json\"\n[lint]\nclosed_objects = false\n",
    );
    harn_catalog().current_dir(dir.path()).arg("gen").assert().success();
    let before = built(&dir.path().join("fs.yaml"));
    let hash =
        |built: &Built, id: &str| built.index.capabilities.iter().find(|c| c.id == id).unwrap().contract_hash.clone();
    // Reworded: stale, but no contract moved.
    write(dir.path(), "fs.yaml", fixture.replace("Reads files and prints their text.", "Prints files."));
    let reworded = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
    assert_eq!(reworded.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&reworded.stderr);
    assert!(stderr.contains("stale:") && !stderr.contains("contract hash"), "{stderr}");
    // A new property of head's input moves head's hash, and no other.
    let changed = fixture.replace(
        "      lines:\n        type: integer\n\n  - name: ls",
        "      lines:\n        type: integer\n      bytes:\n        type: integer\n\n  - name: ls",
    );
    assert_ne!(changed, fixture);
    write(dir.path(), "fs.yaml", changed.as_str());
    let after = built(&dir.path().join("fs.yaml"));
    let moved = harn_catalog().current_dir(dir.path()).arg("check").output().unwrap();
    assert_eq!(moved.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&moved.stderr);
    let notes: Vec<&str> = stderr.lines().filter(|l| l.contains("contract hash")).collect();
    let expected = format!(
        "out.json: the contract hash of tool:fs/head changes from {} to {}",
        hash(&before, "tool:fs/head"),
        hash(&after, "tool:fs/head")
    );
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(notes[0].starts_with("note: ") && notes[0].contains(&expected), "{stderr}");
}

/// Every tool the catalog holds is hashed in its MCP form, whatever its audiences: one
/// outside the MCP audience that cannot take that form (a schema referring outside
/// the catalog, beside components) stops `index` with the reason located, where
/// `schema` only warns, and no index is written; its near miss, the same tool
/// referring to a component, is indexed.
#[test]
fn index_refuses_a_tool_it_cannot_hash_in_its_mcp_form_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let registry = |reference: &str| {
        format!(
            r#"{{"info": {{"name": "t"}}, "components": {{"schemas": {{"Id": {{"type": "string"}}}}}},
"tools": [{{"name": "listed_only", "governance": {{"audiences": ["catalog"]}},
  "inputSchema": {{"type": "object", "properties": {{"id": {{"$ref": "{reference}"}}}}}}}}]}}"#
        )
    };
    let outside = write(dir.path(), "outside.json", registry("id.json"));
    let schema = harn_catalog().arg("schema").arg(&outside).output().unwrap();
    assert!(schema.status.success(), "{}", String::from_utf8_lossy(&schema.stderr));
    let index = dir.path().join("index.json");
    let refused = harn_catalog().arg("index").arg(&outside).arg("-o").arg(&index).output().unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[mcp-external-ref]: tool \"listed_only\"") && stderr.contains("outside.json:3:"),
        "{stderr}"
    );
    assert!(!index.exists(), "nothing is written on refusal");

    let inside = write(dir.path(), "inside.json", registry("#/components/schemas/Id"));
    let indexed = harn_catalog().arg("index").arg(&inside).arg("-o").arg(&index).output().unwrap();
    assert!(indexed.status.success(), "{}", String::from_utf8_lossy(&indexed.stderr));
    let written: Value = serde_json::from_slice(&std::fs::read(&index).unwrap()).unwrap();
    assert_eq!(written["capabilities"].as_array().map(Vec::len), Some(1));
}
