//! The Harn front end: `.harn` modules compile, without running anything, to catalogs
//! as spec/exports.md and spec/contract.md say `harn tool schema --surface exports|script` emits.
//!
//! Every module in `fixtures/harn/` (and its sub-folders' `main.harn`) has its expected
//! catalog beside it, `<name>.expected.json`, compared byte for byte. The expected
//! catalogs were written by this project from the contract, not produced by running
//! upstream: they are checked by review and, like every catalog a test emits, by the
//! independent reference validator against the envelope schemas.

use crate::common;

use std::path::{Path, PathBuf};

use harn_catalog::compile::{Options, compile_file};
use harn_catalog::ingest::harn::Surface;

/// The `.harn` fixtures with an expected catalog, relative to the repository.
fn fixtures() -> Vec<PathBuf> {
    let mut found = common::harn_fixtures(&common::root().join("fixtures/harn"));
    found.retain(|path| expected_path(path).exists());
    found
}

fn expected_path(harn: &Path) -> PathBuf {
    harn.with_extension("expected.json")
}

fn compile(path: &Path, surface: Surface) -> common::Outcome {
    common::outcome(compile_file(path, Options { surface, ..Options::default() }))
}

/// [`compile`] of `text`, a module written as `name` in a folder of its own, with the
/// surface chosen as by default.
fn compile_text(name: &str, text: &str) -> common::Outcome {
    let dir = tempfile::tempdir().unwrap();
    compile(&common::write(dir.path(), name, text), Surface::Auto)
}

