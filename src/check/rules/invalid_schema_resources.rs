use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::provenance::Provenance;
use crate::schema::registry::Components;

declare_rule! {
    /// ## What it checks
    /// That the catalog's components can be registered together as schema resources
    /// (their `$id`s are valid URIs and do not clash, say).
    ///
    /// ## Why
    /// Every tool schema is resolved against the component registry; if it cannot be
    /// built, no reference into a component can be checked.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"schemas": {"A": {"$id": "http://[::1"}}}}
    /// ```
    pub static INVALID_SCHEMA_RESOURCES = {
        code: "invalid-schema-resources",
        phase: Catalog,
        severity: Error,
        summary: "the components cannot be registered as schema resources",
    }
}

/// Reports the error that kept the components from being registered, at
/// `components.schemas`.
pub fn check(components: &Components<'_>, provenance: &Provenance, out: &mut Vec<Diagnostic>) {
    if let Some(error) = components.registry_error() {
        out.push(
            INVALID_SCHEMA_RESOURCES
                .diag(format!("components.schemas contains invalid schema resources: {error}"))
                .at(Origin::value(&provenance.source, provenance.component_schemas.clone())),
        );
    }
}
