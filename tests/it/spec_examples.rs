//! The examples of the user documentation in `spec/*.md` are compiled, and every
//! result they show is compared with what harn-catalog really produces, so that the
//! documentation cannot drift from the code.
//!
//! The convention (spec/README.md states it for writers) is carried by the info string
//! of each fenced block whose language is `json`, `yaml`, `toml` or `harn`:
//!
//! - `<lang> input [name=FILE] [surface=auto|exports|script] [phase=catalog]` is an
//!   input, compiled as a file of that name (default `registry.<lang>`, `tools.harn`);
//! - the blocks after it, up to the next input, show its results: `json catalog
//!   [POINTER]` (the catalog, or the value at a JSON Pointer into it), `json mcp
//!   [POINTER]` (the MCP `tools/list` result), `text diagnostics` (every diagnostic's
//!   headline, `severity[code]: message`, in order) and `text stderr [ARGS…]` (what
//!   `harn-catalog schema FILE ARGS…` prints on stderr, run in a folder holding the
//!   input);
//! - an input without a `diagnostics` block must compile without a single diagnostic;
//! - `toml config` is a `harn-catalog.toml`, which must read as one;
//! - `<lang> sketch` marks an incomplete illustration that is deliberately not compiled.
//!
//! Any other info string on a block of those languages fails the test, so that no
//! example goes unchecked by accident. JSON results are compared as text after pretty
//! printing, so key order counts.

use std::path::Path;

use harn_catalog::compile::{self, Options};
use harn_catalog::ingest::harn::Surface;
use harn_catalog::prepare::McpDocuments;
use harn_catalog::prepare::mcp::{Caching, ToolsList};
use harn_catalog::source::{Format, SourceFile};
use serde_json::Value;

use crate::common;

/// One fenced block: where it starts, its info string split on white space, its text.
struct Block {
    line: usize,
    info: Vec<String>,
    text: String,
}

/// The fenced blocks of a Markdown text. Only fences at the start of a line are read:
/// that is all the convention needs, so a CommonMark parser (a new dependency) would
/// buy nothing here.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in markdown.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => {
                let info = info.split_whitespace().map(str::to_owned).collect();
                open = Some(Block { line: index + 1, info, text: String::new() });
            }
            (Some(_), Some(rest)) if rest.trim().is_empty() => found.extend(open.take()),
            (Some(block), _) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    found
}

/// What a result block shows.
#[derive(Debug)]
enum Shown {
    Catalog(String),
    Mcp(String),
    Diagnostics,
    Stderr(Vec<String>),
}

/// An input block and the results shown after it.
#[derive(Debug)]
struct Example {
    line: usize,
    name: String,
    text: String,
    surface: Surface,
    catalog_phase_only: bool,
    results: Vec<(usize, Shown, String)>,
}

const CHECKED_LANGUAGES: &[&str] = &["json", "yaml", "toml", "harn"];

/// The examples of one documentation file; an unknown role is an error.
fn examples(file: &str, markdown: &str) -> Result<Vec<Example>, String> {
    let mut examples: Vec<Example> = Vec::new();
    for block in blocks(markdown) {
        let language = block.info.first().map(String::as_str).unwrap_or_default();
        let role = block.info.get(1).map(String::as_str);
        let rest = block.info.get(2..).unwrap_or_default();
        let at = format!("{file}:{}", block.line);
        let shown = match (language, role) {
            (_, Some("input")) => {
                let extension = if language == "yml" { "yaml" } else { language };
                let mut example = Example {
                    line: block.line,
                    name: if language == "harn" { "tools.harn".to_owned() } else { format!("registry.{extension}") },
                    text: block.text,
                    surface: Surface::Auto,
                    catalog_phase_only: false,
                    results: Vec::new(),
                };
                for option in rest {
                    match option.split_once('=') {
                        Some(("name", name)) => example.name = name.to_owned(),
                        Some(("surface", "exports")) => example.surface = Surface::Exports,
                        Some(("surface", "script")) => example.surface = Surface::Script,
                        Some(("surface", "auto")) => example.surface = Surface::Auto,
                        Some(("phase", "catalog")) => example.catalog_phase_only = true,
                        _ => return Err(format!("{at}: unknown input option {option:?}")),
                    }
                }
                examples.push(example);
                continue;
            }
            (_, Some("sketch")) => continue,
            ("toml", Some("config")) => {
                if let Err(reason) = config_loads(&block.text) {
                    return Err(format!("{at}: the configuration is refused: {reason}"));
                }
                continue;
            }
            ("json", Some("catalog")) => Shown::Catalog(rest.first().cloned().unwrap_or_default()),
            ("json", Some("mcp")) => Shown::Mcp(rest.first().cloned().unwrap_or_default()),
            ("text", Some("diagnostics")) => Shown::Diagnostics,
            ("text", Some("stderr")) => Shown::Stderr(rest.to_vec()),
            (language, _) if CHECKED_LANGUAGES.contains(&language) => {
                return Err(format!(
                    "{at}: a ```{language} block needs a role (input, catalog, mcp, config or sketch), found {:?}",
                    block.info
                ));
            }
            _ => continue,
        };
        let Some(example) = examples.last_mut() else {
            return Err(format!("{at}: a result block comes before any input block"));
        };
        example.results.push((block.line, shown, block.text));
    }
    Ok(examples)
}

