//! `harn-catalog import`: real MCP servers and Docker's registry brought in as
//! declarations that compile; draft-04/06/07 schemas upgraded with their meaning kept,
//! as an independent validator judges it; the refusals a user meets.

use std::collections::BTreeSet;
use std::path::Path;

use harn_catalog::import::{self, Kind, Output};
use harn_catalog::schema::upgrade::{self, Draft};
use serde_json::{Value, json};

use crate::common;

/// The declaration `import` writes of `path`, asserting that it raised no error.
fn imported(kind: Kind, path: &Path) -> (Value, Vec<harn_catalog::diagnostics::Diagnostic>) {
    let imported = import::import(kind, path);
    let renderer = harn_catalog::diagnostics::Renderer::new(harn_catalog::diagnostics::ErrorFormat::Human, false);
    let shown: String = imported.diagnostics.iter().map(|d| renderer.render(d)).collect();
    let declaration = imported.declaration.unwrap_or_else(|_| panic!("{} was refused:\n{shown}", path.display()));
    assert!(!imported.diagnostics.iter().any(|d| d.is_error()), "{shown}");
    (declaration, imported.diagnostics)
}

fn tools_of(declaration: &Value) -> &Vec<Value> {
    declaration["tools"].as_array().expect("a declaration has a tools list")
}

/// Compiles `declaration` written in each syntax; the three catalogs are one. Returns
/// the outcome of the JSON one.
fn compile_every_syntax(declaration: &Value) -> common::Outcome {
    let json = common::compile_text("imported.json", &import::render(declaration, Output::Json).unwrap());
    let yaml = common::compile_text("imported.yaml", &import::render(declaration, Output::Yaml).unwrap());
    assert_eq!(yaml.codes(), json.codes(), "YAML:\n{}\nJSON:\n{}", yaml.human(), json.human());
    if json.catalog.is_some() {
        assert_eq!(yaml.json(), json.json(), "the YAML declaration compiles to another catalog");
    }
    // TOML has no null: such a declaration is refused in TOML, with where the null is.
    match import::render(declaration, Output::Toml) {
        Ok(text) => {
            let toml = common::compile_text("imported.toml", &text);
            assert_eq!(toml.codes(), json.codes(), "TOML:\n{}", toml.human());
            if json.catalog.is_some() {
                assert_eq!(toml.json(), json.json(), "the TOML declaration compiles to another catalog");
            }
        }
        Err(error) => assert!(matches!(error, import::OutputError::NullInToml { .. }), "{error}"),
    }
    json
}

/// The 718 tools of real MCP servers: every file imports; every tool compiles
/// through both phases but the three that are invalid MCP, which are refused where
/// they are wrong; without them, every file compiles.
#[test]
fn real_mcp_servers_compile_but_for_three_invalid_tools() {
    let Some(folder) = common::shared("corpus/mcp-servers", "import: the real MCP servers") else {
        return;
    };
    let files = common::json_files(&folder);
    assert_eq!(files.len(), 35);
    let (mut read, mut compiled) = (0, 0);
    let mut refused = BTreeSet::new();
    for file in &files {
        let (mut declaration, reported) = imported(Kind::Mcp, file);
        for d in &reported {
            assert!(
                ["import-cli-metadata", "import-upgrade"].contains(&d.code()),
                "{}: {} {}",
                file.display(),
                d.code(),
                d.message
            );
        }
        let count = tools_of(&declaration).len();
        read += count;
        let outcome = compile_every_syntax(&declaration);
        let errors: Vec<_> = outcome.diagnostics.iter().filter(|d| d.is_error()).collect();
        if errors.is_empty() {
            compiled += count;
            continue;
        }
        let mut invalid = BTreeSet::new();
        for d in errors {
            let pointer = d.origin.as_ref().and_then(|o| o.pointer()).map(ToString::to_string).unwrap_or_default();
            let index: usize = pointer.split('/').nth(2).and_then(|i| i.parse().ok()).expect("a tool's pointer");
            let name = tools_of(&declaration)[index]["name"].as_str().unwrap().to_owned();
            refused.insert((file.file_name().unwrap().to_string_lossy().into_owned(), name, d.code(), pointer));
            invalid.insert(index);
        }
        // The others compile once the refused ones are taken out.
        let tools = declaration["tools"].as_array_mut().unwrap();
        let mut i = 0;
        tools.retain(|_| {
            i += 1;
            !invalid.contains(&(i - 1))
        });
        let rest = compile_every_syntax(&declaration);
        assert!(rest.catalog.is_some(), "{}", rest.human());
        compiled += tools_of(&declaration).len();
    }
    assert_eq!(read, 718);
    let refused: Vec<_> = refused.iter().map(|(f, n, c, p)| (f.as_str(), n.as_str(), *c, p.as_str())).collect();
    assert_eq!(
        refused,
        [
            // Draft 2020-12 `items` takes one schema; a tuple is `prefixItems`, and the
            // schema does not declare the older draft that allowed it.
            (
                "sentry-mcp.json",
                "create_uptime_monitor",
                "invalid-schema",
                "/tools/6/inputSchema/properties/headers/items/items"
            ),
            (
                "sentry-mcp.json",
                "update_uptime_monitor",
                "invalid-schema",
                "/tools/52/inputSchema/properties/headers/items/items"
            ),
            // MCP requires an object root (`"type": "object"`); this one is `{}`.
            ("sentry-mcp.json", "whoami", "input-object-root", "/tools/53/inputSchema"),
        ]
    );
    assert_eq!(compiled, 715);
}

