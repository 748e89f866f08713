//! `harn-catalog completions`: the completion script of the CLI Harn generates from
//! one input, or, without one, of harn-catalog itself.

use std::path::PathBuf;

use clap::CommandFactory;

use super::{Cli, ModuleArgs, Outcome, Run, RunArgs};
use crate::compile::{self, Options};
use crate::diagnostics::{Failed, Log, Renderer};
use crate::prepare::{CliArguments, cli};

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The shell to write the script for.
    #[arg(long, value_enum)]
    pub shell: clap_complete::Shell,
    /// The registry declaration, .harn module, catalog or harness directory whose generated CLI to complete.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.run.renderer()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let Some(file) = &self.file else {
            let mut script = Vec::new();
            clap_complete::generate(self.shell, &mut Cli::command(), "harn-catalog", &mut script);
            return Outcome::text(String::from_utf8_lossy(&script).into_owned());
        };
        let options = self.run.options(Options { cli_arguments: CliArguments::Keep, ..self.module.options() });
        let prepared = match compile::compile_file_in(file, options, &self.run.confinement()).into_prepared(log) {
            Ok(prepared) => prepared,
            Err(failed) => return Outcome::failed(failed),
        };
        match cli::command::completions(&prepared, self.shell) {
            Ok(script) => Outcome::text(script),
            Err(message) => Outcome::failed(log.fail(Failed::Refused, message)),
        }
    }
}
