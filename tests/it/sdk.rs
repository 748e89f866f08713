//! `harn-catalog sdk` as users drive it, whatever the language: signatures, the
//! Markdown reference read as GitHub renders it, the folder written whole or not at
//! all, `--check`, and `[[sdk]]` outputs of `gen` and `check`.

use std::path::Path;

use crate::common::{self, harn_catalog, write};
use predicates::prelude::*;

/// A registry whose parameters cover each kind of short type a signature shows.
const SHAPES: &str = r##"{
  "info": {"name": "shapes"},
  "components": {"schemas": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}}}},
  "tools": [
    {"name": "draw", "description": "Draw | paint a shape.",
     "inputSchema": {"type": "object", "properties": {
        "kind": {"const": "circle"},
        "mode": {"enum": ["fast", "slow", 3]},
        "at": {"$ref": "#/components/schemas/Point"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "mixed": {"type": "array", "items": {"type": ["string", "integer"]}},
        "label": {"type": ["string", "null"], "description": "Shown | beside it", "default": "none"},
        "short": {"oneOf": [{"$ref": "#/components/schemas/Point"}, {"type": "integer"}]},
        "long": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"type": "null"}, {"type": "array"}]},
        "free": {},
        "pair": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": false},
        "head": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}},
        "open": {"type": "array", "prefixItems": [{"type": "boolean"}]},
        "loose": {"anyOf": [{"type": "string"}, {}]}
      }, "required": ["kind", "at"]},
     "outputSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}},
    {"name": "count", "inputSchema": {"type": "object"}, "outputSchema": {"type": "integer"}},
    {"name": "noop", "inputSchema": {"type": "object", "properties": {}}}
  ]
}
"##;

/// The fenced signatures of a Markdown reference, in order.
fn signatures(page: &str) -> Vec<&str> {
    page.split("```text\n").skip(1).map(|rest| rest.split_once('\n').map_or(rest, |(line, _)| line)).collect()
}

fn markdown_sdk(input: &Path, out: &Path) -> String {
    harn_catalog().args(["sdk", "--lang", "markdown"]).arg(input).arg("-o").arg(out).assert().success();
    std::fs::read_to_string(out.join("README.md")).unwrap()
}

#[test]
fn signatures_show_every_argument_name_with_a_short_type() {
    let dir = tempfile::tempdir().unwrap();
    let page = markdown_sdk(&write(dir.path(), "shapes.json", SHAPES), &dir.path().join("out"));
    assert_eq!(
        signatures(&page),
        [
            "draw(kind: \"circle\", mode?: \"fast\" | \"slow\" | 3, at: Point, tags?: string[], \
             mixed?: (string | integer)[], label?: string | null, short?: Point | integer, long?: any, \
             free?: any, pair?: [number, number], head?: [string, ...integer[]], open?: [boolean, ...any[]], \
             loose?: any) -> DrawOutput",
            "count() -> integer",
            "noop() -> any",
        ]
    );
    let widgets = markdown_sdk(&common::root().join("fixtures/widgets/registry.json"), &dir.path().join("w"));
    assert_eq!(signatures(&widgets)[0], "lookup_widget(widget_id: string, verbose?: boolean) -> Widget");
}

#[test]
fn the_reference_page_renders_a_table_per_tool_and_component_on_github() {
    let dir = tempfile::tempdir().unwrap();
    let page = markdown_sdk(&write(dir.path(), "shapes.json", SHAPES), &dir.path().join("out"));
    let parsed = common::markdown_tables(&page);
    let headings: Vec<&str> = parsed["headings"].as_array().unwrap().iter().map(|h| h.as_str().unwrap()).collect();
    assert_eq!(headings, ["`shapes` tools", "`draw`", "`count`", "`noop`", "Components", "`Point`"]);
    let tables = parsed["tables"].as_array().unwrap();
    // draw's parameters and Point's properties; count and noop have no properties.
    assert_eq!(tables.len(), 2, "{parsed}");
    assert_eq!(tables[0]["header"], serde_json::json!(["Parameter", "Type", "Required", "Description"]));
    let rows = tables[0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 13);
    assert_eq!(rows[9], serde_json::json!(["`pair`", "`[number, number]`", "no", ""]));
    // Pipes in types and descriptions stay inside their cells.
    assert_eq!(rows[1], serde_json::json!(["`mode`", "`\"fast\" | \"slow\" | 3`", "no", ""]));
    assert_eq!(
        rows[5],
        serde_json::json!(["`label`", "`string | null`", "no", "Shown | beside it Default: `\"none\"`."])
    );
    assert_eq!(tables[1]["header"][0], "Property");
}

#[test]
fn the_widgets_reference_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = markdown_sdk(&common::root().join("fixtures/widgets/registry.json"), dir.path());
    insta::assert_snapshot!("widgets_reference_page", page);
}

