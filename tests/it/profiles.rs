//! Client portability profiles end to end: `lint --profile` (JSON findings, exit codes,
//! `[lint]` in `check`), down-levelling (`mcp --profile`), every profile passing its
//! own down-levelled output, exact rewrites checked by Python jsonschema, and the
//! committed portability table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use harn_catalog::compile::{self, Options};
use harn_catalog::lint::downlevel::{Change, Kind, downlevel};
use harn_catalog::lint::{self, Construct, Profile, Target};
use harn_catalog::prepare::McpDocuments;
use harn_catalog::prepare::mcp::{Caching, McpTool, ProtocolVersion, ToolsList};
use serde_json::{Value, json};

use crate::common;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The JSON lines of a run's stderr.
fn json_lines(stderr: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn registry(tools: Value) -> String {
    json!({"info": {"name": "widgets"}, "tools": tools}).to_string()
}

#[test]
fn lint_reports_profile_tool_and_pointer_and_fails_only_on_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "registry.json",
        &registry(json!([
            {"name": "fetch_page", "description": "A".repeat(2100),
             "inputSchema": {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}, "required": ["url"], "additionalProperties": false}}
        ])),
    );
    let run = common::harn_catalog()
        .args(["lint", file.to_str().unwrap(), "--profile", "openai-strict,claude-code", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
    let findings = json_lines(&run.stderr);
    let format = findings.iter().find(|f| f["code"] == "openai-strict-format").expect("the format finding");
    assert_eq!(format["severity"], "error");
    assert_eq!(format["profile"], "openai-strict");
    assert_eq!(format["tool"], "fetch_page");
    assert_eq!(format["pointer"], "/inputSchema/properties/url/format");
    assert_eq!(format["source_pointer"], "/tools/0/inputSchema/properties/url/format");
    assert!(format["line"].as_u64().unwrap() >= 1);
    let truncated = findings.iter().find(|f| f["code"] == "claude-code-description-length").expect("claude-code");
    assert_eq!((truncated["severity"].as_str(), truncated["profile"].as_str()), (Some("warning"), Some("claude-code")));
    assert_eq!(truncated["pointer"], "/description");

    // Warnings alone pass; --deny-warnings makes them fail.
    let warned =
        common::harn_catalog().args(["lint", file.to_str().unwrap(), "--profile", "claude-code"]).output().unwrap();
    assert_eq!(warned.status.code(), Some(0), "{}", String::from_utf8_lossy(&warned.stderr));
    let denied = common::harn_catalog()
        .args(["lint", file.to_str().unwrap(), "--profile", "claude-code", "--deny-warnings"])
        .output()
        .unwrap();
    assert_eq!(denied.status.code(), Some(1));
    // So for `mcp --profile`, whose findings come after the compile's.
    let mcp = |deny: &[&str]| {
        common::harn_catalog()
            .args(["mcp", file.to_str().unwrap(), "--profile", "claude-code"])
            .args(deny)
            .output()
            .unwrap()
    };
    assert_eq!(mcp(&[]).status.code(), Some(0));
    let denied = mcp(&["--deny-warnings"]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&denied.stderr).contains("error[claude-code-description-length]"));

    // The prefix of a server's name counts where the client adds it.
    let long = common::harn_catalog()
        .args(["lint", file.to_str().unwrap(), "--profile", "cursor", "--server", &"s".repeat(60), "--format", "json"])
        .output()
        .unwrap();
    assert!(json_lines(&long.stderr).iter().any(|f| f["code"] == "cursor-name-length"));

    let unknown = common::harn_catalog().args(["lint", file.to_str().unwrap(), "--profile", "opena"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    let said = String::from_utf8_lossy(&unknown.stderr);
    assert!(said.contains("\"opena\"") && said.contains("openai-strict") && said.contains("mcp-2025-11-25"), "{said}");
}

/// `lint` takes several files, as a pre-commit hook passes the files a commit changes
/// (`.pre-commit-hooks.yaml`): each is linted on its own, under its own server name;
/// the findings of all come in the files' order with one closing count, and the exit
/// code is the worst of them.
#[test]
fn lint_takes_several_files_each_linted_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let tool = |name: &str| json!({"name": name, "inputSchema": {"type": "object"}});
    // Without `info.name`, the server's name is the file's stem: cursor counts 60 of
    // them with the tool's name.
    let long_stem = format!("{}.json", "s".repeat(60));
    let long = write(dir.path(), &long_stem, &json!({"tools": [tool("get")]}).to_string());
    let short = write(dir.path(), "short.json", &json!({"tools": [tool("get")]}).to_string());
    let refused = write(dir.path(), "refused.yaml", "tools:\n  - name: put\n    parameters:\n      id: uuid\n");
    let path = |p: &PathBuf| p.to_str().unwrap().to_owned();
    let lint = |files: &[String], extra: &[&str]| {
        common::harn_catalog().arg("lint").args(files).args(["--profile", "cursor"]).args(extra).output().unwrap()
    };

    let run = lint(&[path(&short), path(&long), path(&refused)], &["--format", "json"]);
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
    let found: Vec<(String, String)> = json_lines(&run.stderr)
        .iter()
        .map(|f| (f["code"].as_str().unwrap().to_owned(), f["file"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        found,
        [("cursor-name-length".to_owned(), path(&long)), ("legacy-parameters".to_owned(), path(&refused))],
        "the long stem's server name and the refused compile, each in its own file, in order"
    );

    // Near misses: the short file alone, twice, passes; so does a `--server` short
    // enough for both.
    let clean = lint(&[path(&short), path(&short)], &[]);
    assert_eq!(clean.status.code(), Some(0), "{}", String::from_utf8_lossy(&clean.stderr));
    assert!(clean.stderr.is_empty(), "{}", String::from_utf8_lossy(&clean.stderr));
    let named = lint(&[path(&short), path(&long)], &["--server", "s"]);
    assert_eq!(named.status.code(), Some(0), "{}", String::from_utf8_lossy(&named.stderr));

    // One closing count for all the files.
    let human = lint(&[path(&long), path(&refused)], &[]);
    let said = String::from_utf8_lossy(&human.stderr);
    let counts: Vec<&str> = said.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(counts, ["error: 1 error and 1 warning"], "{said}");

    // A file that cannot be read makes it a usage error (2), and the others are still
    // linted.
    let missing = dir.path().join("missing.yaml");
    let run = lint(&[path(&missing), path(&refused)], &["--format", "json"]);
    assert_eq!(run.status.code(), Some(2));
    let codes: Vec<Value> = json_lines(&run.stderr).iter().map(|f| f["code"].clone()).collect();
    assert_eq!(codes, [json!("unreadable-input"), json!("legacy-parameters")]);

    // At least one file.
    let none = common::harn_catalog().args(["lint", "--profile", "cursor"]).output().unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("<FILE>..."));
}

#[test]
fn mcp_profile_down_levels_with_a_note_for_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let exact = write(
        dir.path(),
        "exact.json",
        &registry(json!([{"name": "set_mode", "inputSchema": {"type": "object", "properties": {
            "mode": {"const": "fast"}, "limit": {"type": ["integer", "null"]}}, "required": ["mode"]}}])),
    );
    let run = common::harn_catalog().args(["mcp", exact.to_str().unwrap(), "--profile", "gemini"]).output().unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let list: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(
        list["tools"][0]["inputSchema"]["properties"],
        json!({"mode": {"enum": ["fast"]}, "limit": {"type": "integer", "nullable": true}})
    );
    let notes = String::from_utf8_lossy(&run.stderr);
    assert!(
        notes.contains("note[downlevel-exact]: [gemini] tool \"set_mode\" /inputSchema/properties/mode/const"),
        "{notes}"
    );
    assert!(notes.contains("/inputSchema/properties/limit/type"), "{notes}");
    // On GitHub, each note is a notice titled with its rule's code, which `explain` knows.
    let run = common::harn_catalog()
        .args(["mcp", exact.to_str().unwrap(), "--profile", "gemini", "--format", "github"])
        .output()
        .unwrap();
    let notices = String::from_utf8_lossy(&run.stderr);
    assert!(notices.starts_with("::notice title=downlevel-exact::[gemini] tool \"set_mode\""), "{notices}");
    assert!(!notices.contains("note["), "{notices}");
    common::harn_catalog().args(["explain", "downlevel-exact"]).assert().success();

    // A recursive schema cannot be inlined: an error naming why, and nothing printed.
    let recursive = write(
        dir.path(),
        "recursive.json",
        &registry(json!([{"name": "tree", "inputSchema": {"type": "object", "properties": {"child": {"$ref": "#"}}}}])),
    );
    let run =
        common::harn_catalog().args(["mcp", recursive.to_str().unwrap(), "--profile", "gemini"]).output().unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(run.stdout.is_empty());
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("note[downlevel-impossible]") && said.contains("recursive"), "{said}");
    assert!(said.contains("error[gemini-ref]"), "{said}");

    // A lossy rewrite needs --allow-lossy, and then says what was lost, where.
    let lossy = write(
        dir.path(),
        "lossy.json",
        &registry(json!([{"name": "fetch_page", "inputSchema": {"type": "object", "properties": {
            "url": {"type": "string", "format": "uri", "description": "The page."}}, "required": ["url"]}}])),
    );
    let refused =
        common::harn_catalog().args(["mcp", lossy.to_str().unwrap(), "--profile", "openai-strict"]).output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("error[openai-strict-format]"));
    let run = common::harn_catalog()
        .args(["mcp", lossy.to_str().unwrap(), "--profile", "openai-strict", "--allow-lossy", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let list: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(
        list["tools"][0]["inputSchema"],
        json!({"type": "object", "properties": {"url": {"type": "string", "description": "The page. (format: uri)"}},
               "required": ["url"], "additionalProperties": false})
    );
    let notes = json_lines(&run.stderr);
    let lost = notes.iter().find(|n| n["code"] == "downlevel-lossy").expect("a lossy note");
    assert_eq!(
        (lost["pointer"].as_str(), lost["severity"].as_str()),
        (Some("/inputSchema/properties/url/format"), Some("note"))
    );
    assert!(notes.iter().any(|n| n["code"] == "downlevel-changes-meaning" && n["pointer"] == "/inputSchema"));
}

#[test]
fn check_runs_the_configured_profiles() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "registry.json",
        &registry(
            json!([{"name": "lookup", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}]),
        ),
    );
    let config = |profiles: &str| {
        write(
            dir.path(),
            "harn-catalog.toml",
            &format!(
                "[[catalog]]\ninput = \"registry.json\"\noutput = \"out.json\"\n\n[lint]\nprofiles = [{profiles}]\n"
            ),
        )
    };
    let path = config("\"openai-strict\"");
    let generated = common::harn_catalog().args(["gen", "--config", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(generated.status.code(), Some(0), "{}", String::from_utf8_lossy(&generated.stderr));
    let check = common::harn_catalog().args(["check", "--config", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stderr).contains("openai-strict-open-object"));
    let path = config("\"openai\", \"gemini\"");
    let check = common::harn_catalog().args(["check", "--config", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stderr));
    let path = config("\"gemni\"");
    let check = common::harn_catalog().args(["check", "--config", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(check.status.code(), Some(2));
}

/// A compiled input: its MCP tools, catalog and provenance.
struct Input {
    label: String,
    compilation: compile::Compilation,
}

impl Input {
    fn file(path: &Path) -> Input {
        let options = Options { mcp_documents: McpDocuments::Build, every_audience: true, ..Options::default() };
        let compilation = compile::compile_file(path, options);
        assert!(compilation.prepared().is_some(), "{} does not compile", path.display());
        Input { label: path.display().to_string(), compilation }
    }

    fn tools(&self) -> &[McpTool] {
        &self.compilation.prepared().unwrap().2.mcp
    }

    /// The profile's findings over `tools` (this input's, rewritten or not).
    fn lint(&self, profile: &Profile, tools: &[McpTool]) -> Vec<harn_catalog::diagnostics::Diagnostic> {
        let (catalog, provenance, prepared) = self.compilation.prepared().unwrap();
        let target = Target { tools, catalog, provenance, server: &prepared.cli_name };
        lint::lint(&target, profile)
    }
}

/// The constructs down-levelling does not rewrite: what is left of them after it is
/// the profile's error, by design.
fn rewritten(construct: &Construct) -> bool {
    !matches!(
        construct,
        Construct::NamePattern(_)
            | Construct::NameLength(_)
            | Construct::DescriptionLength(_)
            | Construct::ToolCount(_)
            | Construct::OptionalCount(_)
            | Construct::UnionCount(_)
            | Construct::EnumSize(_)
            | Construct::StringBudget(_)
            | Construct::RootCombinator(_)
            | Construct::Composition(_)
            | Construct::ArrayItems { .. }
            | Construct::RequiredUndeclared
            | Construct::Recursion
            | Construct::Depth(_)
            | Construct::PropertyCount(_)
    )
}

/// Every file of the profile rules' fixtures, with the rule's code and side (the
/// down-levelling notes, which no profile checks, aside).
fn profile_fixtures() -> Vec<(String, String, PathBuf)> {
    let root = common::root().join("fixtures/rules");
    let mut out = Vec::new();
    for rule in harn_catalog::diagnostics::all_rules() {
        if rule.phase != harn_catalog::diagnostics::Phase::Profile || lint::profiles::of_rule(rule.code).is_none() {
            continue;
        }
        for side in ["refused", "accepted"] {
            let folder = root.join(rule.code).join(side);
            let mut files: Vec<PathBuf> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
            files.sort();
            out.extend(files.into_iter().map(|f| (rule.code.to_owned(), side.to_owned(), f)));
        }
    }
    out
}

/// Limits on a whole request, which down-levelling one tool at a time cannot meet.
const REQUEST_LIMITS: &[&str] =
    &["anthropic-strict-tool-count", "anthropic-strict-optional-count", "anthropic-strict-union-count"];

#[test]
fn every_profile_passes_its_own_down_levelled_output() {
    let dir = tempfile::tempdir().unwrap();
    let github = common::github_registry("profiles: down-levelled GitHub tools").map(|(_, registry)| {
        let path = write(dir.path(), "github.json", &registry.to_string());
        Input::file(&path)
    });
    down_levelled_output_passes(github);
}

/// The check above as a clone without the team's folder runs it, whether the folder
/// is here or not: the rule fixtures after the widgets, and no GitHub tools.
#[test]
fn every_profile_passes_its_own_down_levelled_output_without_the_github_tools() {
    down_levelled_output_passes(None);
}

/// Every profile's errors over its own down-levelled output are those no rewrite can
/// change; the widgets and `github` (when given), which are portable, come out clean
/// but for the request limits; a near miss of a rule needs no rewrite.
fn down_levelled_output_passes(github: Option<Input>) {
    // Named rather than counted: the inputs that must come out clean are not "the
    // first two", which are the widgets and a refused rule fixture when `github` is
    // absent.
    let clean: Vec<Input> =
        std::iter::once(Input::file(&common::root().join("fixtures/widgets/registry.json"))).chain(github).collect();
    let fixtures = profile_fixtures();
    let fixture_inputs: Vec<Input> = fixtures.iter().map(|(_, _, path)| Input::file(path)).collect();
    let mut problems = Vec::new();
    for input in clean.iter().chain(&fixture_inputs) {
        for profile in lint::all_profiles() {
            let mut impossible = BTreeSet::new();
            let tools: Vec<McpTool> = input
                .tools()
                .iter()
                .map(|tool| {
                    let (out, changes) = downlevel(tool, &profile, true);
                    if changes.iter().any(|c| c.kind == Kind::Impossible) {
                        impossible.insert(tool.name.clone());
                    }
                    out
                })
                .collect();
            for finding in input.lint(&profile, &tools) {
                if !finding.is_error() {
                    continue;
                }
                let check = profile.checks.iter().find(|c| c.rule.code == finding.code()).unwrap();
                let tool = finding.profile.as_ref().and_then(|f| f.tool.clone());
                let explained = !rewritten(&check.construct) || tool.is_some_and(|t| impossible.contains(&t));
                if !explained {
                    problems.push(format!("{} [{}]: {}", input.label, profile.name, finding.message));
                }
            }
        }
    }
    assert!(problems.is_empty(), "errors left after down-levelling:\n{}", problems.join("\n"));

    // The widgets and the GitHub tools come out clean for every profile but for what no
    // rewrite can change: 117 tools are more than anthropic-strict's 20, with more
    // optional arguments than its 24 in all.
    for input in &clean {
        for profile in lint::all_profiles() {
            let tools: Vec<McpTool> = input.tools().iter().map(|t| downlevel(t, &profile, true).0).collect();
            let left: Vec<String> = input
                .lint(&profile, &tools)
                .iter()
                .filter(|d| d.is_error() && !REQUEST_LIMITS.contains(&d.code()))
                .map(|d| d.message.clone())
                .collect();
            assert!(left.is_empty(), "{} [{}]: {left:#?}", input.label, profile.name);
        }
    }

    // A near miss of a rule is already acceptable to its profile: nothing to rewrite.
    // A refused fixture of a rule no rewrite meets is still refused after
    // down-levelling: the check of the clean inputs above can fail.
    for ((code, side, path), input) in fixtures.iter().zip(&fixture_inputs) {
        let profile = lint::profiles::of_rule(code).unwrap();
        if side == "refused" {
            let check = profile.checks.iter().find(|c| c.rule.code == code).unwrap();
            if !rewritten(&check.construct) {
                let tools: Vec<McpTool> = input.tools().iter().map(|t| downlevel(t, &profile, true).0).collect();
                let codes: Vec<&str> = input.lint(&profile, &tools).iter().map(|d| d.code()).collect();
                assert!(codes.contains(&code.as_str()), "{} [{}]: {codes:?}", path.display(), profile.name);
            }
            continue;
        }
        for tool in input.tools() {
            let (_, changes) = downlevel(tool, &profile, true);
            assert!(changes.is_empty(), "{} [{}]: {changes:#?}", path.display(), profile.name);
        }
    }
}

fn tool(schema: Value) -> McpTool {
    McpTool {
        name: "t".into(),
        title: "t".into(),
        description: "d".into(),
        input_schema: schema,
        output_schema: None,
        annotations: Default::default(),
        icons: None,
        meta: Default::default(),
        output_wrapped: false,
    }
}

/// Schemas written to exercise each exact rewrite (the suite has few `oneOf`s with a
/// discriminator, or type lists with null).
fn generated_schemas() -> Vec<Value> {
    vec![
        json!({"type": "object", "properties": {"kind": {"const": "a"}, "n": {"type": ["integer", "null"]}}}),
        json!({"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}),
        json!({"oneOf": [
            {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}, "x": {"type": "integer"}}},
            {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": ["b"]}, "x": {"type": "string"}}}
        ]}),
        json!({"const": 1, "enum": [1, 2]}),
        json!({"const": 3, "enum": [1, 2]}),
        json!({"properties": {"a": {"$ref": "#/$defs/A", "description": "x"}, "b": {"$ref": "#/$defs/B", "minimum": 3}},
               "$defs": {"A": {"type": "string", "maxLength": 3}, "B": {"type": "integer"}}}),
        json!({"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "array", "items": {"$ref": "#/$defs/B"}}, "B": {"const": "x"}}}),
        json!({"type": ["string", "integer", "null"], "minLength": 2, "minimum": 5}),
        json!({"type": ["string", "integer"], "minLength": 2, "minimum": 5}),
        json!({"$ref": "#/$defs/A", "minLength": 2, "$defs": {"A": {"type": "string"}}}),
        json!({"properties": {"a": {"$ref": "#/$defs/A", "maxLength": 5}}, "$defs": {"A": {"type": "string", "maxLength": 3}}}),
        json!({"type": "object", "properties": {"v": {"oneOf": [{"type": "boolean"}, {"type": "array", "items": {"const": 1}}]}}}),
        json!({"type": ["string", "null"], "enum": ["a", "ab", null]}),
        json!({"type": ["null", "array"], "items": {"type": "integer"}, "maxItems": 1}),
        json!({"type": ["object", "null"], "properties": {"kind": {"type": ["string", "null"], "minLength": 1}}, "required": ["kind"]}),
        json!({"type": "string", "anyOf": [{"minLength": 2}, {"enum": ["a", "ab", 1]}]}),
        json!({"type": "integer", "anyOf": [{"type": "integer", "minimum": 3}, {"maximum": 0}]}),
        json!({"type": "object", "anyOf": [{"required": ["kind"]}, {"properties": {"x": {"type": "integer"}}}]}),
        json!({"anyOf": [{"type": "string"}, {"enum": [1, 2.0, 5]}, {"const": "ab"}]}),
    ]
}

/// Instances that tell the rewritten schemas apart: every JSON type, lengths around the
/// bounds above, and objects with each property set to each of them.
fn generated_instances(schema: &Value) -> Vec<Value> {
    let mut base = vec![
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(5),
        json!(-1),
        json!(1.5),
        json!(""),
        json!("a"),
        json!("x"),
        json!("ab"),
        json!("abcd"),
        json!("abcdef"),
        json!("fast"),
        json!([]),
        json!([1]),
        json!(["x"]),
        json!([1, "x"]),
        json!({}),
        json!({"kind": "a"}),
        json!({"kind": "b"}),
        json!({"kind": "a", "x": 1}),
        json!({"kind": "b", "x": "s"}),
        json!({"kind": "a", "x": "s"}),
        json!({"kind": "c"}),
    ];
    let mut names = BTreeSet::new();
    harn_catalog::schema::walk::visit(schema, |_, node| {
        if let Some(Value::Object(properties)) = node.get("properties") {
            names.extend(properties.keys().cloned());
        }
    });
    let primitives = base.clone();
    for name in names {
        base.extend(primitives.iter().map(|v| json!({ name.clone(): v })));
    }
    base
}

/// Whether a suite schema is one the exact rewrites are meant for: only local pointer
/// references, no nested resources or anchors (a `#/…` inside another `$id` would
/// resolve elsewhere).
fn plain_references(schema: &Value) -> bool {
    let text = schema.to_string();
    let scoped = ["\"$id\"", "\"$anchor\"", "\"$dynamicRef\"", "\"$dynamicAnchor\"", "\"$recursiveRef\""];
    if scoped.iter().any(|k| text.contains(k)) {
        return false;
    }
    let mut plain = true;
    harn_catalog::schema::walk::visit(schema, |_, node| {
        if let Some(Value::String(reference)) = node.get("$ref") {
            plain &= reference == "#" || reference.starts_with("#/");
        }
    });
    plain
}

#[test]
fn exact_down_levelling_accepts_the_same_instances() {
    let Some(files) = common::suite_files("profiles: exact down-levelling over the JSON-Schema-Test-Suite") else {
        return;
    };
    // (label, original, instances): the suite's groups with their file's data, then ours.
    let mut sources: Vec<(String, Value, Vec<Value>)> = Vec::new();
    for file in &files {
        let groups: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let data: Vec<Value> =
            groups.iter().flat_map(|g| g["tests"].as_array().unwrap().iter().map(|t| t["data"].clone())).collect();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        for group in &groups {
            if plain_references(&group["schema"]) {
                let label = format!("{stem}: {}", group["description"].as_str().unwrap_or_default());
                sources.push((label, group["schema"].clone(), data.clone()));
            }
        }
    }
    for (i, schema) in generated_schemas().into_iter().enumerate() {
        let instances = generated_instances(&schema);
        sources.push((format!("generated #{i}"), schema, instances));
    }
    let mut cases = Vec::new();
    let mut seen = BTreeSet::new();
    let mut by_rewrite: BTreeMap<&str, usize> = BTreeMap::new();
    for name in ["gemini", "gemini-json-schema", "openai-strict", "openai"] {
        let profile = lint::find_profile(name).unwrap();
        for (label, original, instances) in &sources {
            let (out, changes) = downlevel(&tool(original.clone()), &profile, false);
            if changes.is_empty() || changes.iter().any(|c: &Change| c.kind != Kind::Exact) {
                continue;
            }
            if !seen.insert((original.to_string(), out.input_schema.to_string())) {
                continue;
            }
            for change in &changes {
                let kind = [
                    "inlined",
                    "one-value `enum`",
                    "nullable",
                    "as `anyOf`",
                    "one-branch",
                    "each `anyOf` branch",
                    "properties",
                ]
                .into_iter()
                .find(|k| change.text.contains(k));
                *by_rewrite.entry(kind.unwrap_or("other")).or_default() += 1;
            }
            cases.push(json!({
                "label": format!("[{name}] {label}"),
                "original": original,
                "downlevelled": out.input_schema,
                "instances": instances,
            }));
        }
    }
    for kind in ["inlined", "one-value `enum`", "nullable", "as `anyOf`", "one-branch", "each `anyOf` branch"] {
        assert!(by_rewrite.get(kind).copied().unwrap_or(0) >= 3, "too few {kind} rewrites checked: {by_rewrite:?}");
    }
    let verdict = python("downlevel_equivalence.py", &json!({"cases": cases, "pool": []}));
    assert!(verdict["checked"].as_u64().unwrap() > 5000, "only {} instance checks", verdict["checked"]);
    assert_eq!(verdict["mismatches"], json!([]), "{} cases; rewrites {by_rewrite:?}", cases.len());
}

/// Runs a Python script of `tests/` on `input` (JSON on stdin), returning its JSON output.
fn python(script: &str, input: &Value) -> Value {
    serde_json::from_slice(&common::run_python(script, input.to_string())).unwrap()
}

/// Every down-levelled `tools/list`, for each version, validates against that
/// version's official schema (`common::mcp_check`).
#[test]
fn down_levelled_tools_lists_are_valid_mcp_results() {
    let dir = tempfile::tempdir().unwrap();
    let mut inputs = vec![Input::file(&common::root().join("fixtures/widgets/registry.json"))];
    if let Some((_, registry)) = common::github_registry("profiles: down-levelled GitHub tools/list") {
        inputs.push(Input::file(&write(dir.path(), "github.json", &registry.to_string())));
    }
    let mut checked = 0;
    for input in &inputs {
        for profile in lint::all_profiles() {
            for lossy in [false, true] {
                let tools: Vec<McpTool> = input.tools().iter().map(|t| downlevel(t, &profile, lossy).0).collect();
                let version = ProtocolVersion::V2025_11_25;
                let list = ToolsList::new(&tools, version, Caching::default());
                let text = serde_json::to_string(&list).unwrap();
                common::mcp_check(version, &text)
                    .unwrap_or_else(|e| panic!("{} [{}] lossy={lossy}: {e}", input.label, profile.name));
                checked += 1;
            }
        }
    }
    assert!(checked >= 2 * lint::all_profiles().len());
}

#[test]
fn committed_portability_table_is_current() {
    let Some(_) = common::shared("corpus/github-mcp-server-toolsnaps", "profiles: docs/portability.md") else {
        return;
    };
    let binary = assert_cmd::cargo::cargo_bin("harn-catalog");
    let python = common::root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    let output = std::process::Command::new(python)
        .arg(common::root().join("tools/portability_table.py"))
        .arg(&binary)
        .env(common::SHARED_VARIABLE, common::shared("", "profiles").unwrap())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let committed = std::fs::read_to_string(common::root().join("docs/portability.md")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        committed,
        "docs/portability.md is stale: run `make portability-table`"
    );
}