/// Every tool of Docker's registry `tools.json` files compiles.
#[test]
fn every_docker_registry_tool_compiles() {
    let Some(folder) = common::shared("corpus/docker-mcp-registry", "import: Docker's MCP registry") else {
        return;
    };
    let files = common::json_files(&folder);
    assert_eq!(files.len(), 23);
    let mut compiled = 0;
    for file in &files {
        let (declaration, reported) = imported(Kind::Docker, file);
        assert!(reported.iter().all(|d| d.code() == "import-cli-metadata"), "{}", file.display());
        let outcome = compile_every_syntax(&declaration);
        assert!(outcome.diagnostics.is_empty(), "{}:\n{}", file.display(), outcome.human());
        compiled += outcome.json()["tools"].as_array().unwrap().len();
    }
    assert_eq!(compiled, 286);
    // An argument is required unless Docker marks it optional.
    let keboola = imported(Kind::Docker, &folder.join("keboola-mcp.tools.json")).0;
    let tool = tools_of(&keboola).iter().find(|t| t["name"] == "add_config_row").unwrap();
    let required = tool["inputSchema"]["required"].as_array().unwrap();
    assert!(required.contains(&json!("component_id")) && !required.contains(&json!("storage")), "{tool}");
    assert_eq!(tool["inputSchema"]["properties"]["storage"]["type"], "object");
}

/// The GitHub MCP server's 117 tool snapshots, imported as a folder, come back from
/// `harn-catalog mcp` as the same tools/list entries. The projection adds one field:
/// a top-level `title` (spec/contract.md c.1), the annotations' title where there is one.
#[test]
fn github_snapshots_round_trip_through_mcp() {
    let Some(folder) =
        common::shared("corpus/github-mcp-server-toolsnaps", "import: the GitHub MCP server's tool snapshots")
    else {
        return;
    };
    let originals: Vec<Value> = common::json_files(&folder)
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap())
        .collect();
    assert_eq!(originals.len(), 117);
    let (declaration, reported) = imported(Kind::Mcp, &folder);
    assert!(reported.is_empty(), "{:?}", reported.iter().map(|d| &d.message).collect::<Vec<_>>());
    // Through the binary, as a user runs it: import to a file, then `mcp` of it.
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("github.yaml");
    common::harn_catalog().args(["import", "mcp"]).arg(&folder).arg("-o").arg(&written).assert().success();
    assert_eq!(std::fs::read_to_string(&written).unwrap(), import::render(&declaration, Output::Yaml).unwrap());
    let listed = common::harn_catalog().arg("mcp").arg(&written).output().unwrap();
    assert!(listed.status.success(), "{}", String::from_utf8_lossy(&listed.stderr));
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let listed = listed["tools"].as_array().unwrap();
    assert_eq!(listed.len(), originals.len());
    for (original, listed) in originals.iter().zip(listed) {
        let mut expected = original.clone();
        let title = original["annotations"]["title"].as_str().or(original["name"].as_str()).unwrap();
        expected.as_object_mut().unwrap().entry("title").or_insert_with(|| json!(title));
        assert_eq!(listed, &expected, "{}", original["name"]);
    }
}

