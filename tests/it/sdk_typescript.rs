//! The TypeScript SDK (`harn-catalog sdk --lang typescript`), checked by the real
//! `tsc --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess` and the real
//! `@modelcontextprotocol/sdk` (both installed by `make tools`):
//!
//! - the SDKs of the fixtures and of the GitHub MCP server's 117 tools compile, their
//!   client and server parts against the MCP SDK's `Client` and `McpServer`;
//! - the types agree with the JSON-Schema-Test-Suite: every instance a schema accepts
//!   type-checks, and where the SDK claims an exact type (no "wider" remark), every
//!   instance the schema refuses fails to (`// @ts-expect-error`);
//! - end to end, `tests/node/widgets.e2e.ts` serves the widgets tools through the
//!   generated `registerTools` on a real `McpServer` and calls each through the
//!   generated client from a real `Client`;
//! - end to end, `tests/node/everything.e2e.ts` calls the MCP reference server through
//!   the client generated from its own tools (imported live): a tool without an output
//!   schema resolves to its content blocks, request options pass through, a failed
//!   request rejects as the tool errors do;
//! - regeneration is byte-identical, and `sdk --check` and `check` report a stale SDK.

use crate::common;

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use harn_catalog::emit::sdk::Language;
use harn_catalog::emit::sdk::typescript::{INDEX, WIDENED};
use serde_json::{Value, json};

/// The compiler options every check uses: the strictest the issue names.
const STRICT: &[&str] = &[
    "--strict",
    "--exactOptionalPropertyTypes",
    "--noUncheckedIndexedAccess",
    "--target",
    "es2022",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
];

/// A folder for tsc and node: an ES module package, the tools' `node_modules` beside it.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "package.json", r#"{"private": true, "type": "module"}"#);
    let modules = common::root().join(".tools/node/node_modules");
    assert!(
        modules.join("@modelcontextprotocol/sdk").exists(),
        "{} has no @modelcontextprotocol/sdk: run `make tools`",
        modules.display()
    );
    std::os::unix::fs::symlink(modules, dir.path().join("node_modules")).unwrap();
    dir
}

/// Runs tsc in `dir` with the strict options and `args`; its output on failure.
fn tsc(dir: &Path, args: &[&str]) -> Result<(), String> {
    let output = Command::new(common::tsc()).current_dir(dir).args(STRICT).args(args).output().unwrap();
    if output.status.success() {
        Ok(())
    } else {
        Err(format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)))
    }
}

/// The `index.ts` of the TypeScript SDK of `text`, a registry in a file named `name`.
fn typescript(name: &str, text: &str) -> String {
    let files = common::sdk(Language::TypeScript, name, text).unwrap_or_else(|e| panic!("{name} is refused:\n{e}"));
    assert_eq!(files.iter().map(|f| f.path.as_str()).collect::<Vec<_>>(), [INDEX]);
    files.into_iter().next().map(|f| f.contents).unwrap_or_default()
}

fn fixture(path: &str) -> String {
    typescript(path, &std::fs::read_to_string(common::root().join(path)).unwrap())
}

#[test]
fn the_mapping_fixture_renders_every_row_of_the_mapping() {
    let ts = fixture("fixtures/sdk/mapping.json");
    for expected in [
        // One named type per component, referenced, recursion by name.
        "export type Tree = {\n  /**\n   * @minLength 1\n",
        "  children?: Tree[];\n};",
        "  tree: Tree;\n",
        // enum and const as literal types, closed tuples, nullable.
        "export type Colour = \"red\" | \"green\" | 7 | null;",
        "export type Point = [number, number];",
        "  maybe?: string | null;",
        "  ok: true;",
        // additionalProperties: false closes an object, a schema is an index signature.
        "  closed?: { [key: string]: never };",
        "  labels?: {\n    [key: string]: string;\n  };",
        // Open tuples, unions, intersections, root $defs by name.
        "  pair?: [string?, boolean?, ...unknown[]];",
        "  either: string | ShapesDescribeInputNode;",
        "  both?: Tree & {\n    weight?: number;\n    [key: string]: unknown;\n  };",
        "export type ShapesDescribeInputNode = {\n  next: ShapesDescribeInputNode | null;",
        // What no type expresses widens, and says so.
        "  /** @remarks The type is wider than the schema: it does not check `not`. */\n  not_text?: unknown;",
        "  /** @remarks The type is wider than the schema: it does not check `if`, `then`, `else`. */\n  conditional?: unknown;",
        "   * @remarks The type is wider than the schema: it does not check `minimum`, `maximum`, `integer`.\n   */\n  count?: number;",
        // Doc comments: default, examples, format, deprecation, bounds, comment ends.
        "   * @default null\n   * @example \"x\"\n",
        "  /** @format date-time */\n  when?: string;",
        "   * @deprecated\n   * @minimum 0\n   * @maximum 10\n",
        "  /** A comment with *\\/ inside. */\n  \"quoted-name\"?: string;",
        // A tool's doc comment starts with its signature.
        "/**\n * `shapes.describe(tree: Tree, colour?: Colour, ",
        "/**\n * `error() -> ErrorOutput`\n",
        // Colliding names are numbered.
        "export type Error2 = string;",
        "export type ShapesDescribeError = Error2;",
        // Names that are not identifiers are quoted; the catalog-only tool has types only.
        "export type McpToolName =\n  | \"shapes.describe\"\n  | \"error\";",
        "  catalog_only: CatalogOnlyInput;",
    ] {
        assert!(ts.contains(expected), "missing:\n{expected}\n--- in ---\n{ts}");
    }
    assert_eq!(ts.matches("export type Tree =").count(), 1);
    assert_eq!(ts.matches("label: string;").count(), 1, "Tree is never inlined");
    assert!(!ts.contains("readonly catalog_only:"), "no client or handler for a tool MCP does not advertise");
    assert!(!ts.contains("import "), "the SDK imports nothing");
}

