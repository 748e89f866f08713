//! `tool_define` (spec/contract.md a.2): one tool spec of a declaration file into a raw
//! entry: spec keys merged into `config`, schema spellings resolved, the execution
//! policy merged into annotations; the rules of a spec's shape (`tool_spec`), its
//! superseded keys (`shadowed_key`), input-schema spelling and executor
//! (`input_schema_spelling`, `executor`) checked.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::raw::{EntryCtx, Field, RawEntry, take, type_name};
use super::rules;
use crate::diagnostics::Diagnostic;
use crate::pointer::Pointer;
use crate::source::SourceFile;

/// The normaliser's view of one spec: its raw entry, or nothing when the spec is
/// unusable (already reported).
pub fn define(
    source: &Arc<SourceFile>,
    spec: Value,
    at: Pointer,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RawEntry> {
    let Value::Object(spec) = spec else {
        diagnostics.push(rules::tool_spec::not_an_object(source, &spec, at));
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
    // Sized once: a field is large, and grown by doubling the buffers outgrown were a
    // good part of what normalising a tool allocates.
    let mut fields: Vec<(String, Field)> = Vec::with_capacity(config.len() + spec.len());
    fields.extend(config.into_iter().map(|(k, value)| {
        let at = config_at.key(&k);
        (k, Field { value, at })
    }));
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
    let (name, name_at) = match rules::tool_spec::name(source, name_field, at.clone()) {
        Ok(named) => named,
        Err(refused) => {
            diagnostics.push(refused);
            return None;
        }
    };
    let mut cx = EntryCtx::new(source, &name);
    if let Some(kind) = config_problem {
        rules::tool_spec::config_not_an_object(&mut cx, kind, &config_at);
    }
    for (key, spec_at, config_at) in shadowed {
        rules::shadowed_key::shadowed_config_key(&mut cx, &key, spec_at, config_at);
    }
    let description = take(&mut fields, "description");
    let desc = take(&mut fields, "desc");
    let description = description.or(desc);
    let mut entry = RawEntry { name: name.clone(), name_at, spec_at: at, description, fields };
    super::rules::input_schema_spelling::resolve(&mut cx, &mut entry);
    rules::shadowed_key::resolve_schema_spelling(
        &mut cx,
        &mut entry,
        &["returns", "output_schema"],
        "outputSchema",
        "output",
    );
    rules::shadowed_key::resolve_schema_spelling(&mut cx, &mut entry, &["error_schema"], "errorSchema", "error");
    super::rules::executor::check(&mut cx, &entry);
    super::rules::tool_field::check_define_fields(&mut cx, &entry);
    let failed = cx.failed();
    diagnostics.append(&mut cx.diagnostics);
    (!failed).then_some(entry)
}
