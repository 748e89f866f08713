//! `harn-catalog lsp`: a language server over stdio (`lsp-server` and `lsp-types`, the
//! crates rust-analyzer is built on). Each open registry declaration or `.harn`
//! module is compiled as `schema` compiles it, on its unsaved text (a file under
//! `.harness/`: its harness directory; `harn-catalog.toml`: as the configuration): its
//! diagnostics published with their rule codes, ranges, related places and help lines
//! (and the findings of the client profiles the project's configuration names); hover
//! on a tool's name (signature, context cost, contract hash), a `$ref` or a rule's
//! code; go to a component from a `$ref`, or to the module a `.harn` import reads;
//! completion of keys (from the declaration schema), `$ref` targets, hint names and
//! shorthand types; quick fixes (a did-you-mean, closing an object a client profile
//! wants closed, renaming a tool defined again); the tools and components as symbols.

mod document;
mod keys;
mod position;
mod server;

pub use document::Document;

use lsp_server::Connection;

use super::{Outcome, Run};
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// Speak LSP over standard input and output (the only transport; editors pass
    /// this flag by habit).
    #[arg(long)]
    pub stdio: bool,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, false)
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let (connection, threads) = Connection::stdio();
        let served = connection
            .initialize(serde_json::to_value(server::capabilities()).unwrap_or_default())
            .map_err(|e| e.to_string())
            .and_then(|_| server::serve(&connection));
        // The writer thread ends once the connection's sender is gone.
        drop(connection);
        let joined = threads.join().map_err(|e| e.to_string());
        match served.and(joined) {
            Ok(()) => Outcome::text(String::new()),
            Err(reason) => {
                Outcome::failed(log.fail(Failed::Unusable, format!("the language server stopped: {reason}")))
            }
        }
    }
}
