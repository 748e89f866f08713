//! `execution` (a.3 step 10).

use serde_json::Value;

use crate::contract::{ToolExecution, ToolTaskSupport};
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field, shown};

declare_rule! {
    /// ## What it checks
    /// That `execution` is an object whose only key is `taskSupport`, one of
    /// `forbidden`, `optional` or `required`.
    ///
    /// ## Why
    /// This is MCP's per-tool task support; queues and retries are runtime settings
    /// that do not belong in the portable contract.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "execution": {"taskSupport": "sometimes"}}
    /// ```
    pub static EXECUTION_FIELD = {
        code: "execution-field",
        phase: Catalog,
        severity: Error,
        summary: "`execution` is not `{taskSupport: forbidden|optional|required}`",
    }
}

pub fn execution(cx: &mut EntryCtx<'_>, field: Option<Field>) -> Option<ToolExecution> {
    let Field { value, at } = field?;
    let object = match value {
        Value::Object(object) => object,
        _ => {
            cx.error(EXECUTION_FIELD, " field 'execution' must be an object", &at);
            return None;
        }
    };
    if let Some(key) = object.keys().find(|k| *k != "taskSupport") {
        cx.error_at_key(EXECUTION_FIELD, format_args!(" field 'execution' contains unknown key {key:?}"), &at.key(key));
        return None;
    }
    match object.get("taskSupport") {
        Some(value) => match value.as_str().and_then(ToolTaskSupport::parse) {
            Some(task_support) => Some(ToolExecution { task_support }),
            None => {
                let shown = value.as_str().map_or_else(|| shown(value), |s| format!("{s:?}"));
                cx.error(
                    EXECUTION_FIELD,
                    format_args!(" field 'execution.taskSupport' has unknown value {shown}"),
                    &at.key("taskSupport"),
                );
                None
            }
        },
        None => {
            cx.error(
                EXECUTION_FIELD,
                " field 'execution' must declare taskSupport (forbidden, optional or required)",
                &at,
            );
            None
        }
    }
}
