//! The prepare phase (spec/contract.md a.0 step 5, c, d): what Harn does before it serves a
//! catalog as a CLI or over MCP, done at build time so that CI catches what would
//! otherwise fail at `harn tool run` or `harn serve mcp` (spec/decisions.md 4).

pub mod cli;
pub mod mcp;

use rayon::prelude::*;

use crate::contract::{NonBlank, ToolCatalog};
use crate::diagnostics::Diagnostic;
use crate::provenance::{Provenance, ToolCx};

/// A catalog made ready for its adapters.
pub struct Prepared {
    /// The generated CLI's name: `info.name`, else the input's file stem, else
    /// `harn-tool` (spec/contract.md d.4).
    pub cli_name: String,
    /// `info.version` and `info.description`, for the generated CLI's root.
    pub version: Option<String>,
    pub about: Option<String>,
    /// Prepared CLI arguments of every tool, in catalog order, when they were asked for
    /// (see [`CliArguments`]).
    pub arguments: Vec<cli::PreparedTool>,
    /// The generated CLI's command tree (CLI-audience tools only).
    pub tree: cli::CommandNode,
    /// The MCP `tools/list` entries of the MCP-audience tools, in catalog order, when
    /// they were asked for (see [`McpDocuments`]).
    pub mcp: Vec<mcp::McpTool>,
    /// The MCP protocol version the entries are written for.
    pub protocol_version: mcp::ProtocolVersion,
}

/// Whether the prepare phase builds the MCP `tools/list` entries, or only checks that
/// every MCP-audience tool can be projected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum McpDocuments {
    #[default]
    Skip,
    Build,
}

/// Whether the prepare phase keeps every tool's prepared CLI arguments (for the
/// generated CLI's completions), or only checks them: kept, they cost a large catalog
/// more memory than any other part of the phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CliArguments {
    #[default]
    Skip,
    Keep,
}

/// Runs the prepare phase on a catalog that passed the catalog phase, building the
/// MCP `tools/list` entries as `mcp_documents` asks and keeping the CLI arguments as
/// `cli_arguments` asks ([`Prepared::arguments`] is empty otherwise).
pub fn prepare(
    catalog: &ToolCatalog,
    provenance: &Provenance,
    mcp_documents: McpDocuments,
    protocol_version: mcp::ProtocolVersion,
    cli_arguments: CliArguments,
) -> (Prepared, Vec<Diagnostic>) {
    let info = catalog.info.as_ref();
    let stem = provenance.source.path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let cli_name = info.map(|i| i.name.to_string()).or(stem).unwrap_or_else(|| "harn-tool".to_owned());
    // Each tool's arguments on their own, in parallel; findings in catalog order.
    let (arguments, found): (Vec<Option<cli::PreparedTool>>, Vec<Vec<Diagnostic>>) = catalog
        .tools
        .par_iter()
        .enumerate()
        .map(|(index, tool)| {
            let mut found = Vec::new();
            let prepared = cli::arguments::prepare(&ToolCx { index, tool, provenance }, cli_arguments, &mut found);
            ((cli_arguments == CliArguments::Keep).then_some(prepared), found)
        })
        .unzip();
    let arguments = arguments.into_iter().flatten().collect();
    let mut out: Vec<Diagnostic> = found.into_iter().flatten().collect();
    let tree = cli::tree::build(catalog, provenance, &mut out);
    let mcp = mcp::project(catalog, provenance, mcp_documents, protocol_version, &mut out);
    let text = |field: &Option<NonBlank>| field.as_deref().map(str::to_owned);
    let (version, about) = (info.and_then(|i| text(&i.version)), info.and_then(|i| text(&i.description)));
    (Prepared { cli_name, version, about, arguments, tree, mcp, protocol_version }, out)
}
