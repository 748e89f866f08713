//! `policy.side_effect_level`: how far Harn lets a tool's side effects reach, which
//! capability ceilings compare against.

use serde_json::Value;

use crate::contract::SideEffectLevel;
use crate::declare_diff_rule;
use crate::diff::pair::ToolPair;
use crate::diff::{Change, Side};

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `policy.side_effect_level` raised: `read_only` below
    /// `workspace_write`, below `process_exec`, below `network`, below
    /// `desktop_control`; or a declared level that became `none` or absent (a
    /// level no one declared, which permission checks treat as unknown). A level
    /// declared where there was none is not: nothing was promised before.
    ///
    /// ## Why warning
    /// Callers running under a capability ceiling below the new level can no longer
    /// call the tool, or must now be asked; callers without a ceiling notice
    /// nothing, so whether it breaks anyone depends on how the tool is run. A level
    /// lowered, or the policy's `kind` changed, is reported by `metadata-changed`.
    ///
    /// ## Example
    /// `execution_policy: {kind: read, side_effect_level: read_only}` becomes
    /// `execution_policy: {kind: fetch, side_effect_level: network}`.
    pub static SIDE_EFFECT_RAISED = {
        code: "side-effect-raised",
        summary: "a tool's side-effect level was raised",
        levels: { metadata: Warning },
    }
}

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
