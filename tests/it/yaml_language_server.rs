//! The declaration schema in a real editor's hands: yaml-language-server (the server
//! behind VS Code's YAML support), driven headless by `tests/node/yaml_language_server.mjs`,
//! raises nothing on any YAML or JSON fixture that compiles cleanly, and underlines each
//! typical mistake on the line harn-catalog's own diagnostic points at.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use super::declaration_schema::{IGNORED_KEY_WARNINGS, MISTAKES, declaration_document, fixture_files};
use crate::common;

/// A started process, killed when the test is done with it, however it ends.
struct Stopped(Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One diagnostic yaml-language-server published: its first and last line (1-based)
/// and its message.
type Underline = (u64, u64, String);

/// What yaml-language-server published for each of `files`, in their order.
fn diagnostics_of(files: &[PathBuf]) -> Vec<(PathBuf, Vec<Underline>)> {
    let server = common::root().join(".tools/node/node_modules/yaml-language-server/bin/yaml-language-server");
    assert!(server.exists(), "{} is missing: run `make tools` to install yaml-language-server", server.display());
    let child = Command::new("node")
        .arg(common::root().join("tests/node/yaml_language_server.mjs"))
        .arg(&server)
        .arg(common::root().join(common::DECLARATION_SCHEMA))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node starts");
    let mut driver = Stopped(child);
    let list = serde_json::to_string(files).unwrap();
    driver.0.stdin.take().unwrap().write_all(list.as_bytes()).unwrap();
    let mut stdout = String::new();
    std::io::Read::read_to_string(driver.0.stdout.as_mut().unwrap(), &mut stdout).unwrap();
    let status = driver.0.wait().unwrap();
    assert!(status.success(), "the yaml-language-server driver failed: {status}\n{stdout}");
    stdout
        .lines()
        .map(|line| {
            let answer: Value = serde_json::from_str(line).unwrap();
            let diagnostics = answer["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| (d["line"].as_u64().unwrap(), d["endLine"].as_u64().unwrap(), d["message"].to_string()))
                .collect();
            (PathBuf::from(answer["file"].as_str().unwrap()), diagnostics)
        })
        .collect()
}

#[test]
fn no_fixture_that_compiles_is_underlined_and_each_mistake_is_underlined_where_the_reader_points() {
    // The YAML and JSON fixtures the reader accepts without a word about an ignored key.
    let clean: Vec<PathBuf> = fixture_files()
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| ["yaml", "yml", "json"].iter().any(|yaml| e == *yaml)))
        .filter(|path| declaration_document(path).is_some())
        .filter(|path| {
            let outcome = common::compile_path(path);
            !outcome.diagnostics.iter().any(|d| d.is_error() || IGNORED_KEY_WARNINGS.contains(&d.code()))
        })
        .collect();
    assert!(clean.len() >= 200, "only {} clean YAML and JSON fixtures", clean.len());

    // Not a hidden folder, which the `*` the schema is mapped to would not match.
    let dir = tempfile::Builder::new().prefix("yaml-language-server-").tempdir().unwrap();
    let mut mistakes = Vec::new();
    for (i, &(what, yaml, rule, _, _)) in MISTAKES.iter().enumerate() {
        let outcome = common::compile_text("registry.yaml", yaml);
        let line = reported_line(&outcome.human(), rule).unwrap_or_else(|| panic!("{what}: {}", outcome.human()));
        mistakes.push((common::write(dir.path(), &format!("mistake-{i}.yaml"), yaml), what, line));
    }

    let files: Vec<PathBuf> = clean.iter().cloned().chain(mistakes.iter().map(|(path, _, _)| path.clone())).collect();
    let published = diagnostics_of(&files);
    assert_eq!(published.len(), files.len());
    for (path, diagnostics) in &published[..clean.len()] {
        let shown = path.strip_prefix(common::root()).unwrap_or(path).display();
        assert!(diagnostics.is_empty(), "{shown} compiles, but yaml-language-server underlines {diagnostics:?}");
    }
    for ((path, diagnostics), (_, what, line)) in published[clean.len()..].iter().zip(&mistakes) {
        let covered = diagnostics.iter().any(|(first, last, _)| (*first..=*last).contains(line));
        assert!(covered, "{what} ({}): nothing underlined on line {line}: {diagnostics:?}", file_name(path));
    }
}

/// The line of the first diagnostic of `rule` in human-rendered diagnostics of
/// `registry.yaml` (` --> registry.yaml:LINE:COLUMN`).
fn reported_line(human: &str, rule: &str) -> Option<u64> {
    let from = human.find(&format!("[{rule}]"))?;
    let location = human[from..].split_once("--> registry.yaml:")?.1;
    location.split(':').next()?.parse().ok()
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}
