use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// The `description` or `title` of a schema inside a tool's input, output or error
    /// schema written, rewritten or removed: the schema's own or, when it writes none,
    /// that of what its `$ref` leads to, whatever keywords sit beside the `$ref`.
    ///
    /// ## Why info
    /// Annotations change no value a schema accepts. A model fills parameters by their
    /// descriptions, so the change is shown for review, but it breaks no caller.
    ///
    /// ## Example
    /// `limit: {type: integer, description: Page size.}` becomes `description: Page
    /// size, at most 100.`
    pub static SCHEMA_DESCRIPTION_CHANGED = {
        code: "schema-description-changed",
        summary: "a description or title inside a schema changed",
        levels: { input: Info, output: Info, error: Info },
    }
}
