//! The command line as users and CI drive it: outputs, exit codes (spec/decisions.md 12),
//! diagnostic formats (13), and bad input of every kind.

use crate::common;

use common::{harn_catalog, write};
use predicates::prelude::*;

const WIDGETS: &str = "fixtures/widgets/registry.json";

#[test]
fn schema_prints_the_compact_catalog_and_one_newline() {
    let output = harn_catalog().args(["schema", WIDGETS]).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(output).unwrap();
    assert!(text.ends_with("}\n") && !text.ends_with("\n\n"));
    assert_eq!(text.lines().count(), 1, "compact output is one line");
    assert!(text.starts_with(r#"{"schema_version":"harn-tools/2.0","info":{"name":"widgets""#));
    common::reference_check(&text).unwrap();
}

#[test]
fn pretty_indents_with_two_spaces() {
    let output = harn_catalog().args(["schema", WIDGETS, "--pretty"]).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(output).unwrap();
    assert!(text.starts_with("{\n  \"schema_version\": \"harn-tools/2.0\",\n  \"info\": {\n    \"name\""));
    assert!(text.ends_with("}\n"));
}

#[test]
fn output_file_is_written_and_stdout_stays_empty() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("catalog.json");
    harn_catalog().args(["schema", WIDGETS, "-o"]).arg(&out).assert().success().stdout("");
    let compact = harn_catalog().args(["schema", WIDGETS]).output().unwrap().stdout;
    assert_eq!(std::fs::read(&out).unwrap(), compact);
}

/// Refused while it is read (a field), in the catalog phase (a schema) and in the
/// prepare phase (a CLI argument): the catalog is staged while the last two run, and
/// must never replace the output nor stay behind.
#[test]
fn a_refused_input_leaves_the_output_file_alone_and_prints_nothing() {
    let invalid_schema = r#"{"type": "object", "properties": {"x": {"type": "strin"}}}"#;
    let bad_argument = r#"{"type": "object", "properties": {"x": {"type": "string"}}}"#;
    for (declaration, code) in [
        (r#"{"tools": [{"name": "t", "title": ""}]}"#.to_owned(), "error[tool-field]"),
        (format!(r#"{{"tools": [{{"name": "t", "inputSchema": {invalid_schema}}}]}}"#), "error[invalid-schema]"),
        (
            format!(
                r#"{{"tools": [{{"name": "t", "inputSchema": {bad_argument}, "cli": {{"arguments": {{"x": {{"long": "-x"}}}}}}}}]}}"#
            ),
            "error[cli-spelling]",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("bad.json");
        std::fs::write(&input, &declaration).unwrap();
        let out = dir.path().join("catalog.json");
        std::fs::write(&out, "previous contents\n").unwrap();
        harn_catalog()
            .args(["schema"])
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(code));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous contents\n", "{declaration}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "no temporary file is left behind");
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let first = harn_catalog().args(["schema", WIDGETS, "--pretty"]).output().unwrap().stdout;
    let second = harn_catalog().args(["schema", WIDGETS, "--pretty"]).output().unwrap().stdout;
    assert_eq!(first, second);
}

#[test]
fn unreadable_inputs_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    harn_catalog()
        .args(["schema"])
        .arg(dir.path().join("missing.json"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("error[unreadable-input]").and(predicate::str::contains("no such file")));
    let folder = dir.path().join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    harn_catalog().args(["schema"]).arg(&folder).assert().code(2).stderr(predicate::str::contains("is a directory"));
    let text = write(dir.path(), "registry.txt", "{}");
    harn_catalog()
        .args(["schema"])
        .arg(&text)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("error[unknown-format]"));
    harn_catalog().args(["schema", "--no-such-flag", WIDGETS]).assert().code(2);
    harn_catalog().args(["explain", "no-such-rule"]).assert().code(2);
}

#[test]
fn malformed_inputs_are_refused_with_their_position() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("bad.json", "{\n  \"tools\": [\n    {\"name\": \"t\",}\n  ]\n}\n", "-->", ":3:"),
        ("bad.yaml", "tools:\n  - name: t\n   description: [x\n", "error[syntax-error]", ":3:"),
        ("bad.toml", "[info]\nname = \"w\"\nversion = \n", "error[syntax-error]", ":3:"),
        ("empty.json", "", "error[empty-input]", "is empty"),
        ("blank.yaml", "  \n\n", "error[empty-input]", "is empty"),
    ];
    for (name, text, first, second) in cases {
        let path = write(dir.path(), name, text);
        harn_catalog()
            .args(["schema"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(first).and(predicate::str::contains(second)));
    }
}

#[test]
fn non_utf8_input_is_refused_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "latin1.json", b"{\"tools\": [\n{\"name\": \"caf\xe9\"}]}\n");
    harn_catalog()
        .args(["schema"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("error[invalid-utf8]").and(predicate::str::contains("line 2, column 14")));
}

/// A UTF-8 byte order mark, which some editors write first, is no part of the
/// document (RFC 8259 §8.1): a file that starts with one compiles as it does without,
/// in every format, and a diagnostic on its first line has the same column and
/// underline. Each input is compiled from two folders, with and without the mark, and
/// the outputs compared whole.
#[test]
fn a_byte_order_mark_is_read_as_if_absent() {
    let with = tempfile::tempdir().unwrap();
    let without = tempfile::tempdir().unwrap();
    let module = "fn main(harness: Harness) {\n  harness.tools.mcp_tools(tool_registry())\n}\n";
    let cases: &[(&str, &[u8], &str)] = &[
        ("clean.json", br#"{"tools": []}"#, ""),
        ("clean.yaml", b"tools: []\n", ""),
        ("clean.toml", b"tools = []\n", ""),
        ("clean.harn", module.as_bytes(), ""),
        ("shape.json", br#"{"tools": 5}"#, "shape.json:1:11"),
        ("syntax.json", br#"{"tools": [,]}"#, "syntax.json:1:12"),
        (
            "rounded.json",
            br#"{"tools": [{"name": "t", "parameters": {"n": {"type": "number", "maximum": 1e-400}}}]}"#,
            "rounded.json:1:76",
        ),
        ("shape.yaml", b"tools: 5\n", "shape.yaml:1:8"),
        ("shape.toml", b"tools = 5\n", "shape.toml:1:9"),
        ("syntax.toml", b"tools = [\n", "syntax.toml:1:10"),
        ("shape.harn", b"fn main(harness: Harness) { harness.tools.mcp_tools(5) }\n", "shape.harn:1:53"),
        ("latin1.json", b"{\"tools\": [{\"name\": \"caf\xe9\"}]}", "line 1, column 25"),
        ("imports.harn", b"import \"./lib\"\npub fn f(w: Widget) { return w }\n", "lib.harn:1:30"),
        ("lib.harn", b"pub type Widget = {id: string)\n", "lib.harn:1:30"),
        ("empty.json", b"", "is empty"),
    ];
    for (name, text, _) in cases {
        write(without.path(), name, text);
        write(with.path(), name, [b"\xef\xbb\xbf".as_slice(), text].concat());
    }
    for (name, _, shown) in cases {
        let run = |dir: &std::path::Path| harn_catalog().current_dir(dir).args(["schema", name]).output().unwrap();
        let (expected, actual) = (run(without.path()), run(with.path()));
        let stderr = String::from_utf8(actual.stderr).unwrap();
        assert!(stderr.contains(shown), "{name}: {shown:?} not in\n{stderr}");
        assert_eq!(actual.status.code(), expected.status.code(), "{name}");
        assert_eq!(actual.stdout, expected.stdout, "{name}");
        // The byte offset `invalid-utf8` gives is the file's: the mark's 3 bytes further.
        let stderr = stderr.replace("(byte offset 27)", "(byte offset 24)");
        assert_eq!(stderr, String::from_utf8(expected.stderr).unwrap(), "{name}");
    }
}

#[test]
fn ten_thousand_levels_of_nesting_are_refused_without_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let deep_schema = format!(
        r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object", "properties": {{"a": {}true{}}}}}}}]}}"#,
        r#"{"items": "#.repeat(10_000),
        "}".repeat(10_000)
    );
    let inputs = [
        ("deep.json", deep_schema),
        ("deep.yaml", format!("tools: {}{}\n", "[".repeat(10_000), "]".repeat(10_000))),
        // Block nesting costs two columns of indentation per level: 1,000 levels make 1 MB.
        ("deep-block.yaml", (0..1_000).map(|i| format!("{}- \n", " ".repeat(2 * i))).collect::<String>()),
        ("deep.toml", format!("tools = {}{}\n", "[".repeat(10_000), "]".repeat(10_000))),
    ];
    for (name, text) in inputs {
        let path = write(dir.path(), name, text);
        let assert = harn_catalog().args(["schema"]).arg(&path).assert().code(1).stdout("");
        let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(stderr.starts_with("error[nesting-too-deep]"), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

#[test]
fn a_fifty_megabyte_registry_is_read_and_its_error_located() {
    let dir = tempfile::tempdir().unwrap();
    let description = "x".repeat(100_000);
    let mut tools: Vec<serde_json::Value> =
        (0..500).map(|i| serde_json::json!({"name": format!("tool_{i}"), "description": description})).collect();
    tools.push(serde_json::json!({"name": "last", "title": ""}));
    let text = serde_json::to_string_pretty(&serde_json::json!({ "tools": tools })).unwrap();
    assert!(text.len() > 50_000_000);
    let line = text.lines().position(|l| l.contains(r#""title": """#)).unwrap() + 1;
    let path = write(dir.path(), "big.json", &text);
    harn_catalog()
        .args(["schema"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(format!("big.json:{line}:")));
}

/// `{"tools":[{"name":"t"},…]}` on one line: every definition after the first is a
/// `redefined-tool` warning on the same line.
fn same_named_tools_on_one_line(tools: usize) -> String {
    format!(r#"{{"tools":[{}]}}"#, vec![r#"{"name":"t"}"#; tools].join(","))
}

#[test]
fn human_output_shows_ten_of_one_rule_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "same.json", same_named_tools_on_one_line(1_500));
    let assert = harn_catalog().args(["schema"]).arg(&path).assert().success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(stderr.matches("warning[redefined-tool]").count(), 10, "{stderr}");
    assert!(
        stderr.ends_with(
            "note: and 1,489 more `redefined-tool` warnings; `--format json` lists all\n\nwarning: 1,499 warnings\n"
        ),
        "{stderr}"
    );
    // The tenth shown is the tenth redefinition, the 11th tool: the first name is at
    // column 19, and `{"name":"t"},` is 13 bytes.
    assert!(stderr.contains(&format!("same.json:1:{}\n", 19 + 10 * 13)), "{stderr}");
}

#[test]
fn json_output_lists_every_diagnostic_of_a_repeated_rule() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "same.json", same_named_tools_on_one_line(1_500));
    let assert = harn_catalog().args(["schema", "--format", "json"]).arg(&path).assert().success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    let columns: Vec<u64> = stderr
        .lines()
        .map(|line| {
            let d: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!((d["code"].as_str(), d["line"].as_u64()), (Some("redefined-tool"), Some(1)));
            d["column"].as_u64().unwrap()
        })
        .collect();
    let expected: Vec<u64> = (1..1_500).map(|i| 19 + i * 13).collect();
    assert!(columns == expected, "columns {:?}…", &columns[..5]);
}

#[test]
fn a_diagnostic_on_a_long_line_shows_a_window_and_its_true_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut tools: Vec<serde_json::Value> =
        (0..5_000).map(|i| serde_json::json!({"name": format!("t{i}"), "description": "ü"})).collect();
    tools.push(serde_json::json!({"name": "last", "title": ""}));
    let text = serde_json::to_string(&serde_json::json!({ "tools": tools })).unwrap();
    let column = text[..text.find(r#""title":"""#).unwrap()].chars().count() + 1 + r#""title":"#.len();
    let path = write(dir.path(), "long.json", &text);
    let assert = harn_catalog().args(["schema", "--color", "never"]).arg(&path).assert().code(1);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains(&format!("long.json:1:{column}\n")), "{stderr}");
    let shown = stderr.lines().find(|l| l.starts_with("1 | ")).unwrap();
    assert!(shown.contains(r#"{"name":"last","title":""}]}"#) && shown.len() < 200, "{shown}");
}

#[test]
fn a_reference_cycle_between_components_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cycle.json",
        r##"{"components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}}},
            "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/A"}}}}]}"##,
    );
    harn_catalog().args(["schema"]).arg(&path).assert().code(1).stderr(predicate::str::contains("error[ref-cycle]"));
    // A recursive type (through properties) is fine.
    let path = write(
        dir.path(),
        "tree.json",
        r##"{"components": {"schemas": {"Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}},
            "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"root": {"$ref": "#/components/schemas/Node"}}}}]}"##,
    );
    harn_catalog().args(["schema"]).arg(&path).assert().success();
}

