//! `harn-catalog diff` as users and CI drive it: exit codes, `--against` a git
//! revision, accepted changes, and each output format read by what consumes it.

use std::path::PathBuf;

use crate::common::{self, git, harn_catalog, write};
use harn_catalog::commands;
use harn_catalog::compile;
use harn_catalog::diff::{self, Change, DiffFormat, Level, Report};
use harn_catalog::ingest::harn::Surface;
use predicates::prelude::*;
use serde_json::Value;

/// A registry of two tools, as a reviewer's pull request finds it.
const BEFORE: &str = r#"{
  "info": {"name": "widgets", "version": "1.0.0"},
  "tools": [
    {"name": "widgets.get", "description": "Fetch one widget.", "parameters": {"id": {"type": "string"}}},
    {"name": "widgets.delete", "description": "Delete one widget.", "parameters": {"id": {"type": "string"}}}
  ]
}
"#;

/// The same registry with `widgets.delete` gone and `widgets.get` described anew.
const AFTER: &str = r#"{
  "info": {"name": "widgets", "version": "2.0.0"},
  "tools": [
    {"name": "widgets.get", "description": "Fetch one widget by its id.", "parameters": {"id": {"type": "string"}}}
  ]
}
"#;

fn json_lines(output: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(output).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect()
}

#[test]
fn a_breaking_change_exits_1_and_a_harmless_one_0() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let after = write(dir.path(), "after.json", AFTER);
    harn_catalog()
        .args(["diff", "--color", "never"])
        .args([&before, &after])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("breaking[tool-removed]: metadata: tool `widgets.delete` was removed"))
        .stdout(predicate::str::contains("info[description-changed]"))
        .stdout(predicate::str::contains("info[metadata-changed]: metadata: `info.version` changed"))
        .stdout(predicate::str::contains("3 changes (1 breaking, 2 info)"));
    // The reverse adds a tool and rewrites a description: nothing breaks.
    harn_catalog().args(["diff"]).args([&after, &before]).assert().code(0);
    harn_catalog().args(["diff"]).args([&before, &before]).assert().code(0).stdout("no changes\n");
}

#[test]
fn a_side_that_does_not_compile_is_a_usage_error_showing_its_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let broken = write(dir.path(), "broken.json", r#"{"tools": [{"name": "a", "inputSchema": {"type": "objekt"}}]}"#);
    harn_catalog()
        .args(["diff", "--color", "never"])
        .args([&before, &broken])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("broken.json:1:").and(predicate::str::contains("nothing was compared")));
}

#[test]
fn diff_needs_two_files_or_a_revision() {
    harn_catalog()
        .args(["diff", "fixtures/widgets/registry.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("diff needs OLD and NEW, or --against REV with one FILE or none"));
    harn_catalog().args(["diff", "--format", "yaml", "a", "b"]).assert().code(2);
}

/// A reference outside the catalog is never fetched, so a change to it can only be
/// flagged, and the report says why. (Such a catalog warns, which the rule fixtures,
/// compiled clean, do not allow.)
#[test]
fn a_changed_reference_outside_the_catalog_is_uncertain_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let side = |name: &str, target: &str| {
        let text = format!(
            r#"{{"tools": [{{"name": "widgets.get", "inputSchema": {{"type": "object", "properties": {{"w": {{"$ref": "https://example.com/schemas/{target}.json"}}}}}}}}]}}"#
        );
        write(dir.path(), name, &text)
    };
    let (before, after) = (side("before.json", "widget"), side("after.json", "gadget"));
    let output = harn_catalog().args(["diff", "--format", "json"]).args([&before, &after]).output().unwrap();
    let lines = json_lines(&output.stdout);
    let uncertain: Vec<&Value> = lines.iter().filter(|l| l["code"] == "uncertain-change").collect();
    assert_eq!(uncertain.len(), 1, "{lines:?}");
    let message = uncertain[0]["message"].as_str().unwrap();
    assert_eq!(message, "`w`: a `$ref` that does not resolve in the catalog changed", "{lines:?}");
    assert_eq!(uncertain[0]["new_pointer"], "/tools/0/inputSchema/properties/w/$ref");
    // The same reference on both sides: nothing to report.
    let again = side("again.json", "widget");
    harn_catalog().args(["diff"]).args([&before, &again]).assert().code(0).stdout("no changes\n");
}

#[test]
fn json_lines_carry_every_field_a_tool_needs() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let after = write(dir.path(), "after.json", AFTER);
    let output = harn_catalog().args(["diff", "--format", "json"]).args([&before, &after]).output().unwrap();
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for line in &lines {
        for field in
            ["code", "level", "tool", "side", "old_pointer", "new_pointer", "old", "new", "message", "fingerprint"]
        {
            assert!(line.get(field).is_some(), "{field} missing from {line}");
        }
        assert_eq!(line["fingerprint"].as_str().unwrap().len(), 16);
    }
    let described = lines.iter().find(|l| l["code"] == "description-changed").unwrap();
    assert_eq!(described["old"], "Fetch one widget.");
    assert_eq!(described["new"], "Fetch one widget by its id.");
    assert_eq!(described["new_pointer"], "/tools/0/description");
    assert_eq!((described["line"].as_u64(), described["column"].as_u64()), (Some(4), Some(44)));
    let removed = lines.iter().find(|l| l["code"] == "tool-removed").unwrap();
    assert_eq!((removed["level"].as_str(), removed["tool"].as_str()), (Some("breaking"), Some("widgets.delete")));
    assert_eq!(removed["old_pointer"], "/tools/1/name");
}

