//! `tool_define` (CONTRACT.md a.2): one tool spec of a declaration file into a raw
//! entry: spec keys merged into `config`, schema spellings resolved, the execution
//! policy merged into annotations, executor rules checked.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::raw::{EntryCtx, Field, RawEntry, shown, take, type_name};
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That each element of `tools` is an object with a non-empty string `name`, and
    /// that its `config`, when given, is an object.
    ///
    /// ## Why
    /// A tool is identified by its name everywhere: in MCP, in the CLI, in the
    /// catalog. Upstream refuses a registry entry without one (`tool registry entry
    /// field "name" must be a non-empty string`).
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"description": "Look up a widget"}]}
    /// ```
    pub static TOOL_SPEC = {
        code: "tool-spec",
        phase: Catalog,
        severity: Error,
        summary: "a tool spec is not an object with a non-empty name",
    }
}

declare_rule! {
    /// ## What it checks
    /// That a tool declares its input schema once: with `parameters` (the legacy
    /// per-parameter map), `input_schema` or `inputSchema`, never two of them; and that
    /// it does not use the misspelling `params`.
    ///
    /// ## Why
    /// Two spellings leave it unclear which schema the tool accepts; upstream's
    /// `tool_define` refuses both cases with these messages.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "parameters": {"q": "string"}, "inputSchema": {"type": "object"}}
    /// ```
    pub static INPUT_SCHEMA_SPELLING = {
        code: "input-schema-spelling",
        phase: Catalog,
        severity: Error,
        summary: "a tool declares its input schema twice, or as `params`",
        help: "keep exactly one of \"parameters\", \"input_schema\" or \"inputSchema\"",
    }
}

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

declare_rule! {
    /// ## What it checks
    /// Keys whose value is silently superseded: a key given both on a spec and in its
    /// `config` (the spec's wins), an output schema given as both `returns` and
    /// `output_schema` (`returns` wins) or overridden by a literal `outputSchema`, and
    /// likewise `error_schema` / `errorSchema`.
    ///
    /// ## Why
    /// The catalog follows upstream's precedence, but one of the two values the user
    /// wrote is thrown away; that is almost always a mistake worth a warning.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "returns": {"type": "string"}, "output_schema": {"type": "integer"}}
    /// ```
    pub static SHADOWED_KEY = {
        code: "shadowed-key",
        phase: Catalog,
        severity: Warning,
        summary: "a key's value is superseded by another spelling of it",
        help: "remove the spelling that is not used",
    }
}

/// The normaliser's view of one spec: its raw entry, or nothing when the spec is
/// unusable (already reported).
pub fn define(
    source: &Arc<SourceFile>,
    spec: Value,
    at: Pointer,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RawEntry> {
    let Value::Object(spec) = spec else {
        diagnostics.push(
            TOOL_SPEC
                .diag(format!("tool registry entries must be objects; this one is {}", type_name(&spec)))
                .at(Origin::value(source, at)),
        );
        return None;
    };
    // The spec's keys and its `config`'s form one set of keys; on a clash the
    // spec's value is used.
    let mut spec = spec;
    let (config, config_problem) = match spec.shift_remove("config") {
        None | Some(Value::Null) => (Map::new(), None),
        Some(Value::Object(config)) => (config, None),
        Some(other) => (Map::new(), Some(type_name(&other))),
    };
    let config_at = at.key("config");
    let mut fields: Vec<(String, Field)> = config
        .into_iter()
        .map(|(k, value)| {
            let at = config_at.key(&k);
            (k, Field { value, at })
        })
        .collect();
    let mut shadowed = Vec::new();
    for (key, value) in spec {
        let field = Field { value, at: at.key(&key) };
        match fields.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => {
                shadowed.push((key, field.at.clone(), slot.at.clone()));
                *slot = field;
            }
            None => fields.push((key, field)),
        }
    }
    let name_field = take(&mut fields, "name");
    let (name, name_at) = match name_field {
        Some(Field { value: Value::String(name), at }) if !name.is_empty() => (name, at),
        found => {
            let origin = Origin::value(source, found.map_or(at, |f| f.at));
            diagnostics
                .push(TOOL_SPEC.diag("tool registry entry field \"name\" must be a non-empty string").at(origin));
            return None;
        }
    };
    let mut cx = EntryCtx::new(source, &name);
    if let Some(kind) = config_problem {
        cx.error(TOOL_SPEC, format_args!(" field \"config\" must be an object, not {kind}"), &config_at);
    }
    for (key, spec_at, config_at) in shadowed {
        cx.push(
            SHADOWED_KEY
                .diag(format!(
                    "tool {name:?} sets {key:?} both on the spec and in its config; the spec's value is used"
                ))
                .at(Origin::key(source, spec_at))
                .related(Origin::key(source, config_at), "the config's value, which is ignored"),
        );
    }
    let description = take(&mut fields, "description");
    let desc = take(&mut fields, "desc");
    let description = description.or(desc);
    let mut entry = RawEntry { name: name.clone(), name_at, spec_at: at, description, fields };
    resolve_input_spelling(&mut cx, &mut entry);
    resolve_schema_spelling(&mut cx, &mut entry, &["returns", "output_schema"], "outputSchema", "output");
    resolve_schema_spelling(&mut cx, &mut entry, &["error_schema"], "errorSchema", "error");
    merge_execution_policy(&mut entry);
    check_executor(&mut cx, &entry);
    super::fields::text::check_define_fields(&mut cx, &entry);
    let failed = cx.failed();
    diagnostics.append(&mut cx.diagnostics);
    (!failed).then_some(entry)
}