#[test]
fn regeneration_is_byte_identical_and_check_reports_what_drifted() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "shapes.json", SHAPES);
    let out = dir.path().join("sdk");
    let check = || {
        let mut command = harn_catalog();
        command.args(["sdk", "--lang", "markdown", "--check"]).arg(&input).arg("-o").arg(&out);
        command
    };
    check().assert().code(1).stderr(predicate::str::contains("missing:").and(predicate::str::contains("README.md")));
    assert!(!out.exists(), "--check writes nothing");
    let first = markdown_sdk(&input, &out);
    assert_eq!(markdown_sdk(&input, &out), first);
    check().assert().success();
    // Build products of the folder's own tooling are left alone; other files are not.
    std::fs::create_dir_all(out.join("target/debug")).unwrap();
    std::fs::write(out.join("target/debug/x"), "").unwrap();
    std::fs::write(out.join("Cargo.lock"), "").unwrap();
    check().assert().success();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    check().assert().code(1).stderr(predicate::str::contains("unexpected:").and(predicate::str::contains("notes.txt")));
    std::fs::remove_file(out.join("notes.txt")).unwrap();
    std::fs::write(out.join("README.md"), first.replace("Draw | paint", "Draw")).unwrap();
    check()
        .assert()
        .code(1)
        .stderr(predicate::str::contains("stale:"))
        .stderr(predicate::str::contains("+Draw | paint a shape."))
        .stderr(predicate::str::contains("hint: run `harn-catalog sdk --lang markdown"));
}

#[test]
fn a_refused_input_writes_nothing_and_warnings_can_be_denied() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sdk");
    let broken = write(dir.path(), "broken.json", r#"{"tools": [{"name": "a", "inputSchema": {"type": "objekt"}}]}"#);
    harn_catalog()
        .args(["sdk", "--lang", "typescript"])
        .arg(&broken)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no SDK was written"));
    harn_catalog()
        .args(["sdk", "--lang", "rust"])
        .arg(dir.path().join("absent.json"))
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2);
    let colliding = write(
        dir.path(),
        "colliding.json",
        r#"{"tools": [{"name": "get_issue", "parameters": {}}, {"name": "get-issue", "parameters": {}}]}"#,
    );
    let sdk = |deny: bool| {
        let mut command = harn_catalog();
        command.args(["sdk", "--lang", "markdown"]).arg(&colliding).arg("-o").arg(&out);
        if deny {
            command.arg("--deny-warnings");
        }
        command.assert()
    };
    sdk(true).code(1).stderr(predicate::str::contains("error[sdk-name-collision]"));
    assert!(!out.exists());
    sdk(false).success().stderr(predicate::str::contains("warning[sdk-name-collision]"));
    let page = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(page.contains("`get-issue`"));
}

#[test]
fn gen_writes_and_check_drift_checks_the_sdks_of_a_configuration() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "shapes.json", SHAPES);
    let config = write(
        dir.path(),
        "harn-catalog.toml",
        "[[sdk]]\ninput = \"shapes.json\"\noutput = \"docs/tools\"\nlanguage = \"markdown\"\n",
    );
    let run = |command: &str| {
        let mut run = harn_catalog();
        run.arg(command).arg("--config").arg(&config);
        run.assert()
    };
    run("check").code(1).stderr(predicate::str::contains("missing:"));
    run("gen").success().stdout(predicate::str::contains("README.md"));
    run("check").success();
    run("gen").success().stdout("0 catalogs and 1 SDKs are up to date\n");
    std::fs::write(dir.path().join("docs/tools/extra.md"), "").unwrap();
    run("check").code(1).stderr(predicate::str::contains("unexpected:").and(predicate::str::contains("extra.md")));
    // An unknown language is refused where it is written.
    let bad = write(dir.path(), "bad.toml", "[[sdk]]\ninput = \"shapes.json\"\noutput = \"o\"\nlanguage = \"go\"\n");
    harn_catalog()
        .arg("check")
        .arg("--config")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad.toml:4").and(predicate::str::contains("typescript")));
    // An SDK folder outside the project is refused before anything is read.
    let outside = write(
        dir.path(),
        "out.toml",
        "[[sdk]]\ninput = \"shapes.json\"\noutput = \"../elsewhere\"\nlanguage = \"rust\"\n",
    );
    harn_catalog()
        .arg("gen")
        .arg("--config")
        .arg(&outside)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("path-outside-project"));
}

/// A package is named after the registry's `info.name`, not the file it is in;
/// `--name` and `[[sdk]] name` name it otherwise.
#[test]
fn the_package_is_named_after_the_registry_or_as_asked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "tools.json", r#"{"info": {"name": "Shape Kinds"}, "tools": []}"#);
    let crate_name = |folder: &str| {
        let manifest = std::fs::read_to_string(dir.path().join(folder).join("Cargo.toml")).unwrap();
        manifest.parse::<toml::Table>().unwrap()["package"]["name"].as_str().unwrap().to_owned()
    };
    let sdk = |folder: &str, name: Option<&str>| {
        let mut command = harn_catalog();
        command.current_dir(dir.path()).args(["sdk", "--lang", "rust", "tools.json", "-o", folder]);
        if let Some(name) = name {
            command.args(["--name", name]);
        }
        command.assert().success();
    };
    sdk("a", None);
    assert_eq!(crate_name("a"), "shape-kinds");
    sdk("b", Some("Widget Client"));
    assert_eq!(crate_name("b"), "widget-client");
    // --check compares with the name it is given.
    harn_catalog()
        .current_dir(dir.path())
        .args(["sdk", "--lang", "rust", "tools.json", "-o", "b", "--check"])
        .assert()
        .code(1);
    harn_catalog()
        .current_dir(dir.path())
        .args(["sdk", "--lang", "rust", "tools.json", "-o", "b", "--check", "--name", "Widget Client"])
        .assert()
        .success();
    let config = write(
        dir.path(),
        "harn-catalog.toml",
        "[[sdk]]\ninput = \"tools.json\"\noutput = \"c\"\nlanguage = \"rust\"\nname = \"from-config\"\n",
    );
    harn_catalog().arg("gen").arg("--config").arg(&config).assert().success();
    assert_eq!(crate_name("c"), "from-config");
}