#[test]
fn diagnostics_come_as_json_lines_or_github_annotations() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bad.json",
        "{\"tools\": [\n  {\"name\": \"a\", \"title\": \"\"},\n  {\"name\": \"b\", \"icons\": []}\n]}\n",
    );
    let output = harn_catalog().args(["schema", "--format", "json"]).arg(&path).assert().code(1).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<serde_json::Value> =
        stderr.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    assert_eq!(lines.len(), 2, "both independent errors are reported: {stderr}");
    for (line, (code, row)) in lines.iter().zip([("tool-field", 2), ("icon-field", 3)]) {
        assert_eq!(line["code"], code);
        assert_eq!(line["severity"], "error");
        assert_eq!(line["phase"], "catalog");
        assert_eq!(line["line"], row);
        assert!(line["column"].as_u64().unwrap() > 1);
        assert!(line["file"].as_str().unwrap().ends_with("bad.json"));
        assert!(line["pointer"].as_str().unwrap().starts_with("/tools/"));
        assert!(line["message"].as_str().unwrap().contains("must be a non-empty"));
    }
    let output = harn_catalog().args(["schema", "--format", "github"]).arg(&path).assert().code(1).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.lines().all(|l| l.starts_with("::error file=")), "{stderr}");
    assert!(stderr.contains(",line=2,col="), "{stderr}");
}

