//! `policy.side_effect_level`: how far Harn lets a tool's side effects reach, which
//! capability ceilings compare against.

use serde_json::Value;

use crate::contract::SideEffectLevel;
use crate::diff::pair::ToolPair;
use crate::diff::rules::SIDE_EFFECT_RAISED;
use crate::diff::{Change, Side};

/// The rank of a declared level; `None` for `none` (unknown).
fn rank(level: SideEffectLevel) -> Option<usize> {
    match level {
        SideEffectLevel::None => None,
        known => SideEffectLevel::ALL.iter().position(|l| *l == known),
    }
}

/// Whether the change is reported here (the rest of `policy` is `metadata-changed`'s).
pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) -> bool {
    let level = |entry: &crate::contract::ToolCatalogEntry| entry.policy.map(|p| p.side_effect_level);
    let (old, new) = (level(pair.old), level(pair.new));
    let Some(old_rank) = old.and_then(rank) else {
        return false;
    };
    let raised = new.and_then(rank).is_none_or(|new_rank| new_rank > old_rank);
    if !raised {
        return false;
    }
    let shown = |v: Option<SideEffectLevel>| v.map_or("absent", SideEffectLevel::as_str);
    let what = match new.and_then(rank) {
        Some(_) => "its side effects reach further",
        None => "its side effects are no longer declared",
    };
    let at = |entry: &crate::pointer::Pointer| entry.key("policy").key("side_effect_level");
    out.push(
        Change::new(
            SIDE_EFFECT_RAISED,
            Some(pair.name),
            Side::Metadata,
            format!("side_effect_level {} → {}: {what}", shown(old), shown(new)),
        )
        .at(at(&pair.old_at), at(&pair.new_at))
        .values(old.map(|v| Value::from(v.as_str())).as_ref(), new.map(|v| Value::from(v.as_str())).as_ref()),
    );
    true
}
