//! `execution.taskSupport`: whether a tool is called plainly, as an MCP task, or
//! either way.

use serde_json::Value;

use crate::contract::ToolTaskSupport;
use crate::diff::pair::ToolPair;
use crate::diff::rules::METADATA_CHANGED;
use crate::diff::rules::{TASK_SUPPORT_RELAXED, TASK_SUPPORT_STRICTER};
use crate::diff::{Change, Side};

/// The ways of calling a tool that `support` allows: (plain call, task).
fn modes(support: ToolTaskSupport) -> (bool, bool) {
    match support {
        ToolTaskSupport::Forbidden => (true, false),
        ToolTaskSupport::Optional => (true, true),
        ToolTaskSupport::Required => (false, true),
    }
}

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let declared = |pair_side: &crate::contract::ToolCatalogEntry| pair_side.execution.map(|e| e.task_support);
    let (old_value, new_value) = (declared(pair.old), declared(pair.new));
    if old_value == new_value {
        return;
    }
    let (old, new) = (old_value.unwrap_or(ToolTaskSupport::Forbidden), new_value.unwrap_or(ToolTaskSupport::Forbidden));
    let shown = |v: Option<ToolTaskSupport>| v.map_or("absent (forbidden)", ToolTaskSupport::as_str);
    let spelled = format!("taskSupport {} → {}", shown(old_value), shown(new_value));
    let ((old_plain, old_task), (new_plain, new_task)) = (modes(old), modes(new));
    let lost = match (old_plain && !new_plain, old_task && !new_task) {
        (true, _) => Some("a plain call"),
        (_, true) => Some("a task-augmented call"),
        _ => None,
    };
    let (rule, message) = match lost {
        Some(lost) => (TASK_SUPPORT_STRICTER, format!("{spelled}: {lost} no longer works")),
        None if old != new => (TASK_SUPPORT_RELAXED, format!("{spelled}: the tool may now be called either way")),
        None => (METADATA_CHANGED, format!("{spelled}: the same task support, spelled differently")),
    };
    let at = |entry: &crate::pointer::Pointer| entry.key("execution").key("taskSupport");
    out.push(
        Change::new(rule, Some(pair.name), Side::Metadata, message).at(at(&pair.old_at), at(&pair.new_at)).values(
            old_value.map(|v| Value::from(v.as_str())).as_ref(),
            new_value.map(|v| Value::from(v.as_str())).as_ref(),
        ),
    );
}
