//! One input indexed end to end: compiled (a registry, catalog, `.harn` module or
//! harness directory), its tools indexed, then the skills of its harness directories
//! (every scope's, with `--scopes`) after them.

use std::path::Path;

use crate::compile::{self, Compilation, Options};
use crate::diagnostics::{Diagnostic, Failed, Log};
use crate::ingest::{harness, skills};
use crate::paths::Confinement;

use super::Built;

/// What indexing an input gave.
pub struct Indexed {
    /// The index, when nothing was refused.
    pub built: Option<Built>,
    /// Every diagnostic: the compilation's, then the skills'.
    pub diagnostics: Vec<Diagnostic>,
    /// The input could not be read at all (a usage error rather than a rejection).
    pub unreadable: bool,
    /// The compilation indexed, for a caller that wants its catalog, or that ends the
    /// process next and need not free it.
    pub compilation: Compilation,
}

impl Indexed {
    /// The index, once its diagnostics are logged; without one, how indexing failed.
    /// The compilation is left unfreed: this is for a command that ends soon after,
    /// for which freeing every tool's definitions would only cost time.
    pub fn reported(self, log: &mut Log<'_>) -> Result<Built, Failed> {
        std::mem::forget(self.compilation);
        log.outcome(&self.diagnostics, self.built, self.unreadable)
    }
}

/// Compiles the input at `path` and indexes it with its skills.
pub fn index_file(path: &Path, options: Options, paths: &Confinement) -> Indexed {
    let mut compilation = compile::compile_file_in(path, options, paths);
    let mut diagnostics = std::mem::take(&mut compilation.diagnostics);
    let harness = if options.scopes { harness::scopes(path) } else { harness::resolve(path).into_iter().collect() };
    let skills = skills::read(&harness);
    diagnostics.extend(skills.diagnostics);
    if options.deny_warnings {
        diagnostics.deny_warnings();
    }
    let mut diagnostics = diagnostics.into_vec();
    let (Some(catalog), Some(provenance), Some(prepared)) =
        (&compilation.catalog, &compilation.provenance, &compilation.prepared)
    else {
        let unreadable = compilation.unreadable;
        return Indexed { built: None, diagnostics, unreadable, compilation };
    };
    let built = super::build(catalog, provenance, &prepared.cli_name, &mut diagnostics);
    let built = built.filter(|_| !diagnostics.iter().any(Diagnostic::is_error)).map(|mut built| {
        built.add_skills(skills.skills);
        built
    });
    Indexed { built, diagnostics, unreadable: false, compilation }
}
