//! `harn-catalog check`: what `gen` would write, compiled in memory and compared with
//! what is committed (see [`generate`](mod@super::generate)), then the configuration's `[lint]`
//! and `[[budget]]` checks.

use super::{Mode, Outcome, Run, generate};
use crate::diagnostics::{Log, Renderer};

/// `check` takes what `gen` takes.
#[derive(clap::Args, Clone, Debug)]
#[group(skip)]
pub struct Request {
    #[command(flatten)]
    pub outputs: generate::Request,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.outputs.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.outputs.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        generate::outputs(&self.outputs, Mode::Check, log).into()
    }
}
