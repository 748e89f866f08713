//! Every other field of a tool and of the catalog: changes that no rule of its own
//! judges, reported so that no change goes unseen.

use serde_json::Value;

use crate::contract::{ToolCatalog, ToolCatalogEntry};
use crate::declare_diff_rule;
use crate::diff::tools::ToolPair;
use crate::diff::{Change, Side};
use crate::pointer::Pointer;

declare_diff_rule! {
    /// ## What it reports
    /// A change of the metadata that no other rule judges: a tool's `icons`,
    /// `namespace`, `deferLoading`, `source`, `_meta`, `policy` (but a raised
    /// side-effect level, `side-effect-raised`), `cli.hidden` and its arguments' help
    /// texts, value names, hints, completions, order and groups; a hint or task
    /// support spelled out at its default value; a command path that became an
    /// alias of the new one; the tool's CLI while it is not on the CLI; and of the
    /// catalog, `info` (its name, version and description) and the registry-level
    /// command metadata other than aliases.
    ///
    /// ## Why info
    /// None of these changes what a caller may send, will receive or may call: they
    /// are presentation (help, icons, what loads when), provenance, open metadata
    /// whose meaning is its readers', or the same contract spelled differently. A
    /// `namespace` that moves the tool's CLI command is also reported as
    /// `cli-path-changed`.
    ///
    /// ## Example
    /// `icons: [{src: widget.png}]` becomes `icons: [{src: widget.svg}]`.
    pub static METADATA_CHANGED = {
        code: "metadata-changed",
        summary: "another field of a tool or of the catalog changed",
        levels: { metadata: Info },
    }
}

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

fn json(entry: &ToolCatalogEntry) -> Value {
    serde_json::to_value(entry).unwrap_or(Value::Null)
}

/// The fields of one tool that no rule of its own judges; `policy.side_effect_level`
/// is left out when `side-effect-raised` reported it.
pub(super) fn compare(pair: &ToolPair<'_>, level_reported: bool, out: &mut Vec<Change>) {
    let (old, new) = (json(pair.old), json(pair.new));
    let at = (&pair.old_at, &pair.new_at);
    for field in ["icons", "namespace", "deferLoading", "source", "_meta"] {
        changed(Some(pair.name), at, &[field], (old.get(field), new.get(field)), out);
    }
    if level_reported {
        let kind = |v: &Value| v.get("policy").and_then(|p| p.get("kind")).cloned();
        changed(Some(pair.name), at, &["policy", "kind"], (kind(&old).as_ref(), kind(&new).as_ref()), out);
    } else {
        changed(Some(pair.name), at, &["policy"], (old.get("policy"), new.get("policy")), out);
    }
    let hidden = |v: &Value| v.get("cli").and_then(|c| c.get("hidden")).cloned();
    changed(Some(pair.name), at, &["cli", "hidden"], (hidden(&old).as_ref(), hidden(&new).as_ref()), out);
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
