use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// The `default` of a schema inside a tool's schemas written, changed or removed:
    /// the schema's own (one written beside a `$ref` included) or, when it writes none,
    /// that of what its `$ref` leads to.
    ///
    /// ## Why a warning on input
    /// A default accepts and refuses nothing, but it documents what the tool does when
    /// a caller leaves the value out: a caller that relied on the old default may now
    /// get another behaviour. On an output or an error, a default is documentation
    /// only.
    ///
    /// ## Example
    /// `limit: {type: integer, default: 50}` becomes `default: 20`.
    pub static DEFAULT_CHANGED = {
        code: "default-changed",
        summary: "a default inside a schema changed",
        levels: { input: Warning, output: Info, error: Info },
    }
}
