//! `harn-catalog explain`: one rule's documentation, by its code.

use super::{Outcome, Run};
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use crate::docs;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The rule's code, as shown in `error[code]`.
    pub code: String,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, false)
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        match docs::explain(&self.code) {
            Some(text) => Outcome::text(format!("{text}\n")),
            None => {
                let message = format!("no rule has the code {:?}; `harn-catalog rules` lists them", self.code);
                Outcome::failed(log.fail(Failed::Unusable, message))
            }
        }
    }
}