/// Whether `text` reads as a `harn-catalog.toml` for `gen` and `check`.
fn config_loads(text: &str) -> Result<(), String> {
    let folder = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = folder.path().join("harn-catalog.toml");
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    harn_catalog::config::load(&path).map(drop).map_err(|e| e.to_string())
}

/// The value at `pointer` (empty: the whole value) in `document`.
fn at_pointer<'v>(document: &'v Value, pointer: &str) -> Option<&'v Value> {
    if pointer.is_empty() { Some(document) } else { document.pointer(pointer) }
}

/// Compares a shown JSON value with the real one, as pretty-printed text.
fn compare_json(actual: Option<&Value>, shown: &str) -> Result<(), String> {
    let expected: Value = serde_json::from_str(shown).map_err(|e| format!("the shown JSON does not parse: {e}"))?;
    let actual = actual.ok_or("the pointer names nothing in the real output")?;
    let (actual, expected) =
        (serde_json::to_string_pretty(actual).unwrap(), serde_json::to_string_pretty(&expected).unwrap());
    if actual == expected { Ok(()) } else { Err(format!("the real output is:\n{actual}")) }
}

/// Compiles one example and checks every result it shows; what differs, if anything.
fn check(example: &Example) -> Vec<(usize, String)> {
    let format = Format::from_path(Path::new(&example.name)).expect("example names have a known extension");
    let options = Options {
        surface: example.surface,
        catalog_phase_only: example.catalog_phase_only,
        mcp_documents: McpDocuments::Build,
        ..Options::default()
    };
    let compilation = compile::compile_source(SourceFile::new(&example.name, example.text.clone(), format), options);
    let outcome = common::outcome(compilation);
    let headlines: Vec<String> =
        outcome.diagnostics.iter().map(|d| format!("{}[{}]: {}", d.severity.as_str(), d.code(), d.message)).collect();
    let mut failures = Vec::new();
    if !example.results.iter().any(|(_, shown, _)| matches!(shown, Shown::Diagnostics)) && !headlines.is_empty() {
        failures.push((example.line, format!("expected no diagnostics, got:\n{}", headlines.join("\n"))));
    }
    let catalog: Option<Value> = outcome.catalog.as_deref().map(|text| serde_json::from_str(text).unwrap());
    let mcp: Option<Value> = outcome.prepared.as_ref().filter(|_| catalog.is_some()).map(|prepared| {
        serde_json::to_value(ToolsList::new(&prepared.mcp, prepared.protocol_version, Caching::default())).unwrap()
    });
    for (line, shown, text) in &example.results {
        let result = match shown {
            Shown::Catalog(pointer) => match &catalog {
                Some(catalog) => compare_json(at_pointer(catalog, pointer), text),
                None => Err(format!("the input was refused:\n{}", outcome.human())),
            },
            Shown::Mcp(pointer) => match &mcp {
                Some(mcp) => compare_json(at_pointer(mcp, pointer), text),
                None => Err(format!("no MCP projection:\n{}", outcome.human())),
            },
            Shown::Diagnostics => {
                let shown: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
                if shown == headlines {
                    Ok(())
                } else {
                    Err(format!("the real diagnostics are:\n{}", headlines.join("\n")))
                }
            }
            Shown::Stderr(args) => stderr(example, args).and_then(|actual| {
                if &actual == text { Ok(()) } else { Err(format!("the real stderr is:\n{actual}")) }
            }),
        };
        if let Err(reason) = result {
            failures.push((*line, reason));
        }
    }
    failures
}

