//! `--format sarif`: every command that reports diagnostics or changes writes one SARIF
//! 2.1.0 log, which the SARIF 2.1.0 schema and Microsoft's SARIF multitool accept
//! (`tests/sarif_check.py`), and which says what the other formats say: the same
//! rules, levels and places as `--format json`, a link to each rule's section of the
//! rule reference, and how the run ended.

use std::path::Path;

use serde_json::Value;

use crate::common;

/// A registry with an unknown shorthand type (an error) and a tool defined twice (a
/// warning, with the first definition as a related place).
const REFUSED: &str = "\
tools:
  - name: ship_parcel
    description: Ship one parcel to an address.
    parameters:
      weight_kg: {type: nmber, required: true}
  - name: ship_parcel
    description: Ship it again, by the last definition.
";

/// A registry one LLM client refuses: `oneOf` at the root of the input schema.
const ROOT_ONE_OF: &str = r#"{
  "tools": [
    {
      "name": "pick_colour",
      "description": "Pick a colour by name or by code.",
      "inputSchema": {
        "type": "object",
        "properties": {"name": {"type": "string"}, "code": {"type": "string"}},
        "oneOf": [{"required": ["name"]}, {"required": ["code"]}]
      }
    }
  ]
}
"#;

const OLD: &str = "\
tools:
  - name: book_room
    description: Book a meeting room.
    parameters:
      room: {type: string, required: true}
";

/// `OLD` with a second required parameter: callers that sent only `room` now fail.
const NEW: &str = "\
tools:
  - name: book_room
    description: Book a meeting room.
    parameters:
      room: {type: string, required: true}
      attendees: {type: integer, required: true}
";

/// What a run printed: its exit code, stdout, and the SARIF log (from stderr, or from
/// stdout for `diff`, whose report is its output).
struct Run {
    code: i32,
    stdout: String,
    sarif: Value,
}

fn run(dir: &Path, args: &[&str], sarif_on_stdout: bool) -> Run {
    let output = common::harn_catalog().current_dir(dir).args(args).args(["--format", "sarif"]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap());
    let text = if sarif_on_stdout { &stdout } else { &stderr };
    let sarif = serde_json::from_str(text).unwrap_or_else(|e| panic!("{args:?}: not one JSON document ({e}):\n{text}"));
    Run { code: output.status.code().unwrap(), stdout, sarif }
}

fn results(sarif: &Value) -> &Vec<Value> {
    sarif["runs"][0]["results"].as_array().expect("a results array")
}

fn invocation(sarif: &Value) -> &Value {
    &sarif["runs"][0]["invocations"][0]
}

/// The rule descriptor a result names, by its index.
fn rule_of<'a>(sarif: &'a Value, result: &Value) -> &'a Value {
    let index = result["ruleIndex"].as_u64().expect("a rule index") as usize;
    let rule = &sarif["runs"][0]["tool"]["driver"]["rules"][index];
    assert_eq!(rule["id"], result["ruleId"], "the index leads to the result's rule");
    rule
}

