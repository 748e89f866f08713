//! The catalog phase's semantic checks: `ToolCatalog::validate` (spec/contract.md b.1–b.4)
//! over a normalised catalog, whichever input it came from.

pub mod catalog;
pub mod rules;
pub mod schema;

use std::collections::BTreeSet;

use rayon::prelude::*;

use crate::contract::{ToolAudience, ToolCatalog, ToolCatalogEntry};
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest;
use crate::maps::HashMap;
use crate::pointer::{Part, Pointer};
use crate::provenance::{EntryOrigin, Provenance};
use crate::schema::refs;
use crate::schema::registry::Components;
use catalog::{ToolCx, at};
use rules::blank_string;
use schema::{Role, Subject, Wording};

/// Where a place inside one schema was written.
type Locator<'a> = dyn Fn(&Pointer, Part) -> Origin + 'a;

/// Runs every catalog-phase check on `catalog` and returns what they found, in
/// upstream's order: info, components, each tool, the CLI tree. `mcp_projection_follows`
/// says whether the prepare phase will project the MCP tools, which refuses the external
/// references of the schemas it bundles; without it they are only warned about.
pub fn validate(
    catalog: &ToolCatalog,
    provenance: &Provenance,
    wording: Wording,
    superseded: &[(Box<ToolCatalogEntry>, EntryOrigin)],
    mcp_projection_follows: bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(info) = &catalog.info {
        blank_string::check("info.name", Some(&info.name), || provenance.info("name"), &mut out);
        blank_string::check("info.version", info.version.as_deref(), || provenance.info("version"), &mut out);
        blank_string::check(
            "info.description",
            info.description.as_deref(),
            || provenance.info("description"),
            &mut out,
        );
    }

    let schemas = catalog.components.as_ref().map(|c| &c.schemas);
    let components = Components::new(schemas);
    rules::invalid_schema_resources::check(&components, provenance, &mut out);
    if let Some(schemas) = schemas {
        // Components that MCP projection bundles into some MCP tool's schemas; only
        // needed (for the external-reference warning) when a component has one.
        let external =
            |schema: &serde_json::Value| refs::collect(schema).iter().any(|r| r.target == refs::Target::External);
        let mcp_reached: BTreeSet<&str> = if mcp_projection_follows && schemas.values().any(external) {
            let graph = refs::ComponentGraph::new(schemas);
            catalog
                .tools
                .iter()
                .filter(|tool| tool.governance.includes(ToolAudience::Mcp))
                .flat_map(|tool| {
                    tool_schemas(tool).into_iter().flat_map(|(_, s, _)| graph.reachable(s).names().collect::<Vec<_>>())
                })
                .collect()
        } else {
            BTreeSet::new()
        };
        check_components(schemas, &components, &mcp_reached, provenance, wording, &mut out);
    }

    // Tools are independent of each other but for their names: their checks run in
    // parallel and their findings are put back in catalog order.
    let per_tool: Vec<Vec<Diagnostic>> = catalog
        .tools
        .par_iter()
        .enumerate()
        .map(|(index, tool)| {
            let mut found = Vec::new();
            let cx = ToolCx { index, tool, provenance };
            check_tool(&cx, &components, wording, mcp_projection_follows, &mut found);
            found
        })
        .collect();
    let mut names = HashMap::with_capacity_and_hasher(catalog.tools.len(), Default::default());
    for ((index, tool), found) in catalog.tools.iter().enumerate().zip(per_tool) {
        let cx = ToolCx { index, tool, provenance };
        blank_string::check(cx.place("name"), Some(&tool.name), || cx.origin(&at(&["name"])), &mut out);
        rules::duplicate_tool_name::check(&cx, &mut names, &mut out);
        out.extend(found);
    }
    check_superseded(superseded, &components, provenance, &mut out);
    rules::cli_path::check(catalog, provenance, &mut out);
    out
}

/// A definition replaced by a later one of the same name is gone from the catalog,
/// but upstream compiled its schemas when it was defined (spec/contract.md a.3 step 7;
/// skipped, as there, for schemas that reference components).
fn check_superseded(
    superseded: &[(Box<ToolCatalogEntry>, EntryOrigin)],
    components: &Components,
    provenance: &Provenance,
    out: &mut Vec<Diagnostic>,
) {
    for (tool, origin) in superseded {
        for (field, value, role) in tool_schemas(tool) {
            let label = format!("tool {:?} {field}", tool.name);
            let locate =
                |path: &Pointer, part: Part| provenance.entry(origin, &Pointer::root().key(field).join(path), part);
            let subject =
                Subject { label: &label, value, role, tool: Some(&tool.name), origin: &locate, mcp_bundled: false };
            check_schema_compiles(&subject, components, out);
        }
    }
}

