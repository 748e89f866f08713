//! `harn-catalog import mcp|docker`: an MCP server's tools, or Docker's MCP registry
//! `tools.json`, written as a registry declaration (on stdout, or atomically to -o),
//! the importer's diagnostics on stderr.

use std::path::PathBuf;

use clap::Subcommand;

use super::{Outcome, ReportArgs, Run, write_out};
use crate::diagnostics::{Diagnostics, Failed, Log, Renderer};
use crate::import::{self, Kind, Output};

#[derive(Subcommand, Clone, Debug)]
pub enum Source {
    /// MCP tools: a `tools/list` result (`{"tools": [...]}`), a JSON-RPC response
    /// carrying one, an array of tools, or a folder of one-tool JSON files.
    Mcp(Request),
    /// Docker's MCP registry `tools.json`: tools with `arguments` lists of
    /// `{name, type, desc}`.
    Docker(Request),
}

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The file (or, for `mcp`, the folder of one-tool files) to read.
    pub file: PathBuf,
    /// The syntax of the declaration written (default: from the extension of -o, else YAML).
    #[arg(long, value_enum)]
    pub to: Option<Output>,
    /// Write the declaration to this file (atomically; nothing is written on error)
    /// instead of stdout; its extension (.yaml, .yml, .json, .toml) names the syntax.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub report: ReportArgs,
}

impl Source {
    fn parts(&self) -> (Kind, &Request) {
        match self {
            Source::Mcp(request) => (Kind::Mcp, request),
            Source::Docker(request) => (Kind::Docker, request),
        }
    }
}

impl Run for Source {
    fn renderer(&self) -> Renderer {
        self.parts().1.report.renderer()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let (kind, request) = self.parts();
        match request.declaration(kind, log) {
            Ok(text) => write_out(request.output.as_deref(), text, log),
            Err(failed) => Outcome::failed(failed),
        }
    }
}

impl Request {
    /// The tools imported as `kind` (warnings made errors with `--deny-warnings`), the
    /// diagnostics logged, and the declaration rendered in the syntax asked for.
    fn declaration(&self, kind: Kind, log: &mut Log<'_>) -> Result<String, Failed> {
        let output = Output::choose(self.output.as_deref(), self.to).map_err(|e| log.fail(Failed::Unusable, e))?;
        let imported = import::import(kind, &self.file);
        let mut diagnostics = Diagnostics::new(self.report.deny_warnings);
        diagnostics.extend(imported.diagnostics);
        let refused = diagnostics.has_errors();
        let declaration = imported.declaration.and_then(|d| if refused { Err(Failed::Refused) } else { Ok(d) });
        let declaration = log.outcome(diagnostics.as_slice(), declaration)?;
        import::render(&declaration, output)
            .map_err(|e| log.fail(Failed::Unusable, format!("{e}; nothing was written")))
    }
}