#[test]
fn warnings_pass_unless_denied() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "twice.json", r#"{"tools": [{"name": "t"}, {"name": "t", "description": "second"}]}"#);
    harn_catalog()
        .args(["schema"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("second"))
        .stderr(predicate::str::contains("warning[redefined-tool]"));
    harn_catalog()
        .args(["schema", "--deny-warnings"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("error[redefined-tool]"));
}

#[test]
fn rules_and_explain_document_every_rule() {
    let output = harn_catalog().args(["rules"]).assert().success().get_output().stdout.clone();
    let table = String::from_utf8(output).unwrap();
    for rule in harn_catalog::diagnostics::all_rules() {
        assert!(table.contains(rule.code), "{} missing from the table", rule.code);
        harn_catalog()
            .args(["explain", rule.code])
            .assert()
            .success()
            .stdout(predicate::str::contains("## What it checks").and(predicate::str::contains("## Example")))
            .stdout(predicate::str::contains(format!("Declared in {}.", rule.file)));
        declared_in(rule.file, rule.code);
    }
    for rule in harn_catalog::diff::all_diff_rules() {
        assert!(table.contains(rule.code), "{} missing from the table", rule.code);
        harn_catalog()
            .args(["explain", rule.code])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("{} (diff; {})", rule.code, rule.levels_text())))
            .stdout(predicate::str::contains("## What it reports").and(predicate::str::contains("## Example")))
            .stdout(predicate::str::contains(format!("Declared in {}.", rule.file)));
        declared_in(rule.file, rule.code);
    }
}

/// The file `explain` names for a rule is in the repository and spells its code.
fn declared_in(file: &str, code: &str) {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(text.contains(&format!("\"{code}\"")), "{file} does not declare {code}");
}
