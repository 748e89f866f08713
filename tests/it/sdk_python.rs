//! The Python SDK (`harn-catalog sdk --lang python`), checked by the real consumers
//! `make tools` installs (mypy, pydantic and the official `mcp` SDK):
//!
//! - the SDKs of the fixtures and of the GitHub MCP server's 117 tools pass
//!   `mypy --strict`, with the end-to-end programs that use them as a user does;
//! - the models agree with the JSON-Schema-Test-Suite: pydantic accepts every instance
//!   a schema accepts and, where the SDK claims a type exact (no "wider" note), refuses
//!   every instance the schema refuses;
//! - end to end, `tests/python/widgets_e2e.py` calls the widgets tools through the
//!   generated `ToolClient` on a real `ClientSession`, served by handlers the generated
//!   `register_tools` put on a real `MCPServer` (`tests/python/widgets_server.py`);
//! - end to end, `tests/python/everything_e2e.py` calls the MCP reference server
//!   through the client generated from its own tools (imported live);
//! - regeneration is byte-identical, and `sdk --check` and `check` of an `[[sdk]]`
//!   report a stale SDK.

use crate::common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use harn_catalog::emit::sdk::Language;
use harn_catalog::emit::sdk::python::{INIT, PY_TYPED, WIDENED};
use serde_json::{Value, json};

/// The venv's program `name` (`python`, `mypy`), which `make tools` installs.
fn venv(name: &str) -> PathBuf {
    let program = common::root().join(".tools/venv/bin").join(name);
    assert!(program.exists(), "{} is missing: run `make tools`", program.display());
    program
}

/// The `__init__.py` of the Python SDK of `text`, a registry in a file named `name`.
fn python(name: &str, text: &str) -> String {
    let files = common::sdk(Language::Python, name, text).unwrap_or_else(|e| panic!("{name} is refused:\n{e}"));
    assert_eq!(files.iter().map(|f| f.path.as_str()).collect::<Vec<_>>(), [INIT, PY_TYPED]);
    files.into_iter().next().map(|f| f.contents).unwrap_or_default()
}

fn fixture(path: &str) -> String {
    python(path, &std::fs::read_to_string(common::root().join(path)).unwrap())
}

/// Writes `init` as the package `name` in `dir`, with its `py.typed`.
fn package(dir: &Path, name: &str, init: &str) {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    common::write(&folder, INIT, init);
    common::write(&folder, PY_TYPED, "");
}

/// Copies `tests/python/<name>` into `dir`.
fn program(dir: &Path, name: &str) {
    std::fs::copy(common::root().join("tests/python").join(name), dir.join(name)).unwrap();
}

