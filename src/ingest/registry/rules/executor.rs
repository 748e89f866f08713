//! `tool_define`'s executor rules (spec/contract.md a.2): which executors exist and what
//! each may and must declare.

use serde_json::Value;

use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field, RawEntry, shown, type_name};

declare_rule! {
    /// ## What it checks
    /// The executor rules of `tool_define`: `executor` is one of `harn` (alias
    /// `harn_builtin`), `host_bridge`, `mcp_server` or `provider_native`; `harn` takes
    /// neither `host_capability` nor `mcp_server`; `host_bridge` needs a non-empty
    /// `host_capability`; `mcp_server` needs a non-empty `mcp_server`; only `harn` has a
    /// handler. A declaration file cannot hold a handler closure, so a spec without an
    /// `executor` is taken to be a `harn` tool whose handler was left out. A
    /// `tool_define(registry, name, description, config)` call of a `.harn` module
    /// (script surface) shows whether its config has a handler, so there, as upstream
    /// checks it, a tool needs a handler or an `executor`, and the `harn` executor
    /// needs a handler (but for the tools Harn serves itself: `read_file`,
    /// `list_directory`, `emit_plan`, `update_plan`).
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

/// The help line of a tool refused by [`missing_handler`].
pub const MISSING_HANDLER_HELP: &str = "attach a `handler` (executor \"harn\"), or declare another executor with the key it needs: \"host_bridge\" with `host_capability`, \"mcp_server\" with `mcp_server`, or \"provider_native\"";

/// The tools Harn's VM serves itself, which need no handler under the `harn`
/// executor (burin-labs/harn, crates/harn-vm/src/llm/tools/handle_local.rs,
/// `VM_STDLIB_SHORT_CIRCUIT_TOOLS`, e45362cf).
const SERVED_BY_HARN: [&str; 4] = ["read_file", "list_directory", "emit_plan", "update_plan"];

/// `tool_define`'s rule for a config whose handler is visible, as in a `.harn`
/// module: a tool needs a handler or an executor, and the `harn` executor a handler.
/// The message (after `tool "<n>"`) when a config with or without a handler, and
/// with this `executor`, breaks it, else `None`.
/// The other executor rules are checked on the entry by [`check`].
/// [`MISSING_HANDLER_HELP`] says how to fix it.
///
/// From burin-labs/harn, crates/harn-vm/src/stdlib/tools.rs (`tool_define`), e45362cf.
pub fn missing_handler(tool: &str, has_handler: bool, executor: Option<&Value>) -> Option<&'static str> {
    if has_handler {
        return None;
    }
    match executor {
        None | Some(Value::Null) => Some(" has neither a handler nor an executor, so nothing would run it"),
        Some(Value::String(e)) if (e == "harn" || e == "harn_builtin") && !SERVED_BY_HARN.contains(&tool) => {
            Some(" declares executor \"harn\" but has no handler to run")
        }
        _ => None,
    }
}
