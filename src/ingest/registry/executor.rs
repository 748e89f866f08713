//! `tool_define`'s executor rules (CONTRACT.md a.2): which executors exist and what
//! each may and must declare.

use serde_json::Value;

use super::raw::{EntryCtx, Field, RawEntry, shown, type_name};
use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The executor rules of `tool_define`: `executor` is one of `harn` (alias
    /// `harn_builtin`), `host_bridge`, `mcp_server` or `provider_native`; `harn` takes
    /// neither `host_capability` nor `mcp_server`; `host_bridge` needs a non-empty
    /// `host_capability`; `mcp_server` needs a non-empty `mcp_server`; only `harn` has a
    /// handler. A declaration file cannot hold a handler closure, so a spec without an
    /// `executor` is taken to be a `harn` tool whose handler was left out.
    ///
    /// ## Why
    /// These combinations fail when the registry is built at run time; an offline
    /// compiler reports them at build time.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "executor": "host_bridge"}
    /// ```
    pub static EXECUTOR = {
        code: "executor",
        phase: Catalog,
        severity: Error,
        summary: "a tool's executor settings contradict each other",
    }
}

/// The executor rules of `tool_define`, on one raw entry.
pub fn check(cx: &mut EntryCtx<'_>, entry: &RawEntry) {
    let executor = match entry.get("executor") {
        None => "harn",
        Some(Field { value: Value::Null, .. }) => "harn",
        Some(Field { value: Value::String(s), .. }) => s.as_str(),
        Some(field) => {
            let at = field.at.clone();
            cx.error(
                EXECUTOR,
                format_args!(" field \"executor\" must be a string, not {}", type_name(&field.value)),
                &at,
            );
            return;
        }
    };
    let executor_at = entry.get("executor").map_or_else(|| entry.spec_at.clone(), |f| f.at.clone());
    let present = |key: &str| entry.get(key).filter(|f| !f.value.is_null());
    let forbid = |cx: &mut EntryCtx<'_>, key: &str, what: &str| {
        if let Some(field) = present(key) {
            cx.error_at_key(EXECUTOR, format_args!(": executor {executor:?} cannot declare {what}"), &field.at);
        }
    };
    match executor {
        "harn" | "harn_builtin" => {
            forbid(cx, "host_capability", "\"host_capability\"");
            forbid(cx, "mcp_server", "\"mcp_server\"");
        }
        "host_bridge" => {
            forbid(cx, "handler", "a handler");
            if !non_empty_string(present("host_capability")) {
                cx.error(EXECUTOR, ": executor \"host_bridge\" requires a non-empty \"host_capability\"", &executor_at);
            }
        }
        "mcp_server" => {
            forbid(cx, "handler", "a handler");
            if !non_empty_string(present("mcp_server")) {
                cx.error(EXECUTOR, ": executor \"mcp_server\" requires a non-empty \"mcp_server\"", &executor_at);
            }
        }
        "provider_native" => forbid(cx, "handler", "a handler"),
        other => cx.error(
            EXECUTOR,
            format_args!(
                " has unknown executor {}; expected \"harn\", \"host_bridge\", \"mcp_server\" or \"provider_native\"",
                shown(&Value::String(other.to_owned()))
            ),
            &executor_at,
        ),
    }
}

fn non_empty_string(field: Option<&Field>) -> bool {
    matches!(field.map(|f| &f.value), Some(Value::String(s)) if !s.is_empty())
}
