//! `harn-catalog inspect`: one tool's or skill's validated contract and contract hash,
//! found by its canonical ID or name.

use super::{IndexInput, Outcome, Run, index::on_index};
use crate::diagnostics::{Failed, Log, Renderer};
use crate::index::render;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    #[command(flatten)]
    pub input: IndexInput,
    /// The tool's or skill's canonical ID (`tool:<namespace>/<name>`, `tool:<name>`,
    /// `skill:<name>`, `skill:<pack>/<name>`), or its name.
    pub id: String,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.input.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.input.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        on_index(&self.input, log, |built, log| match render::inspect(built, &self.id) {
            Ok(text) => Outcome::text(text),
            Err(message) => Outcome::failed(log.fail(Failed::Unusable, message)),
        })
    }
}