#[test]
fn a_refused_registry_reports_each_finding_where_json_does_with_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "tools.yaml", REFUSED);
    let Run { code, stdout, sarif } = run(dir.path(), &["schema", "tools.yaml"], false);
    assert_eq!(code, 1);
    assert!(stdout.is_empty(), "no catalog of a refused input");
    assert_eq!(invocation(&sarif)["exitCode"], 1);
    assert_eq!(invocation(&sarif)["executionSuccessful"], true, "refusing an input is a successful run");

    let json =
        common::harn_catalog().current_dir(dir.path()).args(["schema", "tools.yaml", "--format", "json"]).output();
    let json: Vec<Value> =
        String::from_utf8(json.unwrap().stderr).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let results = results(&sarif);
    assert_eq!(results.len(), json.len(), "one result per diagnostic");
    let summaries: std::collections::HashMap<&str, &str> =
        harn_catalog::diagnostics::all_rules().into_iter().map(|r| (r.code, r.summary)).collect();
    for (result, diagnostic) in results.iter().zip(&json) {
        assert_eq!(result["ruleId"], diagnostic["code"]);
        assert_eq!(result["level"], diagnostic["severity"]);
        assert!(result["message"]["text"].as_str().unwrap().starts_with(diagnostic["message"].as_str().unwrap()));
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "tools.yaml");
        assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert_eq!(location["region"]["startLine"], diagnostic["line"]);
        assert_eq!(location["region"]["startColumn"], diagnostic["column"]);
        let rule = rule_of(&sarif, result);
        let code = diagnostic["code"].as_str().unwrap();
        assert_eq!(rule["shortDescription"]["text"], summaries[code]);
        assert_eq!(rule["helpUri"], harn_catalog::diagnostics::rule_docs_url(code));
    }
    let codes: Vec<&str> = results.iter().map(|r| r["ruleId"].as_str().unwrap()).collect();
    assert_eq!(codes, ["legacy-parameters", "redefined-tool"]);
    // The region is the misspelt type, start to end, columns counted in characters.
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    let line = REFUSED.lines().nth(4).unwrap();
    let start = line.find("nmber").unwrap() + 1;
    assert_eq!((region["startLine"].as_u64(), region["startColumn"].as_u64()), (Some(5), Some(start as u64)));
    assert_eq!(region["endColumn"].as_u64(), Some(start as u64 + "nmber".len() as u64));
    assert_eq!(sarif["runs"][0]["columnKind"], "unicodeCodePoints");
    // The first definition is the warning's related place.
    let related = &results[1]["relatedLocations"][0];
    assert_eq!(related["message"]["text"], "first defined here");
    assert_eq!(related["physicalLocation"]["region"]["startLine"], 2);
}

#[test]
fn quiet_the_log_holds_the_errors_alone() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "tools.yaml", REFUSED);
    let Run { code, sarif, .. } = run(dir.path(), &["schema", "tools.yaml", "--quiet"], false);
    assert_eq!(code, 1, "as without --quiet");
    let codes: Vec<&str> = results(&sarif).iter().map(|r| r["ruleId"].as_str().unwrap()).collect();
    assert_eq!(codes, ["legacy-parameters"], "the warning is left out");
    let Run { sarif, .. } = run(dir.path(), &["schema", "tools.yaml", "--quiet", "--deny-warnings"], false);
    assert_eq!(results(&sarif).len(), 2, "a warning made an error is one");
}

#[test]
fn a_clean_registry_gives_its_catalog_and_a_log_without_results() {
    let Run { code, stdout, sarif } = run(&common::root(), &["schema", "fixtures/widgets/registry.json"], false);
    assert_eq!(code, 0);
    assert!(stdout.contains("\"schema_version\""), "the catalog is printed as always");
    assert!(results(&sarif).is_empty());
    assert_eq!(invocation(&sarif)["exitCode"], 0);
    assert_eq!(sarif["runs"][0]["tool"]["driver"]["rules"], serde_json::json!([]));
}

