//! A JSON registry of 1 MiB or more has its tools read as they are normalised
//! (`ingest::SplitDocument`), not all parsed before: what it compiles to, and what it
//! is refused for, is what the whole-document reader gives.

use std::sync::Arc;

use harn_catalog::compile::{self, Options};
use harn_catalog::ingest::{self, Content, Loaded, harn::Surface};
use harn_catalog::paths::Confinement;
use harn_catalog::source::{Format, SourceFile};

use crate::bench_inputs::generate;
use crate::common::{self, Outcome};

/// 2,500 tools of the mixed shape (legacy maps, returns, errors, command groups,
/// policies, `_meta`, components in a chain), compact: about 1.3 MB.
fn large() -> String {
    let text = generate::shaped(2500, "mixed").unwrap().to_string();
    assert!(text.len() >= 1 << 20, "{} bytes is below the size the split reader starts at", text.len());
    text
}

fn source(text: &str) -> SourceFile {
    SourceFile::new("large.json", text.to_owned(), Format::Json)
}

/// The compilation of `text` as the commands compile it, and as it is when the whole
/// document is read first.
fn split_and_whole(text: &str) -> (Outcome, Outcome) {
    let split = common::outcome(compile::compile_source(source(text), Options::default()));
    let whole = match ingest::read_json_document(Arc::new(source(text))) {
        Ok((document, diagnostics)) => {
            let loaded = Loaded { content: Content::Document(document), diagnostics };
            common::outcome(compile::compile_loaded(loaded, Options::default()))
        }
        Err(refused) => Outcome { catalog: None, diagnostics: vec![refused], prepared: None },
    };
    (split, whole)
}

fn is_split(text: &str) -> bool {
    let loaded = ingest::parse(source(text), Surface::Auto, &Confinement::default());
    matches!(loaded.map(|l| l.content), Ok(Content::Split(_)))
}

#[test]
fn a_large_registry_compiles_to_the_catalog_the_whole_reader_gives() {
    let text = large();
    assert!(is_split(&text));
    let (split, whole) = split_and_whole(&text);
    assert!(split.catalog.is_some(), "{}", split.human());
    assert_eq!(split.catalog, whole.catalog);
    assert_eq!(split.human(), whole.human());
}

#[test]
fn an_inexact_number_in_a_tool_is_reported_first_as_when_read_whole() {
    // The last tool's input schema gets a literal no 64-bit float holds exactly; the
    // warning is the reader's, before what normalisation finds (a redefinition).
    let mut text = large();
    let at = text.rfind("\"inputSchema\":{").unwrap() + "\"inputSchema\":{".len();
    text.insert_str(at, "\"x-weight\":0.1000000000000000055511151231257827,");
    let first = text.find("{\"name\":\"mixed_tool_00000\"").unwrap();
    let second = text.find(",{\"name\":\"mixed_tool_00001\"").unwrap();
    let first_tool = text[first..second].to_owned();
    text.insert_str(second, &format!(",{first_tool}"));
    assert!(is_split(&text));
    let (split, whole) = split_and_whole(&text);
    assert_eq!(split.codes(), ["inexact-number", "redefined-tool"], "{}", split.human());
    assert_eq!(split.human(), whole.human());
    assert_eq!(split.catalog, whole.catalog);
}

#[test]
fn a_syntax_error_or_a_repeated_key_in_one_tool_is_located_as_the_whole_reader_locates_it() {
    let text = large();
    let last = text.rfind("\"description\":").unwrap();
    let broken = [
        // A missing colon in the last tool.
        format!("{}\"description\" {}", &text[..last], &text[last + "\"description\":".len()..]),
        // A key repeated in the last tool.
        format!("{}\"description\":\"x\",{}", &text[..last], &text[last..]),
    ];
    for text in broken {
        let (split, whole) = split_and_whole(&text);
        assert!(split.catalog.is_none());
        assert_eq!(split.codes().len(), 1, "{}", split.human());
        assert_eq!(split.human(), whole.human());
    }
}

#[test]
fn a_large_catalog_is_not_split() {
    let text = large();
    let catalog = common::compile_text_with("large.json", &text, Options::default()).catalog.unwrap();
    assert!(catalog.len() >= 1 << 20);
    assert!(!is_split(&catalog), "a catalog is read as a catalog");
}

#[test]
fn a_large_tools_list_is_still_read_whole_by_the_importer() {
    // A `tools/list` result has a registry's shape: `{"tools": [...]}`.
    let tools: Vec<serde_json::Value> = (0..6000)
        .map(|i| {
            serde_json::json!({"name": format!("tool_{i}"), "description": "One of many tools, each with a description long enough.",
                "inputSchema": {"type": "object", "properties": {"query": {"type": "string", "description": "What to look for."}}}})
        })
        .collect();
    let text = serde_json::json!({ "tools": tools }).to_string();
    assert!(text.len() >= 1 << 20 && is_split(&text));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.json");
    std::fs::write(&path, &text).unwrap();
    let Ok(loaded) = harn_catalog::import::load(&path) else { panic!("a large tools/list did not load") };
    assert_eq!(loaded.value, serde_json::from_str::<serde_json::Value>(&text).unwrap());
}
