use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Schemas that declare draft-04, draft-06 or draft-07 (`$schema`), which the
    /// importer upgrades to Draft 2020-12 with their meaning kept (`definitions` to
    /// `$defs` with the references rewritten, tuple `items` to `prefixItems`,
    /// `additionalItems` to `items`, `dependencies` to `dependentRequired` and
    /// `dependentSchemas`, draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `id` to `$id`, a plain-name `$id` such as `#foo` to `$anchor`). It reports, with its pointer, each keyword the old draft
    /// ignored and the upgrade therefore drops (the siblings of a `$ref`, keywords the
    /// old draft did not know), and each construct it cannot upgrade exactly.
    ///
    /// ## Why
    /// The catalog is Draft 2020-12 (`schema-dialect`). Under 2020-12 the siblings of a
    /// `$ref` apply: kept, they would start to refuse instances the server accepts.
    ///
    /// ## Example
    /// ```json
    /// {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
    ///  "properties": {"id": {"$ref": "#/definitions/Id", "maxLength": 4}},
    ///  "definitions": {"Id": {"type": "string"}}}
    /// ```
    pub static IMPORT_UPGRADE = {
        code: "import-upgrade",
        phase: Import,
        severity: Warning,
        summary: "a draft-04/06/07 construct the upgrade to Draft 2020-12 drops or cannot keep exactly",
        help: "check that the upgraded schema says what the server accepts",
    }
}
