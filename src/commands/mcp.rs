//! `harn-catalog mcp`: the MCP `tools/list` result of one input, for a protocol
//! version and its cache fields; with `--profile`, down-levelled for one client, a
//! note for every change.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::{ModuleArgs, Outcome, Run, RunArgs};
use crate::compile::{self, Compilation, Options};
use crate::config;
use crate::diagnostics::{Failed, Log, Renderer};
use crate::emit::{self, Layout};
use crate::ingest::InputFile;
use crate::lint::{self, Target, downlevel};
use crate::prepare::McpDocuments;
use crate::prepare::mcp::{self, McpTool};

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The registry declaration, .harn module, catalog or harness directory; `-` reads
    /// standard input (name it with --stdin-filename).
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    /// Indent with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// The MCP protocol version to write the result for [default: the configuration's
    /// [mcp] protocol_version, else 2025-11-25].
    #[arg(long, value_name = "VERSION", value_parser = PossibleValuesParser::new(mcp::ProtocolVersion::ALL.map(|v| v.as_str())).map(|v| v.parse::<mcp::ProtocolVersion>().expect("a listed version")))]
    pub protocol_version: Option<mcp::ProtocolVersion>,
    /// For 2026-07-28: how many milliseconds a client may cache the result [default:
    /// the configuration's [mcp] ttl_ms, else 0].
    #[arg(long, value_name = "MS")]
    pub ttl_ms: Option<u64>,
    /// For 2026-07-28: who may reuse a cached result [default: the configuration's
    /// [mcp] cache_scope, else private].
    #[arg(long, value_name = "SCOPE", value_parser = PossibleValuesParser::new(["private", "public"]).map(|v| v.parse::<mcp::CacheScope>().expect("a listed scope")))]
    pub cache_scope: Option<mcp::CacheScope>,
    /// The configuration whose [mcp] settings apply, when it exists.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    pub config: PathBuf,
    /// Down-level every tool for one client profile (`harn-catalog lint --profile`
    /// lists them): exact rewrites first, each reported as a note; exit 1 when a tool
    /// cannot be made acceptable.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// With --profile, also move constraints the client refuses into descriptions
    /// (each reported with what was lost).
    #[arg(long, requires = "profile")]
    pub allow_lossy: bool,
    /// With --profile, the server name the client prefixes tool names with (default:
    /// the registry's `info.name`, else the file's stem).
    #[arg(long, value_name = "NAME", requires = "profile")]
    pub server: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let input = match self.module.input(&self.file) {
            Ok(input) => input,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        // The configuration's [mcp] settings, when it exists, under the flags.
        let settings = match config::load_if_present(&self.config) {
            Ok(config) => config.map(|c| c.mcp).unwrap_or_default(),
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let version = self.protocol_version.unwrap_or(settings.protocol_version);
        let caching = mcp::Caching {
            ttl_ms: self.ttl_ms.unwrap_or(settings.caching.ttl_ms),
            cache_scope: self.cache_scope.unwrap_or(settings.caching.cache_scope),
        };
        let options = self.run.options(Options {
            mcp_documents: McpDocuments::Build,
            protocol_version: version,
            ..self.module.options()
        });
        let layout = Layout::pretty_if(self.pretty);
        let listed = match &self.profile {
            None => compile::compile_input(&input, options, &self.run.confinement())
                .into_prepared(log)
                .map(|prepared| Downlevelled { tools: prepared.mcp, protocol_version: prepared.protocol_version }),
            Some(profile) => self.downlevel(&input, profile, options, log),
        };
        match listed {
            Ok(down) => Outcome::text(emit::canonical_json(
                &mcp::ToolsList::new(&down.tools, down.protocol_version, caching),
                layout,
            )),
            Err(failed) => Outcome::failed(failed),
        }
    }
}

/// The MCP tools of an input, down-levelled for one client profile or as projected.
struct Downlevelled {
    tools: Vec<McpTool>,
    /// The protocol version they were projected for.
    protocol_version: mcp::ProtocolVersion,
}

impl Request {
    /// `--profile`: compiles the input (every audience) and down-levels each MCP tool
    /// for the profile named `profile`, logging a note for every change (lossy ones
    /// only with `--allow-lossy`), then lints the result; refused when a tool stays
    /// refused.
    fn downlevel(
        &self,
        input: &InputFile,
        profile: &str,
        options: Options,
        log: &mut Log<'_>,
    ) -> Result<Downlevelled, Failed> {
        let Some(profile) = lint::find_profile(profile) else {
            return Err(log.fail(Failed::Unusable, lint::ProfileError::Unknown { name: profile.to_owned() }));
        };
        let options = Options { every_audience: true, ..options };
        let Compilation { mut diagnostics, result } = compile::compile_input(input, options, &self.run.confinement());
        let (catalog, provenance, prepared) = compile::prepared(&result).inspect_err(|_| {
            log.report(diagnostics.as_slice(), "; nothing was written");
        })?;
        let tools: Vec<McpTool> = prepared
            .mcp
            .iter()
            .map(|tool| {
                let (tool, changes) = downlevel::downlevel(tool, &profile, self.allow_lossy);
                for change in &changes {
                    lint::log_change(change, profile.name, log);
                }
                tool
            })
            .collect();
        let server = self.server.as_deref().unwrap_or(&prepared.cli_name);
        let target = Target { tools: &tools, catalog, provenance, server };
        // Received as the compile's own were (`--deny-warnings`).
        diagnostics.extend(lint::lint(&target, &profile));
        if diagnostics.has_errors() {
            log.report(diagnostics.as_slice(), "; nothing was written");
            return Err(Failed::Refused);
        }
        log.report(diagnostics.as_slice(), "");
        Ok(Downlevelled { tools, protocol_version: prepared.protocol_version })
    }
}
