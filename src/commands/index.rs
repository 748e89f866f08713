//! `harn-catalog index`: one input's discovery index, on stdout or in a file. The
//! input is compiled (a registry, catalog, `.harn` module or harness directory), its
//! tools indexed, then the skills of its harness directories (every scope's, with
//! `--scopes`) after them; `search`, `inspect`, `stats` and `check`'s budgets index
//! their input the same way.

use std::path::PathBuf;

use super::{IndexInput, Outcome, Run, write_out};
use crate::compile::{self, Compilation, Options};
use crate::diagnostics::{Diagnostic, Failed, Log, Renderer};
use crate::emit::{self, Layout};
use crate::index::{self, Built};
use crate::ingest::{InputFile, harness, skills};
use crate::paths::Confinement;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    #[command(flatten)]
    pub input: IndexInput,
    /// Indent with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// Write the index to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.input.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.input.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        on_index(&self.input, log, |built, log| {
            let text = emit::canonical_json(&built.index, Layout::pretty_if(self.pretty));
            write_out(self.output.as_deref(), text, log)
        })
    }
}

/// `then` run on the index of `input` (see [`indexed`]), the index and its
/// compilation kept among the outcome's leftovers; how indexing failed otherwise.
pub(super) fn on_index(
    input: &IndexInput,
    log: &mut Log<'_>,
    then: impl FnOnce(&Built, &mut Log<'_>) -> Outcome,
) -> Outcome {
    match input.input() {
        Ok(file) => on_index_of(&file, input, log, then),
        Err(e) => Outcome::failed(log.fail(Failed::Unusable, e)),
    }
}

/// [`on_index`] of `file`, the input `input` names, already read when it is standard
/// input.
pub(super) fn on_index_of(
    file: &InputFile,
    input: &IndexInput,
    log: &mut Log<'_>,
    then: impl FnOnce(&Built, &mut Log<'_>) -> Outcome,
) -> Outcome {
    match indexed(file, input, log) {
        Ok((built, compilation)) => then(&built, log).leaving((built, compilation)),
        Err(failed) => Outcome::failed(failed),
    }
}

/// Compiles and indexes `file` (which `input` names) with its skills, logging the
/// diagnostics; the index and the compilation it was made from (which a caller ending
/// next need not free), or how indexing failed.
fn indexed(file: &InputFile, input: &IndexInput, log: &mut Log<'_>) -> Result<(Built, Compilation), Failed> {
    let options = input.run.options(input.module.options());
    let indexed = Indexed::of(file, options, &input.run.confinement());
    let built = log.outcome(&indexed.diagnostics, indexed.built)?;
    Ok((built, indexed.compilation))
}

/// What indexing an input gave.
pub struct Indexed {
    /// The index, or how indexing failed.
    pub built: Result<Built, Failed>,
    /// Every diagnostic: the compilation's, then the skills'.
    pub diagnostics: Vec<Diagnostic>,
    /// The compilation indexed, for a caller that wants its catalog, or that ends the
    /// process next and need not free it.
    pub compilation: Compilation,
}

impl Indexed {
    /// Compiles `input` and indexes it with its skills (a harness directory's; standard
    /// input has none).
    pub fn of(input: &InputFile, options: Options, paths: &Confinement) -> Indexed {
        let mut compilation = compile::compile_input(input, options, paths);
        let mut diagnostics = std::mem::take(&mut compilation.diagnostics);
        let harness = match input {
            InputFile::Path(path) if options.scopes => harness::scopes(path),
            InputFile::Path(path) => harness::resolve(path).into_iter().collect(),
            InputFile::Stdin { .. } => Vec::new(),
        };
        let skills = skills::read(&harness);
        // Received as the compile's own were (`--deny-warnings`).
        diagnostics.extend(skills.diagnostics);
        let mut diagnostics = diagnostics.into_vec();
        let (catalog, provenance, prepared) = match compile::prepared(&compilation.result) {
            Ok(parts) => parts,
            Err(failed) => return Indexed { built: Err(failed), diagnostics, compilation },
        };
        let built = index::build(catalog, provenance, &prepared.cli_name, &mut diagnostics);
        let built = built.filter(|_| !diagnostics.iter().any(Diagnostic::is_error)).map(|mut built| {
            built.add_skills(skills.skills);
            built
        });
        Indexed { built: built.ok_or(Failed::Refused), diagnostics, compilation }
    }
}