/// One case for the independent validator.
/// `integral_floats: false` leaves out the instances a draft-04 `integer` judged
/// differently, when the upgrade reported so.
fn case(name: &str, original: &Value, upgraded: &upgrade::Upgraded, instances: &Value) -> String {
    let integral_floats = !upgraded
        .changes
        .iter()
        .any(|c| matches!(c, upgrade::Change::Inexact { reason, .. } if reason.contains("`integer`")));
    json!({"name": name, "original": original, "upgraded": upgraded.schema, "instances": instances, "integral_floats": integral_floats}).to_string()
}

/// Runs `tests/upgrade_equivalence.py` on the cases; its answers, one per case.
fn judged(cases: &[String]) -> Vec<Value> {
    let output = common::run_python("upgrade_equivalence.py", cases.join("\n") + "\n");
    let answers: Vec<Value> =
        String::from_utf8(output).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), cases.len());
    answers
}

/// Asserts that every case was judged the same by both validators, over instances
/// some of which each side accepts and some of which it refuses.
#[track_caller]
fn assert_equivalent(answers: &[Value]) {
    for answer in answers {
        let checked = answer["checked"].as_u64().unwrap();
        let valid = answer["valid"].as_u64().unwrap();
        assert!(answer["mismatches"].as_array().unwrap().is_empty(), "the upgrade changed what is valid: {answer}");
        assert!(
            valid > 0 && valid < checked,
            "{}: the instances should include valid and invalid ones: {answer}",
            answer["name"]
        );
    }
}

/// The 33 draft-07 tools of the real servers accept, upgraded, exactly the instances
/// they accepted, by Python `jsonschema` (Draft7Validator against Draft202012Validator).
#[test]
fn the_draft_07_tools_of_real_servers_keep_their_meaning() {
    let Some(folder) = common::shared("corpus/mcp-servers", "import: the draft-07 tools keep their meaning") else {
        return;
    };
    let mut cases = Vec::new();
    for file in common::json_files(&folder) {
        let originals: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let (declaration, _) = imported(Kind::Mcp, &file);
        for (original, tool) in originals.iter().zip(tools_of(&declaration)) {
            for key in ["inputSchema", "outputSchema"] {
                if original.get(key).and_then(Draft::of).is_some() {
                    assert_eq!(tool[key]["$schema"], upgrade::DRAFT_2020_12);
                    // The importer's upgrade, and what the upgrade reports of it.
                    let upgraded = upgrade::upgrade(&original[key], Draft::of(&original[key]).unwrap());
                    assert_eq!(upgraded.schema, tool[key]);
                    cases.push(case(original["name"].as_str().unwrap(), &original[key], &upgraded, &json!([])));
                }
            }
        }
    }
    assert_eq!(cases.len(), 33);
    assert_equivalent(&judged(&cases));
}

/// Each transformation of the upgrade, on a fixture of its own
/// (`fixtures/import/upgrade/`), accepts exactly what the original accepted: the
/// fixture's own boundary instances and generated ones. The fixtures' `$ref` siblings
/// and later keywords are dropped, as the reports say.
#[test]
fn each_upgrade_keeps_the_meaning_of_its_fixture() {
    let folder = common::root().join("fixtures/import/upgrade");
    let mut cases = Vec::new();
    for file in common::json_files(&folder) {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let schema = &fixture["schema"];
        let upgraded = upgrade::upgrade(schema, Draft::of(schema).expect("a fixture declares its draft"));
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dropped: Vec<String> = upgraded.changes.iter().map(|c| c.pointer().to_string()).collect();
        // Draft-04's `integer` is reported, not dropped.
        let expected: &[&str] = match name.as_str() {
            "additional-items-ignored" => &["/properties/tags/additionalItems", "/properties/loose/additionalItems"],
            "ref-siblings" => &[
                "/properties/id/maxLength",
                "/properties/id/description",
                "/properties/code/type",
                "/properties/list/items/enum",
            ],
            "later-keywords" => &[
                "/properties/kind/const",
                "/properties/parts/contains",
                "/properties/parts/prefixItems",
                "/properties/mode/if",
                "/properties/mode/then",
                "/propertyNames",
                "/unevaluatedProperties",
            ],
            "exclusive-bounds" => &["/properties/count/type", "/properties/nested/definitions/Pos/type"],
            _ => &[],
        };
        assert_eq!(dropped, expected, "{name}");
        // And harn-catalog's own compiler takes the upgraded schema as it is.
        let compiled = common::compile_json(&json!({"tools": [{"name": "t", "inputSchema": upgraded.schema}]}));
        assert!(compiled.diagnostics.is_empty(), "{name}: {}", compiled.human());
        cases.push(case(&name, schema, &upgraded, &fixture["instances"]));
    }
    assert_eq!(cases.len(), 8);
    assert_equivalent(&judged(&cases));
}

