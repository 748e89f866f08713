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
    /// The value MCP assumes when the hint is absent.
    default: bool,
    /// The effective value that keeps the promise.
    keeps: bool,
    /// Whether `readOnlyHint` keeps the promise whatever this hint says (a read-only
    /// tool destroys nothing and may be called again).
    implied_by_read_only: bool,
    /// The declared value.
    declared: fn(&ToolPresentationAnnotations) -> Option<bool>,
}

impl Hint {
    /// The value a client reads: the declared one, else MCP's default.
    fn effective(&self, a: &ToolPresentationAnnotations) -> bool {
        (self.declared)(a).unwrap_or(self.default)
    }

    /// Whether the promise holds, from every hint.
    fn kept(&self, a: &ToolPresentationAnnotations) -> bool {
        self.effective(a) == self.keeps || (self.implied_by_read_only && READ_ONLY.effective(a))
    }
}

const READ_ONLY: Hint = Hint {
    name: "readOnlyHint",
    promise: "to be read-only",
    default: false,
    keeps: true,
    implied_by_read_only: false,
    declared: |a| a.read_only_hint,
};

const HINTS: [Hint; 4] = [
    READ_ONLY,
    Hint {
        name: "destructiveHint",
        promise: "to be non-destructive",
        default: true,
        keeps: false,
        implied_by_read_only: true,
        declared: |a| a.destructive_hint,
    },
    Hint {
        name: "idempotentHint",
        promise: "to be idempotent",
        default: false,
        keeps: true,
        implied_by_read_only: true,
        declared: |a| a.idempotent_hint,
    },
    Hint {
        name: "openWorldHint",
        promise: "to keep to a closed world",
        default: true,
        keeps: false,
        implied_by_read_only: false,
        declared: |a| a.open_world_hint,
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
    let moved = |hint: &Hint| (hint.kept(old), hint.kept(new));
    // The promises that moved only because readOnlyHint did (which implies them): said
    // with readOnlyHint's own change, not as changes of their own.
    let implied: Vec<&Hint> = HINTS[1..]
        .iter()
        .filter(|hint| (hint.declared)(old) == (hint.declared)(new) && moved(hint).0 != moved(hint).1)
        .collect();
    for hint in &HINTS {
        let (old_value, new_value) = ((hint.declared)(old), (hint.declared)(new));
        let (old_kept, new_kept) = moved(hint);
        if implied.iter().any(|h| h.name == hint.name) {
            continue;
        }
        let spelled = format!("{} {} → {}", hint.name, shown(old_value), shown(new_value));
        let also = if hint.name == READ_ONLY.name && !implied.is_empty() {
            let promises: Vec<&str> = implied.iter().map(|h| h.promise).collect();
            let joined = if new_kept { ", and with it" } else { ", nor, as its other hints are absent," };
            format!("{joined} {}", promises.join(" and "))
        } else {
            String::new()
        };
        let (rule, message) = match (old_kept, new_kept) {
            (true, false) => {
                (ANNOTATION_WEAKENED, format!("{spelled}: the tool no longer promises {}{also}", hint.promise))
            }
            (false, true) => {
                (ANNOTATION_STRENGTHENED, format!("{spelled}: the tool now promises {}{also}", hint.promise))
            }
            // A hint spelled out at the value MCP assumes without it means the same to
            // every client: no change.
            _ if hint.effective(old) == hint.effective(new) => continue,
            _ => (METADATA_CHANGED, format!("{spelled}: the tool promises what it did")),
        };
        let at = |entry: &crate::pointer::Pointer| entry.key("annotations").key(hint.name);
        out.push(
            Change::new(rule, Some(pair.name), Side::Metadata, message)
                .at(at(&pair.old_at), at(&pair.new_at))
                .values(old_value.map(Value::from).as_ref(), new_value.map(Value::from).as_ref()),
        );
    }
}
