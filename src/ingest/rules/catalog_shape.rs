use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That a catalog (a file whose top level has `schema_version`) reads strictly as a
    /// `harn-tools/2.0` catalog: the version is exactly `harn-tools/2.0`, every record
    /// has its required fields with the right types, and no record has a field the
    /// contract does not define. An explicit `null` counts as absent.
    ///
    /// ## Why
    /// A catalog is an interchange format. Reading it loosely would let a misspelt
    /// field (`inputschema`) vanish instead of failing.
    ///
    /// ## Example
    /// ```json
    /// {"schema_version": "harn-tools/1.0", "tools": []}
    /// ```
    pub static CATALOG_SHAPE = {
        code: "catalog-shape",
        phase: Input,
        severity: Error,
        summary: "a catalog does not read as a harn-tools/2.0 `ToolCatalog`",
    }
}
