//! Every other field of a tool and of the catalog: changes that no rule of its own
//! judges, reported so that no change goes unseen.

use serde_json::Value;

use crate::contract::{ToolCatalog, ToolCatalogEntry, ToolIcon};
use crate::diff::pair::ToolPair;
use crate::diff::rules::METADATA_CHANGED;
use crate::diff::{Change, Side};
use crate::pointer::Pointer;

/// A change of the value at `path` (below the tool or the catalog) from `old` to
/// `new`, described as `what`; nothing when they are equal.
pub(super) fn changed(
    tool: Option<&str>,
    (old_at, new_at): (&Pointer, &Pointer),
    path: &[&str],
    (old, new): (Option<&Value>, Option<&Value>),
    out: &mut Vec<Change>,
) {
    if old == new {
        return;
    }
    let what = match (old, new) {
        (None, _) => "was added",
        (_, None) => "was removed",
        _ => "changed",
    };
    let at = |base: &Pointer| path.iter().fold(base.clone(), |p, k| p.key(k));
    out.push(
        Change::new(METADATA_CHANGED, tool, Side::Metadata, format!("`{}` {what}", path.join(".")))
            .at(at(old_at), at(new_at))
            .values(old, new),
    );
}

/// A field's wire value, for the message and the change's values; `None` when absent.
fn wire<T: serde::Serialize>(field: &Option<T>) -> Option<Value> {
    field.as_ref().and_then(|value| serde_json::to_value(value).ok())
}

/// The fields of one tool that no rule of its own judges; `policy.side_effect_level`
/// is left out when `side-effect-raised` reported it. Each field is compared as
/// typed and turned into JSON only when it changed.
pub(super) fn compare(pair: &ToolPair<'_>, level_reported: bool, out: &mut Vec<Change>) {
    let (old, new) = (pair.old, pair.new);
    let at = (&pair.old_at, &pair.new_at);
    let tool = Some(pair.name);
    if old.icons != new.icons {
        icons(tool, at, (old.icons.as_deref().unwrap_or_default(), new.icons.as_deref().unwrap_or_default()), out);
    }
    if old.namespace != new.namespace {
        changed(tool, at, &["namespace"], (wire(&old.namespace).as_ref(), wire(&new.namespace).as_ref()), out);
    }
    if old.defer_loading != new.defer_loading {
        let (was, is) = (Value::from(old.defer_loading), Value::from(new.defer_loading));
        changed(tool, at, &["deferLoading"], (Some(&was), Some(&is)), out);
    }
    if old.source != new.source {
        by_member(tool, at, "source", (wire(&old.source), wire(&new.source)), out);
    }
    if old.meta != new.meta {
        by_member(tool, at, "_meta", (wire(&old.meta), wire(&new.meta)), out);
    }
    if old.policy != new.policy {
        if level_reported {
            let kind = |entry: &ToolCatalogEntry| wire(&entry.policy.as_ref().map(|p| p.kind));
            changed(tool, at, &["policy", "kind"], (kind(old).as_ref(), kind(new).as_ref()), out);
        } else {
            changed(tool, at, &["policy"], (wire(&old.policy).as_ref(), wire(&new.policy).as_ref()), out);
        }
    }
    if old.cli.hidden != new.cli.hidden {
        let (was, is) = (Value::from(old.cli.hidden), Value::from(new.cli.hidden));
        changed(tool, at, &["cli", "hidden"], (Some(&was), Some(&is)), out);
    }
}

/// A tool's icons compared one by one, matched by `src`: an icon added or removed
/// is one change, and an icon whose `mimeType`, `sizes` or `theme` changed is one
/// change of that field, rather than the whole list shown twice. Their order is not
/// compared: a client picks the icon that suits it.
fn icons(
    tool: Option<&str>,
    (old_at, new_at): (&Pointer, &Pointer),
    (old, new): (&[ToolIcon], &[ToolIcon]),
    out: &mut Vec<Change>,
) {
    let place = |base: &Pointer, index: Option<usize>| {
        let list = base.key("icons");
        index.map_or_else(|| list.clone(), |i| list.index(i))
    };
    let find = |list: &[ToolIcon], src: &str| list.iter().position(|icon| icon.src.as_str() == src);
    for (i, icon) in old.iter().enumerate() {
        let src = icon.src.as_str();
        match find(new, src) {
            None => {
                let value = serde_json::to_value(icon).ok();
                out.push(
                    Change::new(METADATA_CHANGED, tool, Side::Metadata, format!("icon `{src}` was removed"))
                        .at(place(old_at, Some(i)), place(new_at, None))
                        .values(value.as_ref(), None),
                );
            }
            Some(j) if new[j] != *icon => {
                let (was, is) = (serde_json::to_value(icon).ok(), serde_json::to_value(&new[j]).ok());
                for field in ["mimeType", "sizes", "theme"] {
                    let value = |v: &Option<Value>| v.as_ref().and_then(|v| v.get(field)).cloned();
                    let (before, after) = (value(&was), value(&is));
                    if before == after {
                        continue;
                    }
                    let what = match (&before, &after) {
                        (None, _) => "was added",
                        (_, None) => "was removed",
                        _ => "changed",
                    };
                    // A side that lacks the field points at the icon that lacks it.
                    let at = |base: &Pointer, index: usize, has: bool| {
                        let icon = place(base, Some(index));
                        if has { icon.key(field) } else { icon }
                    };
                    out.push(
                        Change::new(METADATA_CHANGED, tool, Side::Metadata, format!("icon `{src}`: `{field}` {what}"))
                            .at(at(old_at, i, before.is_some()), at(new_at, j, after.is_some()))
                            .values(before.as_ref(), after.as_ref()),
                    );
                }
            }
            Some(_) => {}
        }
    }
    for (j, icon) in new.iter().enumerate() {
        let src = icon.src.as_str();
        if find(old, src).is_none() {
            let value = serde_json::to_value(icon).ok();
            out.push(
                Change::new(METADATA_CHANGED, tool, Side::Metadata, format!("icon `{src}` was added"))
                    .at(place(old_at, None), place(new_at, Some(j)))
                    .values(None, value.as_ref()),
            );
        }
    }
}

/// The object field `field` compared member by member when it is an object on both
/// sides (a `_meta` that gained one key is one change of that key, not the whole
/// object shown twice), else whole.
fn by_member(
    tool: Option<&str>,
    at: (&Pointer, &Pointer),
    field: &str,
    (old, new): (Option<Value>, Option<Value>),
    out: &mut Vec<Change>,
) {
    let (Some(Value::Object(old)), Some(Value::Object(new))) = (&old, &new) else {
        changed(tool, at, &[field], (old.as_ref(), new.as_ref()), out);
        return;
    };
    let keys: std::collections::BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    for key in keys {
        changed(tool, at, &[field, key.as_str()], (old.get(key), new.get(key)), out);
    }
}

/// The catalog's `info`: its name (the generated CLI's), version and description.
pub(super) fn compare_info(old: &ToolCatalog, new: &ToolCatalog, out: &mut Vec<Change>) {
    let json = |catalog: &ToolCatalog| catalog.info.as_ref().and_then(|info| serde_json::to_value(info).ok());
    let (old_info, new_info) = (json(old), json(new));
    let info = Pointer::root();
    for field in ["name", "version", "description"] {
        let value = |v: &Option<Value>| v.as_ref().and_then(|v| v.get(field)).cloned();
        changed(None, (&info, &info), &["info", field], (value(&old_info).as_ref(), value(&new_info).as_ref()), out);
    }
}
