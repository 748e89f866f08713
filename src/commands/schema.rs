//! `harn-catalog schema`: compile one input into the canonical catalog, on stdout or
//! staged into a file while it is checked and renamed into place once it passes.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::{ModuleArgs, Outcome, Run, RunArgs, Stdout};
use crate::compile::{self, Compiled, Options};
use crate::contract::ToolCatalog;
use crate::diagnostics::{Failed, Log, Renderer};
use crate::emit::{self, Layout};

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The registry declaration (.json, .yaml, .toml), .harn module, catalog or harness
    /// directory to compile; `-` reads standard input (name it with --stdin-filename).
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    /// Indent the catalog with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// Write the catalog to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Run only the catalog phase (upstream's emitter), or also the prepare phase
    /// (CLI and MCP projection rules, the default).
    #[arg(long, value_enum, default_value_t = Phases::All)]
    pub phase: Phases,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The phases `schema` runs.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Phases {
    /// The catalog phase only.
    Catalog,
    /// The catalog and prepare phases.
    All,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let input = match self.module.input(&self.file) {
            Ok(input) => input,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let options = self
            .run
            .options(Options { catalog_phase_only: matches!(self.phase, Phases::Catalog), ..self.module.options() });
        let layout = Layout::pretty_if(self.pretty);
        // To a file, the catalog is staged while it is checked, then renamed into place
        // only if it passes.
        let stage = |path: &Path, catalog: &ToolCatalog| {
            emit::stage_with(path, |out| emit::write_canonical_json(out, catalog, layout))
        };
        let (compilation, staged) =
            compile::compile_input_emitting(&input, options, &self.run.confinement(), |catalog| {
                Some(stage(self.output.as_ref()?, catalog))
            });
        let diagnostics = compilation.diagnostics.into_vec();
        let Compiled { catalog, provenance, prepared } = match compilation.result {
            Ok(compiled) => compiled,
            Err(failed) => {
                // A staged output is deleted as it is dropped.
                drop(staged);
                log.report(&diagnostics, "; no catalog was written");
                return Outcome::failed(failed);
            }
        };
        log.report(&diagnostics, "");
        let leftovers = (prepared, provenance);
        let Some(path) = &self.output else {
            let stdout = Stdout::Catalog(Box::new(catalog), layout);
            return Outcome { stdout, ended: Ok(()), leftovers: Vec::new() }.leaving(leftovers);
        };
        let staged = staged.flatten().unwrap_or_else(|| stage(path, &catalog));
        let ended = staged
            .and_then(emit::Staged::commit)
            .map_err(|e| log.fail(Failed::Unusable, format!("cannot write {}: {e}", path.display())));
        Outcome { stdout: Stdout::Nothing, ended, leftovers: Vec::new() }.leaving((catalog, leftovers))
    }
}