/// `import * as <alias>` lines and functions using each SDK's client and server side
/// with the MCP SDK's `Client` and `McpServer`.
fn against_the_mcp_sdk(aliases: &[&str]) -> String {
    let mut check = String::from(
        "import type { Client } from \"@modelcontextprotocol/sdk/client/index.js\";\n\
         import type { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n",
    );
    for alias in aliases {
        writeln!(check, "import * as {alias} from \"./{alias}/index.js\";").unwrap();
        writeln!(
            check,
            "export function {alias}_serve(server: McpServer, handlers: {alias}.ToolHandlers<unknown>): void {{\n  \
             {alias}.registerTools(server, handlers);\n}}\n\
             export function {alias}_call(client: Client): {alias}.ToolClient<{alias}.RequestOptionsOf<Client>> {{\n  \
             return {alias}.createToolClient(client);\n}}"
        )
        .unwrap();
    }
    check
}

#[test]
fn an_item_type_is_parenthesised_only_when_a_union_is_its_top() {
    let ts = typescript(
        "ops.json",
        r#"{"info": {"name": "ops"}, "tools": [{"name": "sort", "description": "Sort rows.",
            "inputSchema": {"type": "object", "properties": {
              "rows": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": ["string", "null"]}},
                       "required": ["a"], "additionalProperties": false}},
              "keys": {"type": "array", "items": {"type": ["string", "null"]}}}}}]}"#,
    );
    // The union inside the object's braces leaves the object as it is.
    assert!(ts.contains("  rows?: {\n    a: string | null;\n  }[];\n  keys?: (string | null)[];\n"), "{ts}");
}

#[test]
fn fixture_and_github_sdks_compile_with_strict_tsc_against_the_real_mcp_sdk() {
    let dir = workspace();
    let mut sdks = vec![("widgets", fixture("fixtures/widgets/registry.json"))];
    sdks.push(("mapping", fixture("fixtures/sdk/mapping.json")));
    if let Some((originals, registry)) = common::github_registry("sdk_typescript: the GitHub MCP server's SDK") {
        let ts = typescript("github.json", &registry.to_string());
        for original in &originals {
            let name = original["name"].as_str().unwrap();
            assert!(ts.contains(&format!("\n  | \"{name}\"")), "{name} is a tool of the SDK");
        }
        sdks.push(("github", ts));
    }
    for (alias, ts) in &sdks {
        std::fs::create_dir(dir.path().join(alias)).unwrap();
        common::write(&dir.path().join(alias), INDEX, ts);
    }
    let aliases: Vec<&str> = sdks.iter().map(|(a, _)| *a).collect();
    let mut check = against_the_mcp_sdk(&aliases);
    // The mapping's types refuse what their schemas refuse.
    check.push_str(
        "type In = mapping.ShapesDescribeInput;\n\
         export const ok: In = { tree: { label: \"a\", children: [{ label: \"b\" }] }, either: { next: null }, closed: {}, pair: [\"a\"] };\n\
         // @ts-expect-error: a closed object refuses other properties.\n\
         export const open: In = { tree: { label: \"a\", extra: 1 }, either: \"x\" };\n\
         // @ts-expect-error: a tuple's items have their own types.\n\
         export const pair: In = { tree: { label: \"a\" }, either: \"x\", pair: [true] };\n\
         // @ts-expect-error: an optional property is absent, never undefined.\n\
         export const absent: In = { tree: { label: \"a\" }, either: \"x\", maybe: undefined };\n\
         // @ts-expect-error: a required property is required.\n\
         export const missing: In = { either: \"x\" };\n",
    );
    common::write(dir.path(), "check.ts", &check);
    tsc(dir.path(), &["--noEmit", "check.ts"]).unwrap();
}