#[test]
fn an_unreadable_input_is_an_unsuccessful_run() {
    let dir = tempfile::tempdir().unwrap();
    let Run { code, sarif, .. } = run(dir.path(), &["schema", "missing.yaml"], false);
    assert_eq!(code, 2);
    assert_eq!(invocation(&sarif)["executionSuccessful"], false);
    assert_eq!(invocation(&sarif)["exitCode"], 2);
    let results = results(&sarif);
    assert_eq!(results.len(), 1, "{sarif:#}");
    assert_eq!(results[0]["ruleId"], "unreadable-input");
    assert!(results[0]["message"]["text"].as_str().unwrap().contains("missing.yaml"));
    assert!(results[0].get("locations").is_none(), "no place in a file that is not there");
    // A usage error that is no diagnostic (a configuration that is not there) is a
    // notification of the run.
    let Run { code, sarif, .. } = run(dir.path(), &["check", "--config", "absent.toml"], false);
    assert_eq!(code, 2);
    assert_eq!(invocation(&sarif)["executionSuccessful"], false);
    let notifications = invocation(&sarif)["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notifications[0]["level"], "error", "{notifications:#?}");
    assert!(notifications[0]["message"]["text"].as_str().unwrap().contains("absent.toml"));
}

#[test]
fn a_client_profile_finding_names_its_profile_and_tool() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "tools.json", ROOT_ONE_OF);
    let Run { code, sarif, .. } = run(dir.path(), &["lint", "tools.json", "--profile", "all"], false);
    assert_eq!(code, 1);
    let refused: Vec<&Value> = results(&sarif)
        .iter()
        .filter(|r| r["ruleId"] == "anthropic-root-combinator" && r["properties"]["profile"] == "anthropic")
        .collect();
    assert_eq!(refused.len(), 1, "{sarif:#}");
    assert_eq!(refused[0]["level"], "error");
    assert_eq!(refused[0]["properties"]["tool"], "pick_colour");
    assert_eq!(refused[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "tools.json");
}

#[test]
fn a_breaking_change_is_an_error_result_identified_by_its_fingerprint() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "old.yaml", OLD);
    common::write(dir.path(), "new.yaml", NEW);
    let Run { code, sarif, .. } = run(dir.path(), &["diff", "old.yaml", "new.yaml"], true);
    assert_eq!(code, 1, "an unaccepted breaking change fails the diff as in every format");
    let json = common::harn_catalog()
        .current_dir(dir.path())
        .args(["diff", "old.yaml", "new.yaml", "--format", "json"])
        .output();
    let json: Vec<Value> =
        String::from_utf8(json.unwrap().stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let breaking: Vec<&Value> = json.iter().filter(|c| c["level"] == "breaking").collect();
    assert!(!breaking.is_empty());
    for change in breaking {
        let result = results(&sarif)
            .iter()
            .find(|r| r["partialFingerprints"]["harnCatalogChange/v1"] == change["fingerprint"])
            .unwrap_or_else(|| panic!("a result for {change}"));
        assert_eq!(result["ruleId"], change["code"]);
        assert_eq!(result["level"], "error");
        assert_eq!(result["properties"]["tool"], "book_room");
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "new.yaml");
        assert_eq!(location["region"]["startLine"], change["line"]);
        let rule = rule_of(&sarif, result);
        assert_eq!(rule["helpUri"], harn_catalog::diagnostics::rule_docs_url(change["code"].as_str().unwrap()));
    }
    // The same file on both sides: nothing changed, an empty log.
    let Run { code, sarif, .. } = run(dir.path(), &["diff", "old.yaml", "old.yaml"], true);
    assert_eq!(code, 0);
    assert!(results(&sarif).is_empty());
}

#[test]
fn a_stale_catalog_is_an_error_of_the_run() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "tools.yaml", OLD);
    common::write(dir.path(), "harn-catalog.toml", "[[catalog]]\ninput = \"tools.yaml\"\noutput = \"catalog.json\"\n");
    common::harn_catalog().current_dir(dir.path()).arg("gen").assert().success();
    let Run { code, sarif, .. } = run(dir.path(), &["check"], false);
    assert_eq!(code, 0, "{sarif:#}");
    assert!(invocation(&sarif).get("toolExecutionNotifications").is_none(), "{sarif:#}");
    common::write(dir.path(), "tools.yaml", NEW);
    let Run { code, sarif, .. } = run(dir.path(), &["check"], false);
    assert_eq!(code, 1);
    assert_eq!(invocation(&sarif)["executionSuccessful"], true);
    let notifications = invocation(&sarif)["toolExecutionNotifications"].as_array().unwrap();
    assert!(
        notifications
            .iter()
            .any(|n| n["level"] == "error" && n["message"]["text"].as_str().unwrap().contains("catalog.json")),
        "{notifications:#?}"
    );
}

