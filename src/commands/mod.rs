//! The commands layer: one module per subcommand, each a request (the subcommand's
//! arguments, as clap parses them) run into an [`Outcome`] that the binary prints.
//!
//! A command reads its configuration, compiles, lints, indexes, diffs and writes
//! through the layers below, logs its messages to a [`Log`] and says how it ended;
//! it never prints and never picks an exit code (`main.rs` does both). Nothing below
//! this layer imports it. The flags several commands share are here too.

pub mod check;
pub mod completions;
pub mod diff;
pub mod explain;
pub mod generate;
pub mod import;
pub mod index;
pub mod init;
pub mod inspect;
pub mod lint;
pub mod lsp;
pub mod mcp;
pub mod protocol_artifacts;
pub mod rules;
pub mod schema;
pub mod sdk;
pub mod search;
pub mod stats;

mod cli;
mod flags;

use std::any::Any;
use std::io::Write;
use std::path::Path;

pub use cli::{Cli, Command};
pub use flags::{Color, IndexInput, ModuleArgs, PathArgs, ReportArgs, RunArgs, UsageError};

use crate::contract::ToolCatalog;
use crate::diagnostics::{Failed, Log, Renderer};
use crate::emit::{self, Layout};

/// Whether a run writes its outputs or checks the committed ones for drift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Write,
    Check,
}

/// A subcommand's request: how its messages are rendered, and the run itself.
pub trait Run {
    /// The renderer of the diagnostics the run logs on stderr.
    fn renderer(&self) -> Renderer;
    /// Runs the command, logging its messages to `log`.
    fn run(&self, log: &mut Log<'_>) -> Outcome;
    /// Whether the run's log hands on errors only (`--quiet`, see [`Log::quiet`]).
    fn quiet(&self) -> bool {
        false
    }
}

/// What a command hands back: what to print on stdout, how it ended, and what it made
/// along the way (kept so that a caller ending next may skip freeing it).
pub struct Outcome {
    pub stdout: Stdout,
    /// `Err` says how a run that could not finish, or that found a refusal, failed;
    /// `stdout` is printed either way (a diff's report comes with its verdict).
    pub ended: Result<(), Failed>,
    /// Large values the command made and no longer needs (a compiled catalog, say).
    pub leftovers: Vec<Box<dyn Any>>,
}

/// What a command prints on stdout.
pub enum Stdout {
    Nothing,
    Text(String),
    /// A catalog, streamed as canonical JSON so that its text is never held whole.
    Catalog(Box<ToolCatalog>, Layout),
}

impl Stdout {
    /// Writes what is to be printed to `out` (which should buffer).
    pub fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        match self {
            Stdout::Nothing => Ok(()),
            Stdout::Text(text) => out.write_all(text.as_bytes()),
            Stdout::Catalog(catalog, layout) => emit::write_canonical_json(out, catalog, *layout),
        }
    }
}

impl Outcome {
    /// A run that finished, printing `text`.
    pub fn text(text: String) -> Outcome {
        Outcome { stdout: Stdout::Text(text), ended: Ok(()), leftovers: Vec::new() }
    }

    /// A run that printed nothing and failed.
    pub fn failed(failed: Failed) -> Outcome {
        Outcome { stdout: Stdout::Nothing, ended: Err(failed), leftovers: Vec::new() }
    }

    /// `self`, keeping `value` among its leftovers.
    pub fn leaving(mut self, value: impl Any) -> Outcome {
        self.leftovers.push(Box::new(value));
        self
    }
}

impl From<Result<String, Failed>> for Outcome {
    fn from(result: Result<String, Failed>) -> Outcome {
        match result {
            Ok(text) => Outcome::text(text),
            Err(failed) => Outcome::failed(failed),
        }
    }
}

/// `text` written to the file at `path` (atomically), or printed without one; a file
/// that cannot be written is a usage error, logged.
fn write_out(path: Option<&Path>, text: String, log: &mut Log<'_>) -> Outcome {
    let Some(path) = path else {
        return Outcome::text(text);
    };
    match emit::write_atomically(path, text.as_bytes()) {
        Ok(()) => Outcome { stdout: Stdout::Nothing, ended: Ok(()), leftovers: Vec::new() },
        Err(e) => Outcome::failed(log.fail(Failed::Unusable, format!("cannot write {}: {e}", path.display()))),
    }
}