/// How the suite's groups fared.
#[derive(Default)]
struct Tally {
    groups: usize,
    exact: usize,
    refused: usize,
    valid: usize,
    invalid_checked: usize,
    invalid_widened: usize,
}

#[test]
fn types_agree_with_the_json_schema_test_suite() {
    let Some(files) = common::suite_files("sdk_typescript: the JSON-Schema-Test-Suite against the generated types")
    else {
        return;
    };
    let dir = workspace();
    let mut tally = Tally::default();
    let mut check = String::new();
    // What each line of check.ts checks, to name a failure.
    let mut labels: Vec<String> = Vec::new();
    let mut push = |check: &mut String, line: String, label: &str| {
        check.push_str(&line);
        check.push('\n');
        labels.push(label.to_owned());
    };
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let groups: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for (g, group) in groups.iter().enumerate() {
            if crate::mcp_semantics::needs_remote(group) {
                continue;
            }
            // The group's schema as a component, so that its own references resolve
            // in it; the tool's input holds an instance under `value`.
            let registry = json!({
                "components": {"schemas": {"S": group["schema"]}},
                "tools": [{
                    "name": "t",
                    "inputSchema": {"type": "object", "properties": {"value": {"$ref": "#/components/schemas/S"}}, "required": ["value"]}
                }]
            });
            let Ok(files) = common::sdk(Language::TypeScript, "suite.json", &registry.to_string()) else {
                tally.refused += 1;
                continue;
            };
            let alias = format!("g{}", tally.groups);
            tally.groups += 1;
            let ts = &files[0].contents;
            let exact = !ts.contains(WIDENED);
            tally.exact += usize::from(exact);
            std::fs::create_dir(dir.path().join(&alias)).unwrap();
            common::write(&dir.path().join(&alias), INDEX, ts);
            let group_label = format!("{name} #{g} {:?}", group["description"].as_str().unwrap_or_default());
            push(&mut check, format!("import type * as {alias} from \"./{alias}/index.js\";"), &group_label);
            for (t, test) in group["tests"].as_array().unwrap().iter().enumerate() {
                let valid = test["valid"].as_bool().unwrap();
                let label = format!("{group_label}: {:?}", test["description"].as_str().unwrap_or_default());
                if valid {
                    tally.valid += 1;
                } else if exact {
                    tally.invalid_checked += 1;
                    push(&mut check, "// @ts-expect-error".to_owned(), &label);
                } else {
                    tally.invalid_widened += 1;
                    continue;
                }
                let instance = json!({ "value": test["data"] });
                push(&mut check, format!("export const {alias}_{t}: {alias}.TInput = {instance};"), &label);
            }
        }
    }
    common::write(dir.path(), "check.ts", &check);
    println!(
        "JSON-Schema-Test-Suite against the TypeScript SDK: {} groups ({} with exact types, {} refused by the \
         compiler); {} valid instances type-check, {} invalid ones fail to, {} invalid ones are left to the \
         widened types",
        tally.groups, tally.exact, tally.refused, tally.valid, tally.invalid_checked, tally.invalid_widened
    );
    if let Err(output) = tsc(dir.path(), &["--noEmit", "check.ts"]) {
        let mut explained = String::new();
        for line in output.lines() {
            let at = line.strip_prefix("check.ts(").and_then(|rest| rest.split(',').next()?.parse::<usize>().ok());
            match at.and_then(|n| Some((n, labels.get(n.checked_sub(1)?)?))) {
                Some((n, label)) => {
                    let source = check.lines().nth(n - 1).unwrap_or_default();
                    writeln!(explained, "{label}\n  {source}\n  {line}").unwrap();
                }
                None => writeln!(explained, "{line}").unwrap(),
            }
        }
        panic!("the types disagree with the suite:\n{explained}");
    }
    // Guards against passing vacuously (the suite has 383 groups, 40 of them with
    // remote documents).
    assert!(tally.groups >= 300, "only {} groups rendered", tally.groups);
    assert!(tally.exact >= 100 && tally.invalid_checked >= 140, "too few exact types to check refusals");
}

