//! The schema-document checks of spec/contract.md b.3 and the reference check of b.4,
//! applied to every tool schema and every component, one rule per file.

mod dangling_component_ref;
mod defs_shadow;
mod input_object_root;
mod invalid_component_ref;
mod invalid_schema;
pub mod invalid_schema_resources;
mod non_portable_ref;
pub mod ref_cycle;
mod runtime_only_type;
mod schema_dialect;
mod schema_type;
mod unresolved_ref;

use serde_json::Value;

pub use dangling_component_ref::DANGLING_COMPONENT_REF;
pub use defs_shadow::DEFS_SHADOW;
pub use input_object_root::INPUT_OBJECT_ROOT;
pub use invalid_component_ref::INVALID_COMPONENT_REF;
pub use invalid_schema::INVALID_SCHEMA;
pub use invalid_schema_resources::INVALID_SCHEMA_RESOURCES;
pub use non_portable_ref::NON_PORTABLE_REF;
pub use runtime_only_type::RUNTIME_ONLY_TYPE;
pub use schema_dialect::{DRAFT_2020_12, SCHEMA_DIALECT};
pub use schema_type::SCHEMA_TYPE;
pub use unresolved_ref::UNRESOLVED_REF;

use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::{Part, Pointer};
use crate::schema::refs;
use crate::schema::registry::Components;

/// What a schema is for, which decides the checks that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Input,
    Output,
    Error,
    Component,
}

impl Role {
    /// `input`, `output` or `error` as in upstream's `tool "<n>" input schema …`.
    pub fn word(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Output => "output",
            Role::Error => "error",
            Role::Component => "component",
        }
    }

    pub fn is_tool_schema(self) -> bool {
        self != Role::Component
    }
}

/// One schema document under check.
pub struct Subject<'a> {
    /// `tools[0].inputSchema`, `components.schemas.Widget`.
    pub label: &'a str,
    pub value: &'a Value,
    pub role: Role,
    /// The tool's name, for registry-style messages.
    pub tool: Option<&'a str>,
    /// Where a place inside the schema (its value or its member name) was written.
    pub origin: &'a dyn Fn(&Pointer, Part) -> Origin,
    /// Whether MCP projection bundles this schema with the catalog's components: an
    /// external reference is then the projection's error, not a warning here
    /// (spec/decisions.md 5).
    pub mcp_bundled: bool,
}

/// How the catalog under check was written, which picks upstream's wording for an
/// invalid schema: a registry's per-entry compile says `tool "<n>" input schema is
/// invalid`, the catalog validator says `… is not a valid Draft 2020-12 JSON Schema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    Registry,
    Catalog,
}

/// Only the per-entry compile of a registry definition (spec/contract.md a.3 step 7):
/// the schema's type, and whether it is a valid Draft 2020-12 schema. Skipped, as
/// there, for a schema that references components.
pub fn check_compiles(subject: &Subject<'_>, components: &Components, out: &mut Vec<Diagnostic>) {
    if !schema_type::check(subject, out) {
        return;
    }
    let references = refs::collect(subject.value);
    if refs::component_names(&references).next().is_some() {
        return;
    }
    let compiled = components.verify(subject.value, &references);
    invalid_schema::check(subject, &compiled, Wording::Registry, false, out);
}

/// Runs every schema rule on one schema, in upstream's order, and appends what they
/// find. The schema's own type and dialect come first; nothing else is checked when
/// either fails.
pub fn check(subject: &Subject<'_>, components: &Components, wording: Wording, out: &mut Vec<Diagnostic>) {
    if !schema_type::check(subject, out) || !schema_dialect::check(subject, out) {
        return;
    }
    let references = refs::collect(subject.value);
    let compiled = components.verify(subject.value, &references);
    let uses_components = refs::component_names(&references).next().is_some();
    invalid_schema::check(subject, &compiled, wording, uses_components, out);
    if subject.role == Role::Input {
        input_object_root::check(subject, out);
    }
    if subject.role.is_tool_schema() {
        runtime_only_type::check(subject, out);
        if !components.is_empty() {
            defs_shadow::check(subject, components, out);
        }
    }
    invalid_component_ref::check(subject, &references, out);
    dangling_component_ref::check(subject, &references, components, out);
    unresolved_ref::check(subject, &compiled, out);
    non_portable_ref::check(subject, &references, out);
    if subject.role.is_tool_schema() {
        ref_cycle::check_document(subject, &references, out);
    }
}