/// Runs `command`; its stdout, or the test fails with everything it wrote.
fn run(command: &mut Command) -> String {
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{command:?} failed:\n{stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

#[test]
fn the_mapping_fixture_renders_models_aliases_and_notes() {
    let py = fixture("fixtures/sdk/mapping.json");
    for expected in [
        // A component is a model, closed, referenced by name and recursive by name.
        "class Tree(_Model):\n    \"\"\"A tree\"\"\"\n\n    model_config = ConfigDict(extra=\"forbid\")\n",
        "    label: Annotated[str, Field(min_length=1)]\n",
        "    children: Annotated[list[Tree] | None, _NOT_NULL] = None\n",
        "    tree: Tree\n",
        // enum and const: literals, checked as JSON compares them where not strings.
        "Colour = Annotated[Literal[\"red\", \"green\", 7, None], _one_of(\"red\", \"green\", 7, None)]",
        "    ok: Annotated[Literal[True], _one_of(True)]\n",
        // Nullable and optional kept apart: an optional property refuses null unless
        // its schema admits it.
        "    maybe: str | None = None\n",
        "    colour: Colour = None\n",
        // Bounds and patterns are checked; integers take 1.0.
        "    count: Annotated[Annotated[_Int, Field(ge=0, le=10)] | None, _NOT_NULL] = None\n",
        "    coded: Annotated[Annotated[str, Field(pattern=\"^[A-Z]{3}$\")] | None, _NOT_NULL] = None\n",
        // Maps, closed maps, root $defs by name.
        "    labels: Annotated[dict[str, str] | None, _NOT_NULL] = None\n",
        "    closed: Annotated[dict[str, _Never] | None, _NOT_NULL] = None\n",
        // An `anyOf` is a union, exact: no note follows it.
        "    either: str | ShapesDescribeInputNode\n\n",
        "class ShapesDescribeInputNode(_Model):",
        "    next: ShapesDescribeInputNode | None\n",
        // Names Python cannot take as they are get an alias.
        "    quoted_name: Annotated[str | None, _NOT_NULL] = Field(default=None, validation_alias=\"quoted-name\", \
         serialization_alias=\"quoted-name\")\n",
        "    proto__: Annotated[float | None, _NOT_NULL] = Field(default=None, validation_alias=\"__proto__\", \
         serialization_alias=\"__proto__\")\n",
        // What pydantic cannot check widens, and says so.
        "    not_text: Any = None\n    \"\"\"The type is wider than the schema: it does not check `not`.\"\"\"\n",
        "    one: Annotated[Literal[\"a\"] | Annotated[Literal[1], _one_of(1)] | None, _NOT_NULL] = None\n    \"\"\"The \
         type is wider than the schema: it does not check `oneOf`.\"\"\"\n",
        // A tool's docstring starts with its signature.
        "class ShapesDescribeInput(_Model):\n    \"\"\"`shapes.describe(tree: Tree, colour?: Colour, ",
        // Colliding names are numbered as in every language.
        "Error2 = str\n",
        "ShapesDescribeError = Error2\n",
        "ShapesDescribeOutput = list[Tree]\n",
        // The client and the handlers cover the MCP tools; the types every tool.
        "    async def shapes_describe(\n",
        "ToolName = Literal[\"shapes.describe\", \"error\", \"catalog_only\"]",
        "class CatalogOnlyInput(_Model):",
    ] {
        assert!(py.contains(expected), "missing:\n{expected}\n--- in ---\n{py}");
    }
    assert_eq!(py.matches("class Tree(").count(), 1, "a component is declared once");
    assert!(!py.contains("async def catalog_only("), "no client or handler for a tool MCP does not advertise");
}

/// A tool's `TOOLS` entry is one line: its types, contract hash and advertised
/// `tools/list` entry (execution kept), so that a change to one tool is a change to its
/// line.
#[test]
fn tools_holds_a_line_per_tool_with_its_types_hash_and_definition() {
    let registry = json!({"tools": [
        {"name": "report.build", "inputSchema": {"type": "object"}, "execution": {"taskSupport": "optional"},
         "outputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
        {"name": "report.get", "inputSchema": {"type": "object"}, "governance": {"audiences": ["catalog"]}}
    ]});
    let py = python("tasks.json", &registry.to_string());
    let lines: Vec<&str> = py.lines().filter(|l| l.starts_with("    \"report.") && l.contains("ToolInfo(")).collect();
    assert_eq!(lines.len(), 2, "{py}");
    assert!(lines[0].starts_with(
        "    \"report.build\": ToolInfo(\"report.build\", None, ReportBuildInput, ReportBuildOutput, None, \"sha256:"
    ));
    assert!(
        lines[0].contains("_json.loads('{\"name\":\"report.build\"")
            && lines[0].contains("\"taskSupport\":\"optional\"")
    );
    assert!(lines[1].contains("ReportGetInput, None, None, ") && lines[1].ends_with("(\"catalog\",), None),"), "{py}");
}

#[test]
fn fixture_and_github_sdks_pass_mypy_strict() {
    let dir = tempfile::tempdir().unwrap();
    package(dir.path(), "widgets_sdk", &fixture("fixtures/widgets/registry.json"));
    package(dir.path(), "mapping_sdk", &fixture("fixtures/sdk/mapping.json"));
    // Discriminated and recursive unions, a $defs member the output and error share.
    package(dir.path(), "kinds_sdk", &fixture("fixtures/sdk/rust/kinds.json"));
    let mut targets = vec!["widgets_sdk", "mapping_sdk", "kinds_sdk", "widgets_e2e.py", "widgets_server.py"];
    program(dir.path(), "widgets_e2e.py");
    program(dir.path(), "widgets_server.py");
    if let Some((originals, registry)) = common::github_registry("sdk_python: the GitHub MCP server's SDK under mypy") {
        let py = python("github.json", &registry.to_string());
        for original in &originals {
            let name = original["name"].as_str().unwrap();
            assert!(py.contains(&format!("\n    \"{name}\": ToolInfo(")), "{name} is a tool of the SDK");
        }
        package(dir.path(), "github_sdk", &py);
        targets.push("github_sdk");
    }
    let cache = dir.path().join(".mypy_cache");
    run(Command::new(venv("mypy"))
        .current_dir(dir.path())
        .arg("--strict")
        .arg("--cache-dir")
        .arg(&cache)
        .args(&targets));
    // And they import: pydantic builds every model.
    let imports: String = targets.iter().filter(|t| t.ends_with("_sdk")).map(|t| format!("import {t}\n")).collect();
    run(Command::new(venv("python")).current_dir(dir.path()).args(["-c", &imports]));
}

#[test]
fn models_agree_with_the_json_schema_test_suite() {
    let Some(files) = common::suite_files("sdk_python: the JSON-Schema-Test-Suite against the generated models") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut groups = Vec::new();
    let (mut exact, mut refused, mut invalid_checked) = (0, 0, 0);
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let suite: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for (g, group) in suite.iter().enumerate() {
            if crate::mcp_semantics::needs_remote(group) {
                continue;
            }
            // The group's schema as a component, so that its own references resolve in
            // it; the tool's input holds an instance under `value`.
            let registry = json!({
                "components": {"schemas": {"S": group["schema"]}},
                "tools": [{
                    "name": "t",
                    "inputSchema": {"type": "object", "properties": {"value": {"$ref": "#/components/schemas/S"}}, "required": ["value"]}
                }]
            });
            let Ok(files) = common::sdk(Language::Python, "suite.json", &registry.to_string()) else {
                refused += 1;
                continue;
            };
            let alias = format!("g{}", groups.len());
            let init = &files[0].contents;
            let is_exact = !init.contains(WIDENED);
            exact += usize::from(is_exact);
            package(dir.path(), &alias, init);
            let label = format!("{name} #{g} {:?}", group["description"].as_str().unwrap_or_default());
            let tests: Vec<Value> = group["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| json!({"data": t["data"], "valid": t["valid"], "label": t["description"]}))
                .collect();
            invalid_checked += if is_exact { tests.iter().filter(|t| t["valid"] == false).count() } else { 0 };
            groups.push(json!({"package": alias, "exact": is_exact, "label": label, "tests": tests}));
        }
    }
    let manifest = json!({"folder": dir.path(), "groups": groups});
    let output = String::from_utf8(common::run_python("python/suite_check.py", manifest.to_string())).unwrap();
    let summary = output.lines().find(|l| l.starts_with("{\"checked\"")).unwrap_or_default();
    println!(
        "JSON-Schema-Test-Suite against the Python SDK: {} groups ({exact} with exact types, {refused} refused by the \
         compiler), {invalid_checked} invalid instances checked; {summary}",
        groups.len()
    );
    let mut explained = String::new();
    for line in output.lines().filter(|l| !l.starts_with("{\"checked\"")) {
        writeln!(explained, "{line}").unwrap();
    }
    assert!(explained.trim().is_empty(), "the models disagree with the suite:\n{explained}");
    // Guards against passing vacuously (the suite has 383 groups, 40 of them with
    // remote documents).
    assert!(groups.len() >= 300, "only {} groups rendered", groups.len());
    assert!(exact >= 100 && invalid_checked >= 140, "too few exact types to check refusals");
}

#[test]
fn the_widgets_tools_run_end_to_end_between_the_official_python_server_and_client() {
    let dir = tempfile::tempdir().unwrap();
    package(dir.path(), "widgets_sdk", &fixture("fixtures/widgets/registry.json"));
    program(dir.path(), "widgets_e2e.py");
    program(dir.path(), "widgets_server.py");
    // The client starts the server over stdio and stops it when its session ends.
    let stdout = run(Command::new(venv("python")).current_dir(dir.path()).arg("widgets_e2e.py"));
    assert!(stdout.contains("widgets end to end: ok"), "{stdout}");
}

#[test]
fn the_reference_server_answers_the_python_client_generated_from_its_tools() {
    if !common::tool_present("node", "sdk_python: the reference server end to end", "Node.js 20 or later") {
        return;
    }
    let server = common::root().join(".tools/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(server.exists(), "{} is missing: run `make tools`", server.display());
    let imported = common::harn_catalog()
        .args(["import", "mcp", "--to", "json", "--", "node"])
        .arg(&server)
        .arg("stdio")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let dir = tempfile::tempdir().unwrap();
    package(dir.path(), "everything_sdk", &python("everything.json", &String::from_utf8(imported).unwrap()));
    program(dir.path(), "everything_e2e.py");
    let cache = dir.path().join(".mypy_cache");
    run(Command::new(venv("mypy"))
        .current_dir(dir.path())
        .args(["--strict", "--cache-dir"])
        .arg(&cache)
        .args(["everything_e2e.py", "everything_sdk"]));
    let stdout = run(Command::new(venv("python"))
        .current_dir(dir.path())
        .args(["everything_e2e.py", "node"])
        .arg(&server)
        .arg("stdio"));
    assert!(stdout.contains("everything end to end: ok"), "{stdout}");
}

#[test]
fn regeneration_is_byte_identical_and_a_stale_sdk_fails_the_checks() {
    let dir = tempfile::tempdir().unwrap();
    let registry = common::root().join("fixtures/widgets/registry.json");
    let committed = common::root().join("fixtures/sdk/widgets-python");
    let sdk = |out: &Path, check: bool| {
        let mut command = common::harn_catalog();
        command.args(["sdk", "--lang", "python"]).arg(&registry).arg("-o").arg(out);
        if check {
            command.arg("--check");
        }
        command.assert()
    };
    sdk(&dir.path().join("first"), false).success();
    sdk(&dir.path().join("second"), false).success();
    let first = std::fs::read(dir.path().join("first").join(INIT)).unwrap();
    assert_eq!(first, std::fs::read(dir.path().join("second").join(INIT)).unwrap());
    assert!(dir.path().join("first").join(PY_TYPED).exists(), "the package says it is typed");
    assert_eq!(first, std::fs::read(committed.join(INIT)).unwrap(), "the committed SDK is current: `harn-catalog gen`");
    sdk(&committed, true).success();

    // `sdk --check`: a stale file, with a diff; Python's own caches are not reported.
    let stale = dir.path().join("first");
    let text = String::from_utf8(first).unwrap().replace("    widget_id: str\n", "    widget_id: int\n");
    common::write(&stale, INIT, &text);
    std::fs::create_dir(stale.join("__pycache__")).unwrap();
    common::write(&stale.join("__pycache__"), "x.pyc", "");
    let output = sdk(&stale, true).failure().get_output().clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-    widget_id: int") && stderr.contains("+    widget_id: str"), "{stderr}");
    assert!(!stderr.contains("__pycache__"), "{stderr}");

    // `gen` and `check` of a configuration with a Python [[sdk]].
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    std::fs::copy(&registry, project.join("registry.json")).unwrap();
    let toml = "[[sdk]]\ninput = \"registry.json\"\noutput = \"sdk\"\nlanguage = \"python\"\n";
    let config = common::write(&project, "harn-catalog.toml", toml);
    common::harn_catalog().arg("gen").arg("--config").arg(&config).assert().success();
    assert!(project.join("sdk").join(PY_TYPED).exists());
    common::harn_catalog().arg("check").arg("--config").arg(&config).assert().success();
    common::write(&project.join("sdk"), INIT, &text);
    let output =
        common::harn_catalog().arg("check").arg("--config").arg(&config).assert().failure().get_output().clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-    widget_id: int") && stderr.contains("+    widget_id: str"), "{stderr}");
}

/// What a user relies on at run time: a `oneOf` tagged by a constant is a pydantic
/// discriminator (exact, no note), a property named like a keyword or a pydantic name
/// is read and written under its JSON name, and null is refused where the schema does
/// not admit it while an absent property stays absent.
#[test]
fn discriminators_aliases_and_null_validate_as_their_schemas_say() {
    let py = fixture("fixtures/sdk/python-names.json");
    assert!(
        py.contains(
            "    payment: Annotated[PayInputPaymentOption1 | PayInputPaymentOption2, Field(discriminator=\"kind\")]\n"
        ),
        "{py}"
    );
    assert!(!py.contains("does not check `oneOf`"), "a discriminated oneOf is exact");
    let dir = tempfile::tempdir().unwrap();
    package(dir.path(), "names_sdk", &py);
    let script = r#"
from pydantic import ValidationError
from names_sdk import PayInput, PayInputPaymentOption1

card = {"kind": "card", "last4": "1234"}
value = PayInput.model_validate({"payment": card, "class": 2, "note": None})
assert isinstance(value.payment, PayInputPaymentOption1) and value.class_ == 2, value
assert value.model_dump(exclude_unset=True) == {"payment": card, "class": 2, "note": None}, value
assert PayInput(payment=value.payment, class_=3).model_dump(exclude_unset=True)["class"] == 3
for invalid in [
    {"payment": {"kind": "cash"}, "class": 2},
    {"payment": {"kind": "card", "last4": "12"}, "class": 2},
    {"payment": {"kind": "card", "last4": "1234", "iban": "x"}, "class": 2},
    {"payment": card, "class": 0},
    {"payment": card, "class": "2"},
    {"payment": card, "class": True},
    {"payment": card, "class": 2, "model_name": None},
]:
    try:
        PayInput.model_validate(invalid)
    except ValidationError:
        continue
    raise AssertionError(f"accepted {invalid}")
assert PayInput.model_validate({"payment": card, "class": 2.0, "model_name": "m"}).model_name_ == "m"
print("names: ok")
"#;
    let stdout = run(Command::new(venv("python")).current_dir(dir.path()).args(["-c", script]));
    assert!(stdout.contains("names: ok"), "{stdout}");
}

/// A property is a discriminator only when every branch gives it one value: a branch
/// that lists two would map both to itself, and pydantic refuses a value mapped twice.
#[test]
fn a_tag_listing_two_values_is_no_discriminator() {
    let registry = serde_json::json!({"tools": [{
        "name": "ship",
        "description": "Ship a parcel.",
        "inputSchema": {"type": "object", "properties": {"by": {"oneOf": [
            {"type": "object", "properties": {"kind": {"enum": ["road", "rail"]}, "depot": {"type": "string"}},
             "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"const": "rail"}, "line": {"type": "string"}},
             "required": ["kind"]}
        ]}}, "required": ["by"]}
    }]});
    let py = python("ship.json", &registry.to_string());
    assert!(py.contains("    by: ShipInputByOption1 | ShipInputByOption2\n"), "{py}");
    assert!(!py.contains("discriminator="), "{py}");
}

/// Listed values keep those of the listed type (`1` and `2` of `[1, 2, "three"]` for
/// an integer); a property whose type is `true` may be null, as any value.
#[test]
fn listed_values_keep_their_type_and_a_reference_to_true_takes_null() {
    let registry = serde_json::json!({
        "components": {"schemas": {"Anything": true}},
        "tools": [{
            "name": "tune",
            "description": "Tune it.",
            "inputSchema": {"type": "object", "properties": {
                "level": {"type": "integer", "enum": [1, 2, "three"]},
                "hint": {"$ref": "#/components/schemas/Anything"}
            }}
        }]
    });
    let py = python("tune.json", &registry.to_string());
    assert!(
        py.contains("    level: Annotated[Annotated[Literal[1, 2], _one_of(1, 2)] | None, _NOT_NULL] = None\n"),
        "{py}"
    );
    assert!(py.contains("    hint: Anything = None\n"), "{py}");
}

/// A fractional bound on a number is checked as written; a fractional `multipleOf` on
/// an integer alone is left out (pydantic divides an integer by it in floating point,
/// and refuses exact multiples), and the docstring says so.
#[test]
fn fractional_bounds_are_checked_but_a_fractional_step_on_an_integer() {
    let registry = serde_json::json!({"tools": [{
        "name": "scale",
        "description": "Scale a drawing.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "factor": {"type": "number", "minimum": 0.5, "multipleOf": 0.25},
                "count": {"type": "integer", "multipleOf": 0.5, "maximum": 10}
            },
            "required": ["factor", "count"]
        }
    }]});
    let py = python("scale.json", &registry.to_string());
    for expected in [
        "    factor: Annotated[float, Field(ge=0.5, multiple_of=0.25)]\n    \"\"\"Bounds: `minimum` 0.5, `multipleOf` 0.25.\"\"\"\n",
        "    count: Annotated[_Int, Field(le=10)]\n",
        "    The type is wider than the schema: it does not check `multipleOf`.\n",
    ] {
        assert!(py.contains(expected), "missing:\n{expected}\n--- in ---\n{py}");
    }
}