#[test]
fn the_widgets_tools_run_end_to_end_between_the_real_mcp_server_and_client() {
    if !common::tool_present("node", "sdk_typescript: the widgets SDK end to end", "Node.js 20 or later") {
        return;
    }
    let dir = workspace();
    std::fs::create_dir(dir.path().join("sdk")).unwrap();
    common::write(&dir.path().join("sdk"), INDEX, fixture("fixtures/widgets/registry.json"));
    let test = std::fs::read_to_string(common::root().join("tests/node/widgets.e2e.ts")).unwrap();
    common::write(dir.path(), "widgets.e2e.ts", test);
    tsc(dir.path(), &["--outDir", "out", "widgets.e2e.ts", "sdk/index.ts"]).unwrap();
    let output = Command::new("node").current_dir(dir.path()).arg("out/widgets.e2e.js").output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("widgets end to end: ok"), "{stdout}");
}

/// A signature names the types its `$ref`s into the root `$defs` lead to (as pydantic
/// writes every model and enum), not `any`; one into part of a member stays `any`.
#[test]
fn signatures_name_the_types_of_root_defs() {
    let registry = json!({"tools": [{
        "name": "create_order",
        "inputSchema": {
            "type": "object",
            "$defs": {
                "Order": {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]},
                "Priority": {"enum": ["low", "high"], "type": "string"}
            },
            "properties": {
                "order": {"$ref": "#/$defs/Order"},
                "priority": {"$ref": "#/$defs/Priority"},
                "part": {"$ref": "#/$defs/Order/properties/sku"}
            },
            "required": ["order"]
        },
        "outputSchema": {"$defs": {"Receipt": {"type": "object"}}, "$ref": "#/$defs/Receipt"}
    }]});
    let ts = typescript("orders.json", &registry.to_string());
    let signature = "`create_order(order: CreateOrderInputOrder, priority?: CreateOrderInputPriority, part?: any) -> \
                     CreateOrderOutputReceipt`";
    assert!(ts.contains(signature), "{ts}");
    assert!(ts.contains("export type CreateOrderInputOrder = {"), "the named type exists: {ts}");
}

/// The `tools/list` the generated server answers keeps how a tool runs as a task, and
/// gives each tool a line of its own (a change to one tool is a change to its line).
#[test]
fn the_advertised_tools_keep_task_support_a_tool_a_line() {
    let registry = json!({"tools": [
        {"name": "report.build", "inputSchema": {"type": "object"}, "execution": {"taskSupport": "optional"}},
        {"name": "report.get", "inputSchema": {"type": "object"}}
    ]});
    let ts = typescript("tasks.json", &registry.to_string());
    let lines: Vec<&str> = ts.lines().filter(|l| l.starts_with("  JSON.parse('{\"name\":")).collect();
    assert_eq!(lines.len(), 2, "{ts}");
    assert!(
        lines[0].contains("\"name\":\"report.build\"")
            && lines[0].contains("\"execution\":{\"taskSupport\":\"optional\"}")
    );
    assert!(lines[1].contains("\"name\":\"report.get\"") && !lines[1].contains("execution"));
}

#[test]
fn the_reference_server_answers_the_client_generated_from_its_tools() {
    if !common::tool_present("node", "sdk_typescript: the reference server end to end", "Node.js 20 or later") {
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
    let dir = workspace();
    std::fs::create_dir(dir.path().join("sdk")).unwrap();
    common::write(&dir.path().join("sdk"), INDEX, typescript("everything.json", &String::from_utf8(imported).unwrap()));
    let test = std::fs::read_to_string(common::root().join("tests/node/everything.e2e.ts")).unwrap();
    common::write(dir.path(), "everything.e2e.ts", test);
    // The stdio transport is typed with Node's own types.
    tsc(dir.path(), &["--types", "node", "--outDir", "out", "everything.e2e.ts", "sdk/index.ts"]).unwrap();
    let output = Command::new("node")
        .current_dir(dir.path())
        .args(["out/everything.e2e.js", "node"])
        .arg(&server)
        .arg("stdio")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("everything end to end: ok"), "{stdout}");
}

