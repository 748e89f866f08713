//! The registry normaliser (spec/contract.md a.3): a raw entry into a catalog entry, each
//! field through its own rule, with the place every field came from.

use std::sync::Arc;

use super::raw::{EntryCtx, RawEntry};
use super::rules;
use crate::contract::{NonBlank, ToolCatalogEntry};
use crate::diagnostics::Diagnostic;
use crate::provenance::EntryOrigin;
use crate::source::SourceFile;

/// Normalises one entry. `None` when any of its fields was refused (all reported).
pub fn normalize(
    source: &Arc<SourceFile>,
    mut raw: RawEntry,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(ToolCatalogEntry, EntryOrigin)> {
    let name = raw.name.clone();
    let mut cx = EntryCtx::new(source, &name);
    let mut origin = EntryOrigin::identity(raw.spec_at.clone());
    origin.record("name", &raw.name_at);
    let mut record = |wire: &'static str, field: Option<&super::raw::Field>| {
        if let Some(field) = field {
            origin.record(wire, &field.at);
        }
    };
    record("description", raw.description.as_ref());
    for (wire, key) in [
        ("title", "title"),
        ("outputSchema", "outputSchema"),
        ("errorSchema", "errorSchema"),
        ("annotations", "annotations"),
        ("icons", "icons"),
        ("execution", "execution"),
        ("governance", "governance"),
        ("cli", "cli"),
        ("namespace", "namespace"),
        ("deferLoading", "defer_loading"),
        ("source", "source"),
        ("_meta", "meta"),
    ] {
        record(wire, raw.get(key));
    }
    record("policy", raw.get("execution_policy").or(raw.get("annotations")));
    if raw.get("cli").is_none() {
        // The implicit command is made of the name.
        origin.record("cli", &raw.name_at);
    }

    let description = rules::tool_field::description(&mut cx, raw.description.take());
    let title = rules::tool_field::optional_non_empty(&mut cx, raw.take("title"), "title");
    let namespace = rules::tool_field::namespace(raw.take("namespace"));
    let defer_loading = rules::tool_field::defer_loading(raw.take("defer_loading"));

    let input_schema = match raw.take("inputSchema") {
        Some(field) => {
            origin.record("inputSchema", &field.at);
            rules::schema_field::input_schema(&mut cx, field)
        }
        None => {
            let parameters = raw.take("parameters");
            origin
                .fields
                .push(("inputSchema", parameters.as_ref().map_or_else(|| raw.spec_at.clone(), |f| f.at.clone())));
            let lowered = rules::legacy_parameters::lower(&mut cx, parameters);
            origin.lowered = Some(lowered.origins);
            Some(lowered.schema)
        }
    };
    let output_schema = rules::schema_field::document(&mut cx, raw.take("outputSchema"), "outputSchema");
    let error_schema = rules::schema_field::document(&mut cx, raw.take("errorSchema"), "errorSchema");

    let annotations_field = raw.take("annotations");
    let annotations = rules::annotations_field::annotations(&mut cx, annotations_field.as_ref());
    let icons = rules::icon_field::icons(&mut cx, raw.take("icons"));
    let execution = rules::execution_field::execution(&mut cx, raw.take("execution"));
    let meta = rules::meta_field::meta(&mut cx, raw.take("meta"), raw.take("_meta"));
    let governance = rules::governance_field::governance(&mut cx, raw.take("governance"));
    let cli_field = raw.take("cli");
    let names = rules::cli_field::Context { name: &name, name_at: &raw.name_at, namespace: namespace.as_deref() };
    let cli = rules::cli_field::cli(&mut cx, cli_field, &names);
    let source_record = rules::source_field::source(&mut cx, raw.take("source"));
    let policy = rules::execution_policy::policy(&mut cx, raw.take("execution_policy"), annotations_field.as_ref());
    super::rules::unknown_tool_key::check(&mut cx, &raw.fields);

    let failed = cx.failed();
    diagnostics.append(&mut cx.diagnostics);
    if failed {
        return None;
    }
    let entry = ToolCatalogEntry {
        name: name.into(),
        title: title.map(NonBlank::from),
        description: description.map(NonBlank::from),
        input_schema: input_schema?,
        output_schema,
        error_schema,
        annotations,
        icons,
        execution,
        governance,
        cli,
        namespace: namespace.map(NonBlank::from),
        defer_loading,
        source: source_record,
        policy,
        meta,
    };
    Some((entry, origin))
}
