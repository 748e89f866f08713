//! The command line's grammar (clap derive): the subcommands, each with its request,
//! and the dispatch from a parsed subcommand to its run.

use clap::{Parser, Subcommand};

use super::{Outcome, Run};
use crate::diagnostics::{Log, Renderer};

/// Offline compiler for Harn tool registries: harn-tools/2.0 catalogs, checked against
/// the whole contract, without executing anything.
#[derive(Parser)]
#[command(name = "harn-catalog", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Write a starter project in the current folder: a registry declaration with one
    /// example tool, a harn-catalog.toml for gen and check, and the editors' schemas
    /// (nothing is written if any of these files exists).
    Init(super::init::Request),
    /// Compile a registry declaration (.json, .yaml, .toml) or a catalog into the
    /// canonical harn-tools/2.0 catalog.
    Schema(super::schema::Request),
    /// Print the MCP `tools/list` result (`{"tools": [...]}`) of a registry or
    /// catalog's MCP-audience tools, with components bundled into each schema.
    Mcp(super::mcp::Request),
    /// Check the MCP projection of each registry or catalog given against what LLM
    /// clients accept (--profile openai-strict,gemini,… or all); exit 1 when a client
    /// refuses a tool.
    Lint(super::lint::Request),
    /// Print the shell completion script of the CLI that Harn generates from a
    /// registry or catalog, or, without FILE, of harn-catalog itself.
    Completions(super::completions::Request),
    /// Compile every catalog listed in the configuration and write the ones that
    /// changed (atomically; nothing is written if any input is refused).
    Gen(super::generate::Request),
    /// Compile every catalog listed in the configuration in memory and report each
    /// output that is stale or missing, with a diff (exit 1).
    Check(super::check::Request),
    /// Generate a typed SDK of a registry or catalog's tools (TypeScript, a Rust crate,
    /// a Python package, or a Markdown reference) into a folder, or with --check verify
    /// the folder.
    Sdk(super::sdk::Request),
    /// Compare two versions of a registry or catalog and report every change with
    /// whom it breaks (exit 1 when a breaking change is not accepted).
    Diff(super::diff::Request),
    /// Generate the protocol artifacts that describe the catalog format itself (its
    /// JSON Schema, TypeScript declarations and manifest), or with --check verify them.
    ProtocolArtifacts(super::protocol_artifacts::Request),
    /// Write a registry declaration from an MCP server's tools (`import mcp`) or from
    /// Docker's MCP registry `tools.json` (`import docker`).
    #[command(subcommand)]
    Import(super::import::Source),
    /// Write the discovery index of a registry or catalog: its generation and, per
    /// tool, canonical ID, search fields, contract hash and context cost.
    Index(super::index::Request),
    /// Search a registry or catalog's tools as a model would (lexical-v1), best first.
    Search(super::search::Request),
    /// Print one tool's validated contract (its MCP form) and contract hash.
    Inspect(super::inspect::Request),
    /// Print each tool's context cost (bytes and approximate tokens of its MCP
    /// definition), largest first, with totals.
    Stats(super::stats::Request),
    /// Run the language server over stdio: diagnostics, hover, definitions,
    /// completion, quick fixes and symbols for registries as they are typed.
    Lsp(super::lsp::Request),
    /// List every rule the compiler checks.
    Rules(super::rules::Request),
    /// Show the documentation of one rule.
    Explain(super::explain::Request),
}

impl Command {
    /// The request the subcommand carries.
    fn request(&self) -> &dyn Run {
        match self {
            Command::Init(request) => request,
            Command::Schema(request) => request,
            Command::Mcp(request) => request,
            Command::Lint(request) => request,
            Command::Completions(request) => request,
            Command::Gen(request) => request,
            Command::Check(request) => request,
            Command::Sdk(request) => request,
            Command::Diff(request) => request,
            Command::ProtocolArtifacts(request) => request,
            Command::Import(source) => source,
            Command::Index(request) => request,
            Command::Search(request) => request,
            Command::Inspect(request) => request,
            Command::Stats(request) => request,
            Command::Lsp(request) => request,
            Command::Rules(request) => request,
            Command::Explain(request) => request,
        }
    }
}

impl Run for Command {
    fn renderer(&self) -> Renderer {
        self.request().renderer()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        self.request().run(log)
    }

    fn quiet(&self) -> bool {
        self.request().quiet()
    }
}
