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
    /// The registry declaration, .harn module, catalog or harness directory whose
    /// generated CLI to complete; `-` reads standard input (name it with
    /// --stdin-filename).
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

    fn quiet(&self) -> bool {
        self.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let input = match &self.file {
            Some(file) => self.module.input(file).map(Some),
            // Checked all the same: --stdin-filename without `-` names nothing.
            None => self.module.inputs([]).map(|[]| None),
        };
        let input = match input {
            Ok(input) => input,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let Some(input) = input else {
            let mut script = Vec::new();
            clap_complete::generate(self.shell, &mut Cli::command(), "harn-catalog", &mut script);
            return Outcome::text(String::from_utf8_lossy(&script).into_owned());
        };
        let options = self.run.options(Options { cli_arguments: CliArguments::Keep, ..self.module.options() });
        let prepared = match compile::compile_input(&input, options, &self.run.confinement()).into_prepared(log) {
            Ok(prepared) => prepared,
            Err(failed) => return Outcome::failed(failed),
        };
        match cli::command::completions(&prepared, self.shell) {
            Ok(script) => Outcome::text(script),
            Err(message) => Outcome::failed(log.fail(Failed::Refused, message)),
        }
    }
}
