//! Tools whose contract hash (`crate::index::hash`) changed: what a runtime that pins
//! tools by hash must re-resolve, whatever the other rules say the change breaks.

use std::collections::HashMap;

use super::{Change, Side};
use crate::contract::ToolCatalog;
use crate::diff::rules::CONTRACT_HASH_CHANGED;
use crate::index::contract_hashes;
use crate::pointer::Pointer;

/// A tool on both sides of a comparison whose contract hash differs.
pub struct Moved {
    /// Its index in the old catalog and in the new.
    pub old: usize,
    pub new: usize,
    pub was: String,
    pub now: String,
}

/// One change per tool on both sides (matched by name) whose contract hash differs.
pub(super) fn compare(old: &ToolCatalog, new: &ToolCatalog, changes: &mut Vec<Change>) {
    let tools = Pointer::root().key("tools");
    for moved in moved(old, new) {
        let message = "the contract hash changed: a runtime that pins the tool by hash must resolve it anew";
        let name = new.tools[moved.new].name.as_str();
        changes.push(
            Change::new(CONTRACT_HASH_CHANGED, Some(name), Side::Metadata, message)
                .at(tools.index(moved.old), tools.index(moved.new))
                .values(Some(&moved.was.as_str().into()), Some(&moved.now.as_str().into())),
        );
    }
}

/// The tools on both sides (matched by name) whose contract hash differs, in the new
/// catalog's order. A tool whose entry is unchanged, in catalogs with the same
/// components, keeps its hash and is not hashed.
pub fn moved(old: &ToolCatalog, new: &ToolCatalog) -> Vec<Moved> {
    let old_index: HashMap<&str, usize> = old.tools.iter().enumerate().map(|(i, t)| (t.name.as_str(), i)).collect();
    let same_components = old.components == new.components;
    let pairs: HashMap<usize, usize> = new
        .tools
        .iter()
        .enumerate()
        .filter_map(|(i, tool)| {
            let j = *old_index.get(tool.name.as_str())?;
            (!same_components || old.tools[j] != *tool).then_some((i, j))
        })
        .collect();
    if pairs.is_empty() {
        return Vec::new();
    }
    let old_wanted: std::collections::HashSet<usize> = pairs.values().copied().collect();
    let new_hashes = contract_hashes(new, |i| pairs.contains_key(&i));
    let old_hashes = contract_hashes(old, |j| old_wanted.contains(&j));
    let mut found = Vec::new();
    for (i, now) in new_hashes.into_iter().enumerate() {
        let Some(&j) = pairs.get(&i) else { continue };
        let (Some(was), Some(now)) = (&old_hashes[j], now) else { continue };
        if *was != now {
            found.push(Moved { old: j, new: i, was: was.clone(), now });
        }
    }
    found
}
