//! `annotations`: the MCP hints by which a client decides, among other things, which
//! calls to run without asking. Each hint is compared by what it promises, with MCP's
//! defaults for an absent hint and with what `readOnlyHint` implies.

use serde_json::Value;

use crate::contract::ToolPresentationAnnotations;
use crate::diff::pair::ToolPair;
use crate::diff::rules::METADATA_CHANGED;
use crate::diff::rules::{ANNOTATION_STRENGTHENED, ANNOTATION_WEAKENED};
use crate::diff::{Change, Side};

/// One hint: its wire name, what it promises when kept, and how to read it.
struct Hint {
    name: &'static str,
    /// What the tool promises while the effective value holds, for messages.
    promise: &'static str,
    /// The declared value.
    declared: fn(&ToolPresentationAnnotations) -> Option<bool>,
    /// Whether the promise holds, from every hint.
    kept: fn(&ToolPresentationAnnotations) -> bool,
}

fn read_only(a: &ToolPresentationAnnotations) -> bool {
    a.read_only_hint.unwrap_or(false)
}

const HINTS: [Hint; 4] = [
    Hint { name: "readOnlyHint", promise: "to be read-only", declared: |a| a.read_only_hint, kept: read_only },
    Hint {
        name: "destructiveHint",
        promise: "to be non-destructive",
        declared: |a| a.destructive_hint,
        kept: |a| read_only(a) || !a.destructive_hint.unwrap_or(true),
    },
    Hint {
        name: "idempotentHint",
        promise: "to be idempotent",
        declared: |a| a.idempotent_hint,
        kept: |a| read_only(a) || a.idempotent_hint.unwrap_or(false),
    },
    Hint {
        name: "openWorldHint",
        promise: "to keep to a closed world",
        declared: |a| a.open_world_hint,
        kept: |a| !a.open_world_hint.unwrap_or(true),
    },
];

/// `true`, `false` or `absent`.
fn shown(value: Option<bool>) -> String {
    value.map_or_else(|| "absent".to_owned(), |v| v.to_string())
}

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let none = ToolPresentationAnnotations::default();
    let old = pair.old.annotations.as_ref().unwrap_or(&none);
    let new = pair.new.annotations.as_ref().unwrap_or(&none);
    for hint in &HINTS {
        let (old_value, new_value) = ((hint.declared)(old), (hint.declared)(new));
        let (old_kept, new_kept) = ((hint.kept)(old), (hint.kept)(new));
        let spelled = if old_value == new_value {
            // Changed through readOnlyHint, which implies this one.
            let (old_ro, new_ro) = (old.read_only_hint, new.read_only_hint);
            format!("{} {} and readOnlyHint {} → {}", hint.name, shown(old_value), shown(old_ro), shown(new_ro))
        } else {
            format!("{} {} → {}", hint.name, shown(old_value), shown(new_value))
        };
        let (rule, message) = match (old_kept, new_kept) {
            (true, false) => (ANNOTATION_WEAKENED, format!("{spelled}: the tool no longer promises {}", hint.promise)),
            (false, true) => (ANNOTATION_STRENGTHENED, format!("{spelled}: the tool now promises {}", hint.promise)),
            _ if old_value != new_value => (METADATA_CHANGED, format!("{spelled}: the tool promises what it did")),
            _ => continue,
        };
        let at = |entry: &crate::pointer::Pointer| entry.key("annotations").key(hint.name);
        out.push(
            Change::new(rule, Some(pair.name), Side::Metadata, message)
                .at(at(&pair.old_at), at(&pair.new_at))
                .values(old_value.map(Value::from).as_ref(), new_value.map(Value::from).as_ref()),
        );
    }
}
