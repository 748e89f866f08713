//! Tools matched by name across two catalogs: those removed, those added, and each
//! pair handed to the comparisons of its fields and schemas.

use std::collections::HashMap;

use super::{Change, Side, metadata, schema};
use crate::contract::{ToolCatalog, ToolCatalogEntry};
use crate::declare_diff_rule;
use crate::pointer::Pointer;

declare_diff_rule! {
    /// ## What it reports
    /// A tool of the old catalog that the new one no longer has, under any name.
    ///
    /// ## Why breaking
    /// Every caller of the tool fails: an agent's `tools/call`, a script, the CLI
    /// command generated from it.
    ///
    /// ## Example
    /// The old catalog has `widgets.delete`; the new one does not.
    pub static TOOL_REMOVED = {
        code: "tool-removed",
        summary: "a tool was removed",
        levels: { metadata: Breaking },
    }
}

declare_diff_rule! {
    /// ## What it reports
    /// A tool the old catalog did not have, under any name.
    ///
    /// ## Why info
    /// No existing caller uses it.
    ///
    /// ## Example
    /// The new catalog adds `widgets.archive`.
    pub static TOOL_ADDED = {
        code: "tool-added",
        summary: "a tool was added",
        levels: { metadata: Info },
    }
}

/// A tool present on both sides, with where each entry sits.
pub(super) struct ToolPair<'a> {
    pub name: &'a str,
    pub old: &'a ToolCatalogEntry,
    pub new: &'a ToolCatalogEntry,
    /// `/tools/<i>` in the old catalog.
    pub old_at: Pointer,
    /// `/tools/<i>` in the new catalog.
    pub new_at: Pointer,
    /// The components of both catalogs, for resolving `$ref`s.
    pub components: &'a schema::Components<'a>,
}

/// Every change between the tools of `old` and `new`: in the new catalog's order,
/// then the removed tools in the old one's.
pub(super) fn compare(old: &ToolCatalog, new: &ToolCatalog) -> Vec<Change> {
    let old_index: HashMap<&str, usize> =
        old.tools.iter().enumerate().map(|(i, tool)| (tool.name.as_str(), i)).collect();
    let new_names: HashMap<&str, usize> =
        new.tools.iter().enumerate().map(|(i, tool)| (tool.name.as_str(), i)).collect();
    let tools = Pointer::root().key("tools");
    let components = schema::components(old, new);
    let mut changes = Vec::new();
    for (i, tool) in new.tools.iter().enumerate() {
        let name = tool.name.as_str();
        match old_index.get(name) {
            Some(&j) => {
                let pair = ToolPair {
                    name,
                    old: &old.tools[j],
                    new: tool,
                    old_at: tools.index(j),
                    new_at: tools.index(i),
                    components: &components,
                };
                metadata::compare(&pair, &mut changes);
                schema::compare(&pair, &mut changes);
            }
            None => changes.push(
                Change::new(TOOL_ADDED, Some(name), Side::Metadata, format!("tool `{name}` was added"))
                    .at(tools.clone(), tools.index(i).key("name"))
                    .values(None, Some(&name.into())),
            ),
        }
    }
    for (j, tool) in old.tools.iter().enumerate() {
        let name = tool.name.as_str();
        if !new_names.contains_key(name) {
            changes.push(
                Change::new(TOOL_REMOVED, Some(name), Side::Metadata, format!("tool `{name}` was removed"))
                    .at(tools.index(j).key("name"), tools.clone())
                    .values(Some(&name.into()), None),
            );
        }
    }
    changes
}