#[test]
fn regeneration_is_byte_identical_and_a_stale_sdk_fails_the_checks() {
    let dir = tempfile::tempdir().unwrap();
    let registry = common::root().join("fixtures/widgets/registry.json");
    let committed = common::root().join("fixtures/sdk/widgets-typescript");
    let sdk = |out: &Path, check: bool| {
        let mut command = common::harn_catalog();
        command.args(["sdk", "--lang", "typescript"]).arg(&registry).arg("-o").arg(out);
        if check {
            command.arg("--check");
        }
        command.assert()
    };
    sdk(&dir.path().join("first"), false).success();
    sdk(&dir.path().join("second"), false).success();
    let first = std::fs::read(dir.path().join("first").join(INDEX)).unwrap();
    assert_eq!(first, std::fs::read(dir.path().join("second").join(INDEX)).unwrap());
    assert_eq!(
        first,
        std::fs::read(committed.join(INDEX)).unwrap(),
        "the committed SDK is current: `harn-catalog gen`"
    );
    sdk(&committed, true).success();

    // `sdk --check`: a stale file, with a diff, and a file the generator does not write.
    let stale = dir.path().join("first");
    let text = String::from_utf8(first).unwrap().replace("widget_id: string;", "widget_id: number;");
    common::write(&stale, INDEX, &text);
    common::write(&stale, "extra.ts", "export {};\n");
    let output = sdk(&stale, true).failure().get_output().clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-  widget_id: number;") && stderr.contains("+  widget_id: string;"), "{stderr}");
    assert!(stderr.contains("extra.ts"), "{stderr}");

    // `check` of a configuration with an [[sdk]].
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    std::fs::copy(&registry, project.join("registry.json")).unwrap();
    let toml = "[[sdk]]\ninput = \"registry.json\"\noutput = \"sdk\"\nlanguage = \"typescript\"\n";
    let config = common::write(&project, "harn-catalog.toml", toml);
    common::harn_catalog().arg("gen").arg("--config").arg(&config).assert().success();
    common::harn_catalog().arg("check").arg("--config").arg(&config).assert().success();
    common::write(&project.join("sdk"), INDEX, &text);
    let output =
        common::harn_catalog().arg("check").arg("--config").arg(&config).assert().failure().get_output().clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-  widget_id: number;") && stderr.contains("+  widget_id: string;"), "{stderr}");
}

/// The generated Rust crate plugged into the official Rust MCP SDK: a server on rmcp
/// (`tests/rmcp_server`) answering `tools/list` from the crate's `TOOLS` and
/// dispatching `tools/call` on its `ToolCall`, called over stdio by the generated
/// TypeScript client (`tests/node/rmcp.e2e.ts`). rmcp's dependencies are fetched by
/// `make tools`; the build here is offline.
#[test]
fn the_typescript_client_calls_an_rmcp_server_dispatching_on_the_rust_tool_call() {
    if !common::tool_present("node", "sdk_typescript: the rmcp server end to end", "Node.js 20 or later") {
        return;
    }
    let registry = std::fs::read_to_string(common::root().join("fixtures/widgets/registry.json")).unwrap();
    let rust = common::sdk(Language::Rust, "registry.json", &registry).unwrap();
    let library = rust.iter().find(|f| f.path == "src/lib.rs").expect("the crate has a lib.rs");
    // A folder of its own under target/, kept between runs so that rmcp builds once.
    let server = common::root().join("target/sdk-rmcp");
    let template = common::root().join("tests/rmcp_server");
    for (from, to) in [("Cargo.toml", "Cargo.toml"), ("Cargo.lock", "Cargo.lock"), ("src/main.rs", "src/main.rs")] {
        common::write_if_changed(&server.join(to), &std::fs::read_to_string(template.join(from)).unwrap());
    }
    common::write_if_changed(&server.join("src/sdk.rs"), &library.contents);
    let build = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--offline"])
        .current_dir(&server)
        .env("CARGO_TARGET_DIR", server.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "the rmcp server does not build (are its dependencies fetched? run `make tools`):\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let dir = workspace();
    std::fs::create_dir(dir.path().join("sdk")).unwrap();
    common::write(&dir.path().join("sdk"), INDEX, fixture("fixtures/widgets/registry.json"));
    let test = std::fs::read_to_string(common::root().join("tests/node/rmcp.e2e.ts")).unwrap();
    common::write(dir.path(), "rmcp.e2e.ts", test);
    tsc(dir.path(), &["--types", "node", "--outDir", "out", "rmcp.e2e.ts", "sdk/index.ts"]).unwrap();
    let output = Command::new("node")
        .current_dir(dir.path())
        .arg("out/rmcp.e2e.js")
        .arg(server.join("target/debug/rmcp-server"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("rmcp end to end: ok"), "{stdout}");
}