/// What `harn-catalog schema FILE ARGS…` prints on stderr, run in a folder that holds
/// the example's input under its name.
fn stderr(example: &Example, args: &[String]) -> Result<String, String> {
    let folder = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(folder.path().join(&example.name), &example.text).map_err(|e| e.to_string())?;
    let mut command = common::harn_catalog();
    command.current_dir(folder.path()).arg("schema").arg(&example.name).args(args);
    match example.surface {
        Surface::Auto => {}
        Surface::Exports => {
            command.args(["--surface", "exports"]);
        }
        Surface::Script => {
            command.args(["--surface", "script"]);
        }
    }
    if example.catalog_phase_only {
        command.args(["--phase", "catalog"]);
    }
    let output = command.output().map_err(|e| e.to_string())?;
    String::from_utf8(output.stderr).map_err(|e| e.to_string())
}

/// The user documentation, file name and text, in name order.
fn spec_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(common::root().join("spec"))
        .expect("spec/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = format!("spec/{}", path.file_name().unwrap().to_string_lossy());
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_of_the_documentation_shows_what_harn_catalog_does() {
    let mut failures = Vec::new();
    let mut compiled = Vec::new();
    for (name, text) in spec_files() {
        let found = match examples(&name, &text) {
            Ok(found) => found,
            Err(reason) => {
                failures.push(reason);
                continue;
            }
        };
        compiled.push((name.clone(), found.len()));
        for example in &found {
            for (line, reason) in check(example) {
                failures.push(format!("{name}:{line}: {reason}"));
            }
        }
    }
    // The documents that describe inputs must keep examples the test can check.
    for document in ["spec/declarations.md", "spec/harn.md", "spec/cli.md"] {
        let count = compiled.iter().find(|(name, _)| name == document).map_or(0, |(_, n)| *n);
        if count == 0 {
            failures.push(format!("{document} has no checked example (```<lang> input blocks)"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) differ from harn-catalog:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_convention_refuses_unchecked_blocks_and_stray_results() {
    let unchecked = "```json\n{\"tools\": []}\n```\n";
    assert!(examples("t.md", unchecked).unwrap_err().contains("needs a role"));
    let stray = "```json catalog\n{}\n```\n";
    assert!(examples("t.md", stray).unwrap_err().contains("before any input"));
    let config = "```toml config\n[[catalog]]\ninput = \"a.json\"\noutput = \"b.json\"\nprety = true\n```\n";
    assert!(examples("t.md", config).unwrap_err().contains("prety"));
    let fine = "```json input\n{\"tools\": []}\n```\n\n```json catalog\n{}\n```\n```sh\nls\n```\n";
    let found = examples("t.md", fine).unwrap();
    assert_eq!((found.len(), found[0].results.len()), (1, 1));
}

#[test]
fn a_wrong_result_is_reported_with_the_real_one() {
    let markdown = "```json input\n{\"tools\": []}\n```\n```json catalog\n{\"schema_version\": \"harn-tools/1.0\", \"tools\": []}\n```\n";
    let found = examples("t.md", markdown).unwrap();
    let failures = check(&found[0]);
    assert_eq!(failures.len(), 1);
    assert!(failures[0].1.contains("harn-tools/2.0"), "{}", failures[0].1);
    let right = "```json input\n{\"tools\": []}\n```\n```json catalog\n{\"schema_version\": \"harn-tools/2.0\", \"tools\": []}\n```\n";
    assert!(check(&examples("t.md", right).unwrap()[0]).is_empty());
}

#[test]
fn the_user_documentation_does_not_send_readers_to_the_team_folder() {
    let mut offenders = Vec::new();
    for folder in ["spec", "docs"] {
        let mut pending = vec![common::root().join(folder)];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    pending.push(path);
                } else if std::fs::read_to_string(&path).is_ok_and(|text| text.contains("../shared")) {
                    offenders.push(path.display().to_string());
                }
            }
        }
    }
    assert!(offenders.is_empty(), "these user documents mention ../shared, which users do not have: {offenders:?}");
}
