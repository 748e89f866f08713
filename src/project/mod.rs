//! The prepare phase (CONTRACT.md a.0 step 5, c, d): what Harn does before it serves a
//! catalog as a CLI or over MCP, done at build time so that CI catches what would
//! otherwise fail at `harn tool run` or `harn serve mcp` (DECISIONS.md 4).

pub mod cli;

use crate::contract::ToolCatalog;
use crate::diagnostics::Diagnostic;
use crate::provenance::Provenance;

/// A catalog made ready for its adapters.
pub struct Prepared {
    /// Prepared CLI arguments of every tool, in catalog order.
    pub arguments: Vec<cli::PreparedTool>,
    /// The generated CLI's command tree (CLI-audience tools only).
    pub tree: cli::CommandNode,
}

/// Runs the prepare phase on a catalog that passed the catalog phase.
pub fn prepare(catalog: &ToolCatalog, provenance: &Provenance) -> (Prepared, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let arguments: Vec<cli::PreparedTool> = catalog
        .tools
        .iter()
        .enumerate()
        .map(|(index, tool)| cli::arguments::prepare(&cli::ToolRef { index, tool, provenance }, &mut out))
        .collect();
    let tree = cli::tree::build(catalog, provenance, &arguments, &mut out);
    (Prepared { arguments, tree }, out)
}
