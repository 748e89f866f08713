//! `harn-catalog rules`: every rule, one a line, or the Markdown reference
//! (`docs/rules.md`).

use super::{Outcome, Run};
use crate::diagnostics::{ErrorFormat, Log, Renderer};
use crate::docs;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// Print the table as Markdown with each rule's documentation.
    #[arg(long)]
    pub markdown: bool,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, false)
    }

    fn run(&self, _log: &mut Log<'_>) -> Outcome {
        Outcome::text(docs::rule_table(self.markdown))
    }
}