#[test]
fn github_annotations_sit_on_the_changed_lines_of_new() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let after = write(dir.path(), "after.json", AFTER);
    let output = harn_catalog().args(["diff", "--format", "github"]).args([&before, &after]).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let described = text.lines().find(|l| l.contains("description-changed")).unwrap();
    assert!(described.starts_with("::notice file="), "{described}");
    assert!(described.contains("after.json,line=4,col=44,title=info[description-changed]::"), "{described}");
    let removed = text.lines().find(|l| l.contains("tool-removed")).unwrap();
    assert!(removed.starts_with("::error title=breaking[tool-removed]::"), "{removed}");
}

/// A repository whose first commit has `registry.json` as BEFORE and the
/// configuration naming it, and whose second has AFTER.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "--quiet", "--initial-branch=main"]);
    std::fs::create_dir(dir.path().join("registry")).unwrap();
    write(&dir.path().join("registry"), "widgets.json", BEFORE);
    write(
        dir.path(),
        "harn-catalog.toml",
        "[[catalog]]\ninput = \"registry/widgets.json\"\noutput = \"widgets.catalog.json\"\n",
    );
    git(dir.path(), &["add", "."]);
    git(dir.path(), &["commit", "--quiet", "-m", "first"]);
    write(&dir.path().join("registry"), "widgets.json", AFTER);
    git(dir.path(), &["commit", "--quiet", "-am", "second"]);
    dir
}

