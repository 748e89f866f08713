//! `harn-catalog stats`: each tool's context cost, largest first, with totals.

use super::{IndexInput, Outcome, Run, index::on_index};
use crate::diagnostics::{ErrorFormat, Log, Renderer};
use crate::emit::{self, Layout};
use crate::index::render;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    #[command(flatten)]
    pub input: IndexInput,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.input.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.input.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        on_index(&self.input, log, |built, _| {
            Outcome::text(if self.input.run.report.format == ErrorFormat::Json {
                emit::canonical_json(&render::stats_json(&built.index), Layout::Compact)
            } else {
                render::stats(&built.index)
            })
        })
    }
}
