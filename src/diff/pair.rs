//! A tool present in both catalogs of a comparison: what the metadata and schema
//! comparers each take.

use crate::contract::ToolCatalogEntry;
use crate::pointer::Pointer;

/// A tool present on both sides, with where each entry sits.
pub(crate) struct ToolPair<'a> {
    pub name: &'a str,
    pub old: &'a ToolCatalogEntry,
    pub new: &'a ToolCatalogEntry,
    /// `/tools/<i>` in the old catalog.
    pub old_at: Pointer,
    /// `/tools/<i>` in the new catalog.
    pub new_at: Pointer,
}