/// Exactly one of `parameters`, `input_schema`, `inputSchema`; the complete-schema
/// spellings are stored as `inputSchema`.
fn resolve_input_spelling(cx: &mut EntryCtx<'_>, entry: &mut RawEntry) {
    let spellings: Vec<&str> = ["parameters", "input_schema", "inputSchema"]
        .into_iter()
        .filter(|k| entry.get(k).is_some_and(|f| !f.value.is_null()))
        .collect();
    if spellings.len() > 1 {
        let at = entry.get(spellings[1]).map(|f| f.at.clone()).unwrap_or_default();
        cx.error_at_key(
            INPUT_SCHEMA_SPELLING,
            format_args!(" declares its input schema twice ({:?} and {:?})", spellings[0], spellings[1]),
            &at,
        );
    }
    if entry.get("parameters").is_none_or(|f| f.value.is_null()) {
        if let Some(params) = entry.get("params") {
            let at = params.at.clone();
            cx.error_at_key(INPUT_SCHEMA_SPELLING, ": use 'parameters', not 'params'", &at);
        }
    }
    if let Some(field) = entry.take("input_schema") {
        entry.set("inputSchema", field);
    }
}

/// Resolves the snake-case spellings of an output or error schema into `target`:
/// the first of `spellings` that is set wins, and a literal `target` key overrides it.
fn resolve_schema_spelling(cx: &mut EntryCtx<'_>, entry: &mut RawEntry, spellings: &[&str], target: &str, what: &str) {
    let mut given: Vec<(String, Field)> = Vec::new();
    for key in spellings.iter().copied().chain([target]) {
        if let Some(field) = entry.take(key) {
            given.push((key.to_owned(), field));
        }
    }
    let Some(winner) = given.iter().position(|(k, _)| k == target).or((!given.is_empty()).then_some(0)) else {
        return;
    };
    for (i, (key, field)) in given.iter().enumerate() {
        if i != winner {
            let message = format!(
                "tool {:?} declares its {what} schema as both {:?} and {key:?}; {:?} is used",
                cx.tool, given[winner].0, given[winner].0
            );
            cx.push(SHADOWED_KEY.diag(message).at(Origin::key(cx.source, field.at.clone())));
        }
    }
    let (_, field) = given.swap_remove(winner);
    entry.set(target, field);
}

/// An `execution_policy` object is merged under `annotations` (annotation keys win),
/// which is where the legacy policy fallback later looks.
fn merge_execution_policy(entry: &mut RawEntry) {
    let Some(Value::Object(policy)) = entry.get("execution_policy").map(|f| f.value.clone()) else {
        return;
    };
    let policy_at = entry.get("execution_policy").map(|f| f.at.clone()).unwrap_or_default();
    let (merged, at) = match entry.take("annotations") {
        Some(Field { value: Value::Object(annotations), at }) => {
            let mut merged = policy;
            merged.extend(annotations);
            (merged, at)
        }
        Some(other) => {
            // Not an object: kept as given so that its own check reports it.
            entry.set("annotations", other);
            return;
        }
        None => (policy, policy_at),
    };
    entry.set("annotations", Field { value: Value::Object(merged), at });
}

fn non_empty_string(field: Option<&Field>) -> bool {
    matches!(field.map(|f| &f.value), Some(Value::String(s)) if !s.is_empty())
}

fn check_executor(cx: &mut EntryCtx<'_>, entry: &RawEntry) {
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