/// Every kind of log the commands write passes the SARIF 2.1.0 schema and the SARIF
/// multitool's validation without a finding; a log broken on purpose does not (so the
/// check can fail).
#[test]
fn every_reporting_command_writes_a_log_the_sarif_validators_accept() {
    if !common::root().join(".tools/node/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool").exists() {
        panic!("the SARIF multitool is missing: run `make tools`");
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    common::write(root, "refused.yaml", REFUSED);
    common::write(root, "one_of.json", ROOT_ONE_OF);
    common::write(root, "old.yaml", OLD);
    common::write(root, "new.yaml", NEW);
    common::write(root, "harn-catalog.toml", "[[catalog]]\ninput = \"new.yaml\"\noutput = \"catalog.json\"\n");
    let widgets = common::root().join("fixtures/widgets/registry.json");
    let widgets = widgets.to_str().unwrap();
    let runs: [(&str, Vec<&str>, bool); 8] = [
        ("schema-refused", vec!["schema", "refused.yaml"], false),
        ("schema-clean", vec!["schema", widgets], false),
        ("schema-missing", vec!["schema", "missing.yaml"], false),
        ("mcp-downlevelled", vec!["mcp", widgets, "--profile", "openai-strict"], false),
        ("lint", vec!["lint", "one_of.json", "--profile", "all"], false),
        ("check-stale", vec!["check"], false),
        ("diff-breaking", vec!["diff", "old.yaml", "new.yaml"], true),
        ("diff-none", vec!["diff", "old.yaml", "old.yaml"], true),
    ];
    let mut files = Vec::new();
    for (name, args, on_stdout) in runs {
        let Run { sarif, .. } = run(root, &args, on_stdout);
        if name == "mcp-downlevelled" {
            assert!(
                results(&sarif).iter().any(|r| r["ruleId"].as_str().unwrap().starts_with("downlevel-")),
                "a down-levelling change is a result of its rule: {sarif:#}"
            );
        }
        let path = root.join(format!("{name}.sarif"));
        std::fs::write(&path, serde_json::to_string_pretty(&sarif).unwrap()).unwrap();
        files.push(path);
    }
    // A near miss the validators must refuse: a level SARIF does not have.
    let mut broken: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    broken["runs"][0]["results"][0]["level"] = "severe".into();
    let broken_path = root.join("broken.sarif");
    std::fs::write(&broken_path, broken.to_string()).unwrap();
    files.push(broken_path.clone());
    // And one the schema accepts but the multitool does not: a tool that says neither
    // its version nor where to learn about it.
    let mut anonymous: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    let driver = anonymous["runs"][0]["tool"]["driver"].as_object_mut().unwrap();
    for key in ["version", "semanticVersion", "informationUri"] {
        driver.remove(key);
    }
    let anonymous_path = root.join("anonymous.sarif");
    std::fs::write(&anonymous_path, anonymous.to_string()).unwrap();
    files.push(anonymous_path.clone());

    let report = validate(&files);
    for file in &files {
        let errors = report["schema"][file.to_str().unwrap()].as_array().unwrap();
        if *file == broken_path {
            assert!(errors.iter().any(|e| e.as_str().unwrap().contains("severe")), "the schema refuses it: {errors:?}");
        } else {
            assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
        }
    }
    let findings = report["multitool"].as_array().unwrap();
    let (expected, unexpected): (Vec<&Value>, Vec<&Value>) =
        findings.iter().partition(|f| f["file"].as_str().unwrap().ends_with("/anonymous.sarif"));
    assert!(unexpected.is_empty(), "the SARIF multitool's findings: {unexpected:#?}");
    assert!(expected.iter().any(|f| f["rule"] == "SARIF2005"), "it flags the anonymous tool: {findings:#?}");
}

/// `tests/sarif_check.py` over `files`: `{"schema": {file: [error]}, "multitool": [finding]}`.
fn validate(files: &[std::path::PathBuf]) -> Value {
    let python = common::root().join(".tools/venv/bin/python");
    let output = std::process::Command::new(python)
        .arg(common::root().join("tests/sarif_check.py"))
        .args(files)
        .output()
        .expect("python runs");
    assert!(output.status.success(), "sarif_check.py: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}