/// The near misses a user meets: each refused with its location and a help line,
/// with the exit code spec/decisions.md 12 gives, and nothing written.
#[test]
fn refusals_are_located_with_a_help_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.yaml");
    let cases: &[(&str, &str, &str, i32, &[&str])] = &[
        // Not JSON: the reader's own error, a rejected input.
        (
            "broken.json",
            "mcp",
            "{\"tools\": [\n  {\"name\": \"a\",}\n]}\n",
            1,
            &["error[syntax-error]", "broken.json:2:", "help: fix the file where shown"],
        ),
        (
            "unknown.json",
            "mcp",
            "{\"server\": {\"tools\": []}}\n",
            1,
            &["error[import-shape]", "unknown.json:1:1", "help: give a tools/list result"],
        ),
        (
            "nameless.json",
            "mcp",
            "{\"tools\": [\n  {\"inputSchema\": {\"type\": \"object\"}}\n]}\n",
            1,
            &[
                "error[import-tool]",
                "the tool at /tools/0 has no \"name\"",
                "nameless.json:2:3",
                "help: give every tool",
            ],
        ),
        ("list.tools.json", "docker", "{\"tools\": []}\n", 1, &["error[import-shape]", "help: `import docker` reads"]),
        ("missing.json", "mcp", "", 2, &["error[unreadable-input]", "no such file"]),
    ];
    for (name, kind, text, code, expected) in cases {
        let input = dir.path().join(name);
        if !text.is_empty() {
            std::fs::write(&input, text).unwrap();
        }
        let output = common::harn_catalog()
            .args(["import", kind])
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .arg("--color=never")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(*code), "{name}: {stderr}");
        for fragment in *expected {
            assert!(stderr.contains(fragment), "{name}: expected {fragment:?} in:\n{stderr}");
        }
        assert!(stderr.contains("nothing was written"), "{name}: {stderr}");
        assert!(!out.exists(), "{name}: a refused import wrote {}", out.display());
        assert!(output.stdout.is_empty());
    }
    // A folder without one-tool files, and an output whose syntax is unknown.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    common::harn_catalog().args(["import", "mcp"]).arg(&empty).assert().code(1);
    let input = dir.path().join("ok.json");
    std::fs::write(&input, r#"{"tools": [{"name": "ping", "inputSchema": {"type": "object"}}]}"#).unwrap();
    common::harn_catalog()
        .args(["import", "mcp"])
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.txt"))
        .assert()
        .code(2);
    common::harn_catalog().args(["import", "mcp", "--to", "json"]).arg(&input).arg("-o").arg(&out).assert().code(2);
    assert!(!out.exists());
}