#[test]
fn against_reads_the_old_side_at_a_revision_and_touches_no_checkout() {
    let repo = repository();
    let head = git(repo.path(), &["rev-parse", "HEAD"]);
    // Uncommitted work is what NEW is: the work tree, as a pull request's CI sees it.
    let file = repo.path().join("registry/widgets.json");
    std::fs::write(&file, AFTER.replace("by its id", "by id")).unwrap();
    let status = git(repo.path(), &["status", "--porcelain"]);
    let run = |args: &[&str]| {
        let mut command = harn_catalog();
        command.current_dir(repo.path()).args(["diff", "--format", "json"]).args(args);
        let output = command.output().unwrap();
        (output.status.code(), json_lines(&output.stdout))
    };
    let (code, with_file) = run(&["--against", "HEAD~1", "registry/widgets.json"]);
    assert_eq!(code, Some(1));
    let codes: Vec<&str> = with_file.iter().map(|l| l["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["description-changed", "tool-removed", "metadata-changed"]);
    assert_eq!(with_file[0]["new"], "Fetch one widget by id.");
    // Without FILE: every input the configuration lists, from the folder it is in.
    let (code, from_config) = run(&["--against", "HEAD~1"]);
    assert_eq!(from_config, with_file);
    assert_eq!(code, Some(1));
    let (code, since_head) = run(&["--against", "HEAD", "registry/widgets.json"]);
    assert_eq!((code, since_head.len()), (Some(0), 1));
    // Nothing was checked out, staged or moved.
    assert_eq!(git(repo.path(), &["status", "--porcelain"]), status);
    assert_eq!(git(repo.path(), &["rev-parse", "HEAD"]), head);
}

#[test]
fn against_a_revision_without_the_file_finds_every_tool_added() {
    let repo = repository();
    write(repo.path(), "new.json", BEFORE);
    let output = harn_catalog()
        .current_dir(repo.path())
        .args(["diff", "--format", "json", "--against", "HEAD", "new.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&output.stdout);
    let added: Vec<&Value> = lines.iter().filter(|l| l["code"] == "tool-added").collect();
    assert_eq!(added.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l["level"] == "info"), "{lines:?}");
}

#[test]
fn against_reads_a_modules_imports_at_the_revision_too() {
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    git(dir, &["init", "--quiet", "--initial-branch=main"]);
    std::fs::create_dir_all(dir.join("tools/shared")).unwrap();
    write(
        &dir.join("tools"),
        "main.harn",
        "import { Widget } from \"./shared/types\"\n\n/// Fetch one widget.\npub fn get(id: string) -> Widget {\n  return nil\n}\n",
    );
    let types = |color: &str| format!("pub struct Widget {{\n  id: string\n  color: {color}\n}}\n");
    write(&dir.join("tools/shared"), "types.harn", types("\"red\" | \"green\""));
    git(dir, &["add", "."]);
    git(dir, &["commit", "--quiet", "-m", "first"]);
    // Only the imported module changes: the output gains a colour, which callers
    // handling every colour must learn.
    write(&dir.join("tools/shared"), "types.harn", types("\"red\" | \"green\" | \"blue\""));
    let output = harn_catalog()
        .current_dir(dir)
        .args(["diff", "--format", "json", "--against", "HEAD", "tools/main.harn"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let lines = json_lines(&output.stdout);
    assert!(!lines.is_empty(), "the imported change was not seen");
    // The output's change, and the contract hash it moved.
    let (hash, rest): (Vec<&Value>, Vec<&Value>) = lines.iter().partition(|l| l["code"] == "contract-hash-changed");
    assert_eq!(hash.len(), 1, "{lines:?}");
    assert!(!rest.is_empty() && rest.iter().all(|l| l["side"] == "output"), "{lines:?}");
    assert_eq!(git(dir, &["status", "--porcelain"]), " M tools/shared/types.harn\n");
}

/// A module with a public function that a configuration reads on its script surface.
pub const TWO_SURFACES: &str = "/// Echo a message back.\npub fn echo_back(message: string) -> string {\n  return message\n}\n\n\
    pipeline default(task) {\n  var tools = tool_registry()\n  tools = tool_define(tools, \"read_file\", \"Read a file.\", {\n    \
    parameters: {path: \"string\"},\n    handler: { args -> \"contents\" },\n  })\n  mcp_tools(tools)\n}\n";

#[test]
fn against_without_a_file_reads_each_input_on_its_targets_surface() {
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    git(dir, &["init", "--quiet", "--initial-branch=main"]);
    write(dir, "tools.harn", TWO_SURFACES);
    write(
        dir,
        "harn-catalog.toml",
        "[[catalog]]\ninput = \"tools.harn\"\noutput = \"out.json\"\nsurface = \"script\"\n",
    );
    git(dir, &["add", "."]);
    git(dir, &["commit", "--quiet", "-m", "first"]);
    // Only the script's tool changes: read on the exports surface, nothing would.
    write(dir, "tools.harn", TWO_SURFACES.replace("Read a file.", "Read one file."));
    let output =
        harn_catalog().current_dir(dir).args(["diff", "--format", "json", "--against", "HEAD"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let lines = json_lines(&output.stdout);
    assert!(lines.iter().any(|l| l["tool"] == "read_file"), "{lines:?}");
    assert!(lines.iter().all(|l| l["tool"] != "echo_back"), "{lines:?}");
}

#[test]
fn against_an_unknown_revision_is_a_usage_error() {
    let repo = repository();
    harn_catalog()
        .current_dir(repo.path())
        .args(["diff", "--against", "no-such-branch", "registry/widgets.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`no-such-branch` names no commit"));
}

#[test]
fn accepted_changes_are_shown_but_pass_and_stale_acceptances_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let after = write(dir.path(), "after.json", AFTER);
    let config = dir.path().join("harn-catalog.toml");
    let diff = |extra: &[&str]| {
        let mut command = harn_catalog();
        command.current_dir(dir.path()).args(["diff", "--color", "never"]).args(extra).args([&before, &after]);
        command.assert()
    };
    diff(&[]).code(1);
    // --accept creates the configuration with the breaking change's fingerprint.
    diff(&["--accept", "--reason", "no caller deletes widgets"]).code(0);
    let written = std::fs::read_to_string(&config).unwrap();
    assert_eq!(written.matches("[[accept]]").count(), 1, "{written}");
    assert!(written.contains("reason = \"no caller deletes widgets\""), "{written}");
    diff(&[])
        .code(0)
        .stdout(predicate::str::contains("accepted: no caller deletes widgets"))
        .stdout(predicate::str::contains("(1 breaking (1 accepted), 2 info)"));
    // A second --accept has nothing left to add.
    diff(&["--accept"]).code(0);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), written);
    // Once the tool is back, the acceptance matches nothing and is reported.
    std::fs::write(&after, BEFORE).unwrap();
    diff(&[]).code(0).stdout(predicate::str::contains("matches no change; remove it from the list"));
    let output = harn_catalog()
        .current_dir(dir.path())
        .args(["diff", "--format", "json"])
        .args([&before, &after])
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    assert_eq!(lines[0]["code"], "unused-acceptance");
    assert_eq!(lines[0]["line"], 4);
}

#[test]
fn accept_appends_to_an_existing_configuration_leaving_its_text_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let before = write(dir.path(), "before.json", BEFORE);
    let after = write(dir.path(), "after.json", AFTER);
    let original = "# our catalogs\n[[catalog]]\ninput = \"after.json\"\noutput = \"out.json\"";
    let config = write(dir.path(), "harn-catalog.toml", original);
    harn_catalog().current_dir(dir.path()).args(["diff", "--accept"]).args([&before, &after]).assert().code(0);
    let written = std::fs::read_to_string(&config).unwrap();
    assert!(written.starts_with(original) && written.contains("[[accept]]"), "{written}");
    harn_catalog().current_dir(dir.path()).args(["check"]).assert().stderr(predicate::str::contains("out.json"));
}

/// Every reported case of the diff fixtures, compared, as one change set.
fn fixture_changes() -> Vec<Change> {
    let root = common::root().join("fixtures/diff");
    let mut cases: Vec<PathBuf> = Vec::new();
    for rule in std::fs::read_dir(&root).unwrap() {
        let reported = rule.unwrap().path().join("reported");
        for case in std::fs::read_dir(reported).unwrap() {
            cases.push(case.unwrap().path());
        }
    }
    cases.sort();
    let options = commands::diff::options(Surface::Auto);
    let mut changes = Vec::new();
    for case in cases {
        let side = |stem: &str| {
            let file = std::fs::read_dir(&case)
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.file_stem().is_some_and(|s| s == stem))
                .unwrap();
            compile::compile_file(file.strip_prefix(common::root()).unwrap(), options)
        };
        let (old, new) = (side("old"), side("new"));

        changes.extend(diff::diff(&commands::diff::side(&old).unwrap(), &commands::diff::side(&new).unwrap()));
    }
    changes
}

#[test]
fn markdown_renders_as_a_table_per_tool_on_github() {
    std::env::set_current_dir(common::root()).unwrap();
    let changes = fixture_changes();
    let page = |changes: &[Change]| {
        let markdown = Report { compared: &[], changes, unused: &[], config: None }.render(DiffFormat::Markdown, false);
        let parsed = common::markdown_tables(&markdown);
        (markdown, parsed)
    };
    let (markdown, parsed) = page(&changes);
    insta::assert_snapshot!("markdown_of_the_fixtures", markdown);
    let tables = parsed["tables"].as_array().unwrap();
    let headings = parsed["headings"].as_array().unwrap();
    // The report's heading, then one over each table: a section per tool with a
    // breaking change or a warning (and the catalog's), then "Compatible changes"
    // when rows are left for it; the contract-hash moves' table sits under a folded
    // summary, not a heading.
    assert_eq!(headings.len(), tables.len(), "{parsed}");
    let rows: usize = tables.iter().map(|t| t["rows"].as_array().unwrap().len()).sum();
    // Every change is one row, but the contract-hash move of a tool with a section,
    // which its section names ("Contract hash: …").
    let hash = "contract-hash-changed";
    let weighed = |tool: &Option<String>| changes.iter().any(|o| &o.tool == tool && o.level > Level::Info);
    let in_sections = changes.iter().filter(|c| c.rule.code == hash && weighed(&c.tool)).count();
    assert!(in_sections > 0 && markdown.contains("Contract hash: sha256:"));
    // Past 200 rows, the info changes left out are counted instead.
    let left_out: usize =
        markdown.split_once("…and ").map_or(0, |(_, rest)| rest.split(' ').next().unwrap().parse().unwrap());
    assert!(left_out > 0, "the fixtures no longer fill a page: {markdown}");
    assert_eq!(rows + left_out, changes.len() - in_sections);
    let (last, sections) = tables.split_last().unwrap();
    for table in sections {
        assert_eq!(table["header"], serde_json::json!(["level", "rule", "side", "change", "where"]));
        assert!(table["rows"].as_array().unwrap().iter().all(|row| row.as_array().unwrap().len() == 5), "{table}");
    }
    assert_eq!(last["header"], serde_json::json!(["tool", "contract hash"]));
    assert!(markdown.contains("<details><summary>Contract hashes moved ("), "{markdown}");

    // The weighed sections fill the fixtures' page; the info changes alone fit on one,
    // the tools whose changes are all info in one table, a tool's name on its first row.
    let info: Vec<Change> = changes.iter().filter(|c| c.level == Level::Info).cloned().collect();
    let (markdown, parsed) = page(&info);
    assert!(!markdown.contains("…and "), "{markdown}");
    let headings = parsed["headings"].as_array().unwrap();
    assert_eq!(headings.last().unwrap(), "Compatible changes", "{parsed}");
    let tables = parsed["tables"].as_array().unwrap();
    let compatible = &tables[tables.len() - 2];
    assert_eq!(compatible["header"], serde_json::json!(["tool", "rule", "side", "change", "where"]));
    let names: Vec<&str> = compatible["rows"].as_array().unwrap().iter().map(|row| row[0].as_str().unwrap()).collect();
    let mut named: Vec<&str> = names.iter().copied().filter(|n| !n.is_empty()).collect();
    assert!(names.len() > named.len(), "every row names its tool: {names:?}");
    let count = named.len();
    named.dedup();
    assert_eq!(named.len(), count, "a tool named twice: {names:?}");
}

/// A reviewer's page says first what was compared, and shows where a removed tool
/// was in the old file (the new one has no place for it).
#[test]
fn markdown_names_both_sides_and_places_a_removed_tool_in_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let old = r#"{"info": {"name": "notes", "version": "1.4.0"}, "tools": [
  {"name": "notes.add", "inputSchema": {"type": "object"}},
  {"name": "notes.purge", "inputSchema": {"type": "object"}}
]}"#;
    // notes.add spells out a hint at its default: its hash moves, nothing else.
    let new = r#"{"info": {"name": "notes", "version": "2.0.0"}, "tools": [
  {"name": "notes.add", "inputSchema": {"type": "object"}, "annotations": {"openWorldHint": true}}
]}"#;
    let old = write(dir.path(), "old.json", old);
    let new = write(dir.path(), "new.json", new);
    let output = harn_catalog().args(["diff", "--format", "markdown"]).args([&old, &new]).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let head = format!("`{}` (version 1.4.0) → `{}` (version 2.0.0)", old.display(), new.display());
    assert!(text.starts_with(&format!("## harn-catalog diff\n\n{head}\n")), "{text}");
    let removed = text.lines().find(|l| l.contains("`tool-removed`")).unwrap();
    assert!(removed.ends_with(&format!("| `{}:3` |", old.display())), "{removed}");
    // A tool whose hash alone moved is one row of one table, not a section of its own.
    let moved = text.split("<details><summary>Contract hashes moved (1 tool)</summary>\n\n").nth(1).unwrap();
    assert!(moved.starts_with("| tool | contract hash |\n|---|---|\n| `notes.add` | sha256:"), "{text}");
    assert!(!text.contains("### `notes.add`"), "{text}");
}
