//! `ToolCatalog::validate` (spec/contract.md b.1): the catalog-level rules, one per file,
//! run in upstream's order.

pub mod audiences;
pub mod blank_string;
pub mod cli_command_component;
pub mod cli_path;
pub mod duplicate_tool_name;
pub mod icon_list;
pub mod meta_key_grammar;
pub mod reserved_meta_key;

use crate::pointer::Pointer;
pub use crate::provenance::ToolCx;

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