#[test]
fn every_fixture_compiles_to_its_expected_catalog() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 25, "only {} .harn fixtures with expected catalogs", fixtures.len());
    let mut failures = Vec::new();
    for path in &fixtures {
        let outcome = compile(path, Surface::Auto);
        let Some(catalog) = &outcome.catalog else {
            failures.push(format!("{} was refused:\n{}", path.display(), outcome.human()));
            continue;
        };
        let pretty =
            serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(catalog).unwrap()).unwrap() + "\n";
        let expected = std::fs::read_to_string(expected_path(path)).unwrap();
        if pretty != expected {
            let diff = similar::TextDiff::from_lines(&expected, &pretty);
            failures.push(format!(
                "{} differs from its expected catalog:\n{}",
                path.display(),
                diff.unified_diff().header("expected", "compiled")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_widget_script_gives_the_widget_registry_catalog() {
    let script = compile(&common::root().join("fixtures/harn/widgets.harn"), Surface::Auto);
    let declared = common::compile_path(&common::root().join("fixtures/widgets/registry.json"));
    assert_eq!(script.catalog, declared.catalog, "{}", script.human());
    let explicit = compile(&common::root().join("fixtures/harn/widgets.harn"), Surface::Script);
    assert_eq!(explicit.catalog, declared.catalog);
}

/// Upstream's example MCP server pattern (burin-labs/harn, examples/mcp_server.harn,
/// e45362cf: a `tool_define` chain reassigned in `pipeline main(task)`, published with
/// `mcp_tools`), in a module of our own, gives the same bytes as its JSON twin.
#[test]
fn the_mcp_server_pattern_gives_the_catalog_of_its_json_twin() {
    let script = compile(&common::root().join("fixtures/harn/script_mcp_server.harn"), Surface::Auto);
    let declared = common::compile_path(&common::root().join("fixtures/harn/script_mcp_server.registry.json"));
    assert!(script.catalog.is_some(), "refused:\n{}", script.human());
    assert_eq!(script.catalog, declared.catalog, "{}", script.human());
    assert!(script.diagnostics.is_empty() && declared.diagnostics.is_empty(), "{}", script.human());
}

#[test]
fn main_is_never_run_and_imports_are_never_executed() {
    // The module imports files that do not exist and a main that would divide by zero
    // and panic after publishing; reading it statically is unaffected.
    let outcome = compile(&common::root().join("fixtures/harn/script_never_runs.harn"), Surface::Auto);
    let catalog = outcome.json();
    assert_eq!(catalog["tools"][0]["name"], "noop");
    assert!(outcome.diagnostics.is_empty(), "{}", outcome.human());
}

#[test]
fn diagnostics_point_into_the_harn_source() {
    let outcome = compile_text(
        "widgets.harn",
        "/// Apply a function.\npub fn apply(items: list<int>,\n             f: fn(int) -> int) -> list<int> {\n  return items\n}\n",
    );
    outcome.assert_has("runtime-only-type", "contains runtime-only Harn type \"closure\"");
    let diagnostic = outcome.diagnostics.iter().find(|d| d.code() == "runtime-only-type").unwrap();
    let at = diagnostic.origin.as_ref().unwrap().line_col();
    assert_eq!((at.line, at.column), (3, 17), "{}", outcome.human());
    assert!(outcome.human().contains("f: fn(int) -> int"), "{}", outcome.human());
}

#[test]
fn the_surface_can_be_chosen() {
    // widgets.harn has no public function: auto is the script surface; exports finds
    // no tool at all.
    let exports = compile(&common::root().join("fixtures/harn/widgets.harn"), Surface::Exports);
    assert_eq!(exports.json()["tools"], serde_json::json!([]));
    // primitives.harn has one: auto is the exports surface; script finds no entry.
    let script = compile(&common::root().join("fixtures/harn/primitives.harn"), Surface::Script);
    script.assert_has("script-surface", "and this module has none");
}

/// A module nested as deeply as the parser allows, in a type (exports surface) or in
/// data (script surface), is read on an ordinary 2 MiB thread stack, in debug builds
/// too (the walkers over its tree grow their stack as the parser does), and refused
/// because its schema or registry would be deeper than any input may be
/// (`harn-too-large`; its near misses are in `harn_bounds`). One level deeper is a
/// located syntax error.
#[test]
fn nesting_as_deep_as_the_parser_allows_is_read_on_a_small_stack() {
    use harn_catalog::compile::compile_source;
    use harn_catalog::ingest::harn::parser::MAX_DEPTH;
    use harn_catalog::source::{Format, SourceFile};

    let compile = |text: String, surface: Surface| {
        compile_source(SourceFile::new("deep.harn", text, Format::Harn), Options { surface, ..Options::default() })
    };
    let exports = |n: usize| {
        let list = format!("{}int{}", "list<".repeat(n), ">".repeat(n));
        format!("/// Deep.\npub fn deep(x: {list}) -> {list} {{\n  return x\n}}\n")
    };
    // The data sits in a top-level constant, so that only its own brackets count.
    let script = |n: usize| {
        let dict = format!("{}1{}", "{a: ".repeat(n), "}".repeat(n));
        format!(
            "let deep = {dict}\nfn main(harness) {{\n  harness.tools.mcp_tools(tool_registry_from([{{name: \"t\", description: \"d\", parameters: {{p: deep}}}}], {{}}))\n}}\n"
        )
    };
    let diagnostics = |compilation: &harn_catalog::compile::Compilation| {
        compilation.diagnostics.iter().map(|d| format!("{}: {}", d.code(), d.message)).collect::<Vec<_>>()
    };
    let too_deep = |compilation: &harn_catalog::compile::Compilation| {
        compilation.catalog().is_none()
            && compilation
                .diagnostics
                .iter()
                .any(|d| d.code() == "harn-syntax" && d.message.starts_with("nesting too deep"))
    };
    let too_large = |compilation: &harn_catalog::compile::Compilation| {
        compilation.catalog().is_none()
            && !compilation.diagnostics.is_empty()
            && compilation.diagnostics.iter().all(|d| d.code() == "harn-too-large")
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let depth = MAX_DEPTH - 2;
            let deep = compile(exports(depth), Surface::Exports);
            assert!(too_large(&deep), "{:?}", diagnostics(&deep));
            let refused = compile(exports(MAX_DEPTH + 1), Surface::Exports);
            assert!(too_deep(&refused), "{:?}", diagnostics(&refused));

            let deep = compile(script(depth), Surface::Script);
            assert!(too_large(&deep), "{:?}", diagnostics(&deep));
            let refused = compile(script(MAX_DEPTH + 1), Surface::Script);
            assert!(too_deep(&refused), "{:?}", diagnostics(&refused));
        })
        .unwrap()
        .join()
        .unwrap();
}

/// A type from a standard-library import named only inside a function type is still
/// named as unresolved (beside the refusal of the function type itself), as the
/// types of every exported signature are.
#[test]
fn an_unresolved_type_inside_a_function_type_is_named() {
    let outcome = compile_text(
        "threads.harn",
        "import \"std/messages\"\n\n/// Map a thread.\npub fn map_thread(thread: string, transform: fn(Message) -> string) -> list<string> {\n  return []\n}\n",
    );
    outcome.assert_has("runtime-only-type", "contains runtime-only Harn type \"closure\"");
    outcome.assert_has("unresolved-import", "stay unresolved (`{}` as input, no output schema): Message");
}
