//! `tool_define` (CONTRACT.md a.2): one tool spec of a declaration file into a raw
//! entry: spec keys merged into `config`, schema spellings resolved, the execution
//! policy merged into annotations; the input-schema spelling and executor rules
//! (`input_schema_spelling`, `executor`) checked.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::raw::{EntryCtx, Field, RawEntry, take, type_name};
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
    super::input_schema_spelling::resolve(&mut cx, &mut entry);
    resolve_schema_spelling(&mut cx, &mut entry, &["returns", "output_schema"], "outputSchema", "output");
    resolve_schema_spelling(&mut cx, &mut entry, &["error_schema"], "errorSchema", "error");
    merge_execution_policy(&mut entry);
    super::executor::check(&mut cx, &entry);
    super::fields::text::check_define_fields(&mut cx, &entry);
    let failed = cx.failed();
    diagnostics.append(&mut cx.diagnostics);
    (!failed).then_some(entry)
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
