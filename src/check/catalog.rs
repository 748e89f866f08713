//! `ToolCatalog::validate` (spec/contract.md b.1): the catalog-level rules, one per file,
//! run in upstream's order.

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
