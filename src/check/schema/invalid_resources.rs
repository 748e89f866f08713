use crate::declare_rule;

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
