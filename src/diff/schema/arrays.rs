//! Arrays: `prefixItems` position by position, then `items` for the rest, each
//! position compared with what the other side applies there (its own position, or
//! its `items`). `contains` and its counts are not compared: a change there is
//! uncertain, shown at the first of them that changed.

use super::core::{Cmp, Conjunct, Flags, Loc, Path, json_eq};

/// What `c` applies to the items after its `prefixItems`.
fn tail<'a>(c: &Conjunct<'a>) -> Option<Loc<'a>> {
    if let Some(items) = c.get("items") {
        return Some(items.clone());
    }
    // Without `items`, `unevaluatedItems` is the tail when nothing else evaluates
    // items in place.
    let applicators = ["anyOf", "oneOf", "if", "contains"].iter().any(|k| c.has(k));
    match c.get("unevaluatedItems") {
        Some(unevaluated) if !applicators => Some(unevaluated.clone()),
        _ => None,
    }
}

pub(super) fn compare<'a>(cmp: &mut Cmp<'a, '_>, a: &Conjunct<'a>, b: &Conjunct<'a>, path: &Path) -> Flags {
    let mut flags = Flags::NONE;
    let prefix = |c: &Conjunct<'a>| c.get("prefixItems").map(Loc::items).unwrap_or_default();
    let (pa, pb) = (prefix(a), prefix(b));
    let (ta, tb) = (tail(a), tail(b));
    let unevaluated_unclear = |c: &Conjunct<'a>, t: &Option<Loc<'a>>| c.has("unevaluatedItems") && t.is_none();
    if unevaluated_unclear(a, &ta) || unevaluated_unclear(b, &tb) {
        let (x, y) = (a.get("unevaluatedItems"), b.get("unevaluatedItems"));
        if !matches!((x, y), (Some(x), Some(y)) if cmp.equivalent(x, y)) {
            let (x, y) = (a.get_or_absent("unevaluatedItems"), b.get_or_absent("unevaluatedItems"));
            flags |= cmp.uncertain(path, "`unevaluatedItems` next to applicators changed; not compared", &x, &y);
        }
    }
    let ta = ta.unwrap_or_else(|| a.at.absent());
    let tb = tb.unwrap_or_else(|| b.at.absent());
    for i in 0..pa.len().max(pb.len()) {
        let x = pa.get(i).unwrap_or(&ta);
        let y = pb.get(i).unwrap_or(&tb);
        flags |= cmp.compare(x, y, &path.suffix(&format!("[{i}]")));
    }
    flags |= cmp.compare(&ta, &tb, &path.suffix("[]"));
    // The first of them that changed is shown, so that a changed count is not shown
    // as its unchanged `contains` twice.
    let contains = ["contains", "minContains", "maxContains"];
    let differs = contains.into_iter().find(|k| match (a.get(k), b.get(k)) {
        (None, None) => false,
        (Some(x), Some(y)) if *k == "contains" => !cmp.equivalent(x, y),
        (Some(x), Some(y)) => !json_eq(x.value, y.value),
        _ => true,
    });
    if let Some(keyword) = differs {
        let (x, y) = (a.get_or_absent(keyword), b.get_or_absent(keyword));
        flags |= cmp.uncertain(path, &format!("its `{keyword}` changed; not compared"), &x, &y);
    }
    flags
}
