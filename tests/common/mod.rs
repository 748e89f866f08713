//! Helpers shared by the integration tests: compile text in memory, look at the
//! diagnostics, validate catalogs with an independent validator.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use harn_catalog::compile::{self, Options};
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Renderer};
use harn_catalog::source::{Format, SourceFile};

/// The outcome of compiling one input.
pub struct Outcome {
    /// The compact catalog (with its trailing newline) when the input was accepted.
    pub catalog: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Outcome {
    pub fn codes(&self) -> Vec<&'static str> {
        self.diagnostics.iter().map(|d| d.code()).collect()
    }

    pub fn messages(&self) -> Vec<String> {
        self.diagnostics.iter().map(|d| d.message.clone()).collect()
    }

    /// The catalog as a JSON value; panics with the diagnostics when refused.
    pub fn json(&self) -> serde_json::Value {
        let text = self.catalog.as_ref().unwrap_or_else(|| panic!("input was refused:\n{}", self.human()));
        serde_json::from_str(text).expect("catalogs are JSON")
    }

    /// The diagnostics as a person sees them, without colour.
    pub fn human(&self) -> String {
        let renderer = Renderer::new(ErrorFormat::Human, false);
        self.diagnostics.iter().map(|d| renderer.render(d)).collect()
    }

    /// Whether some diagnostic of rule `code` has a message containing `fragment`.
    pub fn has(&self, code: &str, fragment: &str) -> bool {
        self.diagnostics.iter().any(|d| d.code() == code && d.message.contains(fragment))
    }

    /// Asserts that some diagnostic of rule `code` contains `fragment`, printing all
    /// diagnostics otherwise.
    #[track_caller]
    pub fn assert_has(&self, code: &str, fragment: &str) {
        assert!(self.has(code, fragment), "expected {code} containing {fragment:?}, got:\n{}", self.human());
    }
}

/// Compiles `text` as if it were a file named `name` (the extension picks the format).
pub fn compile_text(name: &str, text: &str) -> Outcome {
    compile_text_with(name, text, Options::default())
}

pub fn compile_text_with(name: &str, text: &str, options: Options) -> Outcome {
    let format = Format::from_path(Path::new(name)).expect("a .json, .yaml, .yml or .toml name");
    outcome(compile::compile_source(SourceFile::new(name, text.to_owned(), format), options))
}

/// Compiles a JSON value as a registry declaration or catalog.
pub fn compile_json(value: &serde_json::Value) -> Outcome {
    compile_text("input.json", &serde_json::to_string_pretty(value).unwrap())
}

/// Compiles a file from disk.
pub fn compile_path(path: &Path) -> Outcome {
    outcome(compile::compile_file(path, Options::default()))
}

fn outcome(compilation: compile::Compilation) -> Outcome {
    Outcome {
        catalog: compilation.catalog.map(|c| harn_catalog::emit::canonical_json(&c, false)),
        diagnostics: compilation.diagnostics.into_vec(),
    }
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared`, beside the repository.
pub fn shared() -> PathBuf {
    root().join("../shared")
}