/// The output's syntax comes from -o's extension or --to (YAML by default), the
/// same bytes every run, warnings on stderr and the declaration alone on stdout.
#[test]
fn the_declaration_is_written_in_the_syntax_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("tools.json");
    std::fs::write(
        &input,
        r#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": [
            {"name": "help", "description": "Multi-line\ndescription", "inputSchema": {"type": "object", "properties": {"version": {"type": "string", "default": "v1"}}}}
        ]}}"#,
    )
    .unwrap();
    let run = |args: &[&str]| common::harn_catalog().args(["import", "mcp"]).arg(&input).args(args).output().unwrap();
    let yaml = run(&[]);
    assert!(yaml.status.success());
    let stderr = String::from_utf8_lossy(&yaml.stderr);
    assert!(
        stderr.contains("warning[import-cli-metadata]: tool \"help\": wrote cli.command [\"help-tool\"]"),
        "{stderr}"
    );
    assert!(stderr.contains("wrote cli.arguments.\"version\".long \"input-version\""), "{stderr}");
    // --deny-warnings makes them errors: nothing is printed, exit 1.
    let denied = run(&["--deny-warnings"]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(denied.stdout.is_empty());
    assert!(String::from_utf8_lossy(&denied.stderr).contains("error[import-cli-metadata]"));
    assert_eq!(yaml.stdout, run(&[]).stdout, "the same input gives the same bytes");
    let text = String::from_utf8(yaml.stdout).unwrap();
    assert!(text.starts_with("tools:\n  - name: help\n"), "{text}");
    for (args, file) in [(&["--to", "json"][..], "a.json"), (&["--to", "toml"][..], "a.toml"), (&[][..], "a.yaml")] {
        let printed = run(args);
        assert!(printed.status.success());
        let path = dir.path().join(file);
        std::fs::write(&path, &printed.stdout).unwrap();
        let written = dir.path().join(format!("written-{file}"));
        assert!(run(&["-o", written.to_str().unwrap()]).status.success());
        assert_eq!(std::fs::read(&written).unwrap(), printed.stdout, "{file}");
        let compiled = common::compile_path(&path);
        assert!(compiled.diagnostics.is_empty(), "{file}: {}", compiled.human());
        let tool = &compiled.json()["tools"][0];
        assert_eq!(tool["cli"]["command"], json!(["help-tool"]));
        assert_eq!(tool["cli"]["arguments"]["version"]["long"], "input-version");
        assert_eq!(tool["description"], "Multi-line\ndescription");
    }
}

/// A tool's keys MCP does not define reach the catalog's `_meta` (and the projected
/// tool's); what has no place is reported, as is a result that is only one page.
#[test]
fn unknown_keys_are_kept_under_meta_and_a_partial_page_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let input = common::write(
        dir.path(),
        "page.json",
        r#"{"tools": [
            {"name": "b_tool", "inputSchema": {"type": "object"}, "category": "widgets", "bad key": 1, "_meta": {"com.example/owner": "ops"}},
            {"name": "a_tool", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true, "kind": "read"}}
        ], "nextCursor": "page-2", "server": "widgets"}"#,
    );
    let imported = import::import(Kind::Mcp, &input);
    let messages: Vec<(&str, &str)> = imported.diagnostics.iter().map(|d| (d.code(), d.message.as_str())).collect();
    assert_eq!(
        messages,
        [
            (
                "import-unknown-key",
                "the result has a \"nextCursor\": only this page of tools is imported; list the next pages and import them too"
            ),
            ("import-unknown-key", "\"server\" is no key of a tools/list result; left out"),
            (
                "import-unknown-key",
                "tool \"b_tool\": \"category\" is no key of an MCP tool; kept as meta.category (the tool's _meta)"
            ),
            (
                "import-unknown-key",
                "tool \"b_tool\": \"bad key\" is no key of an MCP tool; left out, as _meta cannot hold that name"
            ),
            (
                "import-unknown-key",
                "tool \"a_tool\": annotation \"kind\" is none of MCP's hints, which are all the catalog keeps; left out"
            ),
        ]
    );
    let declaration = imported.declaration.unwrap();
    // The tools keep the order the server listed them in.
    let names: Vec<&str> = tools_of(&declaration).iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["b_tool", "a_tool"]);
    let outcome = compile_every_syntax(&declaration);
    assert!(outcome.diagnostics.is_empty(), "{}", outcome.human());
    let meta = json!({"category": "widgets", "com.example/owner": "ops"});
    assert_eq!(outcome.json()["tools"][0]["_meta"], meta);
    let projected = serde_json::to_value(&outcome.prepared.unwrap().mcp[0]).unwrap();
    assert_eq!(projected["_meta"], meta);
}
