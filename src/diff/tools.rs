//! Tools matched by name across two catalogs: those removed, those added, and each
//! pair handed to the comparisons of its fields and schemas.

use std::collections::HashMap;

use rayon::prelude::*;

use super::pair::ToolPair;
use super::{Change, Side, metadata, schema};
use crate::contract::ToolCatalog;
use crate::diff::rules::{TOOL_ADDED, TOOL_REMOVED, TOOL_RENAMED};
use crate::pointer::Pointer;

/// At most this many (removed, added) pairs are compared in full to find renames;
/// past it, only pairs with byte-equal input schemas are, so that a catalog replaced
/// wholesale is not compared tool by tool in the square of its size.
const RENAME_CANDIDATES: usize = 10_000;

/// Every change between the tools of `old` and `new`: the tools on both sides in the
/// new catalog's order, then those renamed or removed in the old one's, then those
/// added.
pub(super) fn compare(old: &ToolCatalog, new: &ToolCatalog) -> Vec<Change> {
    let old_index: HashMap<&str, usize> =
        old.tools.iter().enumerate().map(|(i, tool)| (tool.name.as_str(), i)).collect();
    let new_names: HashMap<&str, usize> =
        new.tools.iter().enumerate().map(|(i, tool)| (tool.name.as_str(), i)).collect();
    let tools = Pointer::root().key("tools");
    let components = schema::components(old, new);
    let mut added = Vec::new();
    let mut matched = Vec::with_capacity(new.tools.len());
    for (i, tool) in new.tools.iter().enumerate() {
        match old_index.get(tool.name.as_str()) {
            Some(&j) => matched.push((j, i)),
            None => added.push(i),
        }
    }
    // The tools on both sides are compared in parallel, their changes kept in order.
    let per_tool: Vec<Vec<Change>> = matched
        .par_iter()
        .map(|&(j, i)| {
            let pair = ToolPair {
                name: new.tools[i].name.as_str(),
                old: &old.tools[j],
                new: &new.tools[i],
                old_at: tools.index(j),
                new_at: tools.index(i),
            };
            let mut found = Vec::new();
            metadata::compare(&pair, &mut found);
            schema::compare(&pair, &components, &mut found);
            found
        })
        .collect();
    let mut changes: Vec<Change> = per_tool.into_iter().flatten().collect();
    let removed: Vec<usize> =
        (0..old.tools.len()).filter(|j| !new_names.contains_key(old.tools[*j].name.as_str())).collect();
    let thorough = removed.len().saturating_mul(added.len()) <= RENAME_CANDIDATES;
    let mut renamed_to = vec![false; new.tools.len()];
    for &j in &removed {
        let (was, gone) = (old.tools[j].name.as_str(), &old.tools[j]);
        let same_contract = |i: usize| {
            let tool = &new.tools[i];
            if !thorough && tool.input_schema != gone.input_schema {
                return false;
            }
            let pair = ToolPair { name: was, old: gone, new: tool, old_at: tools.index(j), new_at: tools.index(i) };
            let mut found = Vec::new();
            schema::compare(&pair, &components, &mut found);
            found.iter().all(|change| std::ptr::eq(change.rule, schema::SCHEMA_DESCRIPTION_CHANGED))
        };
        match added.iter().copied().find(|&i| !renamed_to[i] && same_contract(i)) {
            Some(i) => {
                renamed_to[i] = true;
                let is = new.tools[i].name.as_str();
                changes.push(
                    Change::new(
                        TOOL_RENAMED,
                        Some(is),
                        Side::Metadata,
                        format!("tool `{was}` was renamed `{is}`: callers of `{was}` fail"),
                    )
                    .at(tools.index(j).key("name"), tools.index(i).key("name"))
                    .values(Some(&was.into()), Some(&is.into())),
                );
            }
            None => changes.push(
                Change::new(TOOL_REMOVED, Some(was), Side::Metadata, format!("tool `{was}` was removed"))
                    .at(tools.index(j).key("name"), tools.clone())
                    .values(Some(&was.into()), None),
            ),
        }
    }
    for i in added.into_iter().filter(|&i| !renamed_to[i]) {
        let name = new.tools[i].name.as_str();
        changes.push(
            Change::new(TOOL_ADDED, Some(name), Side::Metadata, format!("tool `{name}` was added"))
                .at(tools.clone(), tools.index(i).key("name"))
                .values(None, Some(&name.into())),
        );
    }
    changes
}