/// Each component's schema checks, and `$ref` cycles among them.
fn check_components(
    schemas: &std::collections::BTreeMap<String, serde_json::Value>,
    components: &Components,
    mcp_reached: &BTreeSet<&str>,
    provenance: &Provenance,
    wording: Wording,
    out: &mut Vec<Diagnostic>,
) {
    let origins: Vec<Box<Locator<'_>>> = schemas
        .keys()
        .map(|name| {
            Box::new(move |path: &Pointer, part: Part| provenance.component(name, path, part))
                as Box<dyn Fn(&Pointer, Part) -> Origin>
        })
        .collect();
    let mut docs = Vec::with_capacity(schemas.len());
    for ((name, value), origin) in schemas.iter().zip(&origins) {
        if !blank_string::check_component_name(name, provenance, out) {
            continue;
        }
        let label = format!("components.schemas.{name}");
        // The catalog, `components` and `schemas` hold the component.
        if let Some(at) = ingest::rules::too_deep_in_catalog(value, 3) {
            out.push(ingest::rules::too_deep_in_the_catalog(&label, origin(&at, Part::Value)));
        }
        let mcp_bundled = mcp_reached.contains(name.as_str());
        let subject =
            Subject { label: &label, value, role: Role::Component, tool: None, origin: &**origin, mcp_bundled };
        check_schema(&subject, components, wording, out);
        docs.push(rules::ref_cycle::Document { label, value, origin: &**origin });
    }
    let index: HashMap<String, usize> =
        docs.iter().enumerate().map(|(i, d)| (d.label["components.schemas.".len()..].to_owned(), i)).collect();
    rules::ref_cycle::check_components(&docs, &index, out);
}

/// A tool's schemas, with their wire names and roles.
fn tool_schemas(tool: &ToolCatalogEntry) -> Vec<(&'static str, &serde_json::Value, Role)> {
    let schemas = [
        ("inputSchema", Some(&tool.input_schema), Role::Input),
        ("outputSchema", tool.output_schema.as_ref(), Role::Output),
        ("errorSchema", tool.error_schema.as_ref(), Role::Error),
    ];
    schemas.into_iter().filter_map(|(field, value, role)| Some((field, value?, role))).collect()
}

/// The per-tool checks of b.1 step 3, after the name.
fn check_tool(
    cx: &ToolCx<'_>,
    components: &Components,
    wording: Wording,
    mcp_projection_follows: bool,
    out: &mut Vec<Diagnostic>,
) {
    let tool = cx.tool;
    for (field, text) in [("title", &tool.title), ("description", &tool.description), ("namespace", &tool.namespace)] {
        blank_string::check(cx.place(field), text.as_deref(), || cx.origin(&at(&[field])), out);
    }
    if let Some(annotations) = &tool.annotations {
        let title = annotations.title.as_deref();
        blank_string::check(cx.place("annotations.title"), title, || cx.origin(&at(&["annotations", "title"])), out);
    }
    rules::cli_command_component::check(cx, out);
    rules::audiences::check(cx, out);
    rules::icon_list::check(cx, out);
    if let Some(source) = &tool.source {
        blank_string::check(cx.place("source.kind"), Some(&source.kind), || cx.origin(&at(&["source", "kind"])), out);
        blank_string::check(cx.place("source.id"), source.id.as_deref(), || cx.origin(&at(&["source", "id"])), out);
    }
    rules::reserved_meta_key::check(cx, out);
    rules::meta_key_grammar::check(cx, out);

    let mcp_bundled = mcp_projection_follows && tool.governance.includes(ToolAudience::Mcp) && !components.is_empty();
    for (field, value, role) in tool_schemas(tool) {
        let label = cx.place(field);
        let origin =
            |path: &Pointer, part: Part| cx.provenance.tool(cx.index, &Pointer::root().key(field).join(path), part);
        // The catalog, `tools` and the entry hold the schema.
        if let Some(at) = ingest::rules::too_deep_in_catalog(value, 3) {
            out.push(ingest::rules::too_deep_in_the_catalog(&label, origin(&at, Part::Value)));
        }
        let subject = Subject { label: &label, value, role, tool: Some(&tool.name), origin: &origin, mcp_bundled };
        check_schema(&subject, components, wording, out);
    }
}

/// Only the per-entry compile of a registry definition (spec/contract.md a.3 step 7):
/// the schema's type, and whether it is a valid Draft 2020-12 schema. Skipped, as
/// there, for a schema that references components.
fn check_schema_compiles(subject: &Subject<'_>, components: &Components, out: &mut Vec<Diagnostic>) {
    if !rules::schema_type::check(subject, out) {
        return;
    }
    let references = refs::collect(subject.value);
    if refs::component_names(&references).next().is_some() {
        return;
    }
    let compiled = components.verify(subject.value, &references);
    rules::invalid_schema::check(subject, &compiled, Wording::Registry, false, out);
}

/// Runs every schema rule on one schema, in upstream's order, and appends what they
/// find. The schema's own type and dialect come first; nothing else is checked when
/// either fails.
fn check_schema(subject: &Subject<'_>, components: &Components, wording: Wording, out: &mut Vec<Diagnostic>) {
    if !rules::schema_type::check(subject, out) || !rules::schema_dialect::check(subject, out) {
        return;
    }
    let references = refs::collect(subject.value);
    let compiled = components.verify(subject.value, &references);
    let uses_components = refs::component_names(&references).next().is_some();
    rules::invalid_schema::check(subject, &compiled, wording, uses_components, out);
    if subject.role == Role::Input {
        rules::input_object_root::check(subject, out);
    }
    if subject.role.is_tool_schema() {
        rules::runtime_only_type::check(subject, out);
        if !components.is_empty() {
            rules::defs_shadow::check(subject, components, out);
        }
    }
    rules::invalid_component_ref::check(subject, &references, out);
    rules::dangling_component_ref::check(subject, &references, components, out);
    rules::unresolved_ref::check(subject, &compiled, out);
    rules::non_portable_ref::check(subject, &references, out);
    if subject.role.is_tool_schema() {
        rules::ref_cycle::check_document(subject, &references, out);
    }
}
