//! `ToolCatalog::validate` (CONTRACT.md b.1): the catalog-level rules, one per file,
//! run in upstream's order.

pub mod audiences;
pub mod blank_string;
pub mod cli_command;
pub mod cli_paths;
pub mod duplicate_tool_name;
pub mod icons;
pub mod meta_key_grammar;
pub mod reserved_meta_key;

use crate::contract::ToolCatalogEntry;
use crate::diagnostics::Origin;
use crate::pointer::Pointer;
use crate::provenance::Provenance;

/// One tool under check: its index, its entry and where it came from.
pub struct ToolCx<'a> {
    pub index: usize,
    pub tool: &'a ToolCatalogEntry,
    pub provenance: &'a Provenance,
}

impl ToolCx<'_> {
    /// `tools[<i>].<path>`
    pub fn label(&self, path: &str) -> String {
        format!("tools[{}].{path}", self.index)
    }

    /// Where the value at `path` (a JSON Pointer in wire field names) was written.
    pub fn origin(&self, path: &Pointer) -> Origin {
        self.provenance.tool(self.index, path, false)
    }

    /// Where the member name at `path` was written.
    pub fn key_origin(&self, path: &Pointer) -> Origin {
        self.provenance.tool(self.index, path, true)
    }
}

/// A pointer from wire field names: `at(&["icons", "0", "src"])`.
pub fn at(path: &[&str]) -> Pointer {
    let mut pointer = Pointer::root();
    for segment in path {
        pointer = match segment.parse::<usize>() {
            Ok(i) => pointer.index(i),
            Err(_) => pointer.key(segment),
        };
    }
    pointer
}
