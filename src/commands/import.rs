//! `harn-catalog import mcp|docker`: an MCP server's tools (saved, or listed from the
//! running server), or Docker's MCP registry `tools.json`, written as a registry
//! declaration (on stdout, or atomically to -o), the importer's diagnostics on stderr.

use std::path::PathBuf;
use std::time::Duration;

use clap::Subcommand;

use super::{Outcome, ReportArgs, Run, write_out};
use crate::diagnostics::{Diagnostics, Failed, Log, Renderer};
use crate::import::{self, Kind, Output, live};

#[derive(Subcommand, Clone, Debug)]
pub enum Source {
    /// MCP tools: a `tools/list` result (`{"tools": [...]}`), a JSON-RPC response
    /// carrying one, an array of tools, or a folder of one-tool JSON files; or those
    /// of a running server: `import mcp -- COMMAND [ARGS…]` starts it over stdio,
    /// `import mcp --url URL` connects to it over Streamable HTTP.
    Mcp(McpRequest),
    /// Docker's MCP registry `tools.json`: tools with `arguments` lists of
    /// `{name, type, desc}`.
    Docker(Request),
}

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The file to read.
    pub file: PathBuf,
    #[command(flatten)]
    pub written: Written,
}

/// `import mcp`: a file, or a server to list the tools of.
#[derive(clap::Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("tools").required(true).args(["file", "command", "url"])))]
pub struct McpRequest {
    /// The file (or folder of one-tool files) to read.
    pub file: Option<PathBuf>,
    /// The MCP server to start over stdio and list the tools of, after `--`. This
    /// is the only way harn-catalog starts a process; the server is stopped, with
    /// whatever it started, when the listing ends.
    #[arg(last = true, value_name = "COMMAND", conflicts_with = "file")]
    pub command: Vec<String>,
    /// The Streamable HTTP endpoint of an MCP server to list the tools of.
    #[arg(long, value_name = "URL", conflicts_with_all = ["file", "command"])]
    pub url: Option<String>,
    /// A header sent with every request to --url, as `Name: value` (repeatable), for
    /// authorization.
    #[arg(long = "header", value_name = "NAME: VALUE", requires = "url")]
    pub headers: Vec<String>,
    /// The registry's `info.name` (default: the server's `serverInfo.name`).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// How long to wait for each answer of the server, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,
    #[command(flatten)]
    pub written: Written,
}

/// How the declaration is written, and the diagnostics reported.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Written {
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
    fn written(&self) -> &Written {
        match self {
            Source::Mcp(request) => &request.written,
            Source::Docker(request) => &request.written,
        }
    }
}

impl Run for Source {
    fn renderer(&self) -> Renderer {
        self.written().report.renderer()
    }

    fn quiet(&self) -> bool {
        self.written().report.quiet
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let written = self.written();
        let declaration = Output::choose(written.output.as_deref(), written.to)
            .map_err(|e| log.fail(Failed::Unusable, e))
            .and_then(|output| {
                let imported = match self {
                    Source::Docker(request) => import::import(Kind::Docker, &request.file),
                    Source::Mcp(request) => match &request.file {
                        Some(file) => import::import(Kind::Mcp, file),
                        None => request.listed(log)?,
                    },
                };
                written.declaration(imported, output, log)
            });
        match declaration {
            Ok(text) => write_out(written.output.as_deref(), text, log),
            Err(failed) => Outcome::failed(failed),
        }
    }
}

impl McpRequest {
    /// The tools of the server the request names, listed live; a server that cannot
    /// be listed is a usage error (exit 2), with what it last wrote on stderr.
    fn listed(&self, log: &mut Log<'_>) -> Result<import::Imported, Failed> {
        let timeout = Duration::from_secs(self.timeout);
        let (listing, shown) = match &self.url {
            Some(url) => (live::list_over_http(url, &self.headers, timeout), url.clone()),
            None => (live::list_over_stdio(&self.command, None, timeout), self.command.join(" ")),
        };
        let listing = listing.map_err(|error| {
            // "nothing was written" belongs to the error's first line.
            let report = error.report();
            let (first, rest) = report.split_once('\n').map_or((report.as_str(), None), |(a, b)| (a, Some(b)));
            let message = format!("{first}; nothing was written{}", rest.map(|r| format!("\n{r}")).unwrap_or_default());
            log.fail(Failed::Unusable, message)
        })?;
        // Diagnostics point into the listing as the file `tools/list of <server>`.
        Ok(import::import_listing(&listing, &format!("tools/list of {shown}"), self.name.as_deref()))
    }
}

impl Written {
    /// The tools imported (warnings made errors with `--deny-warnings`), the
    /// diagnostics logged, and the declaration rendered in `output`.
    fn declaration(&self, imported: import::Imported, output: Output, log: &mut Log<'_>) -> Result<String, Failed> {
        let mut diagnostics = Diagnostics::new(self.report.deny_warnings);
        diagnostics.extend(imported.diagnostics);
        let refused = diagnostics.has_errors();
        let declaration = imported.declaration.and_then(|d| if refused { Err(Failed::Refused) } else { Ok(d) });
        let declaration = log.outcome(diagnostics.as_slice(), declaration)?;
        import::render(&declaration, output)
            .map_err(|e| log.fail(Failed::Unusable, format!("{e}; nothing was written")))
    }
}
