use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That no object (mapping, table) of the input names the same key twice.
    ///
    /// ## Why
    /// JSON parsers disagree on which duplicate wins, so a registry with one means
    /// different things to different readers. YAML and TOML forbid duplicates
    /// outright; JSON inputs are held to the same rule.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "a", "name": "b"}]}
    /// ```
    pub static DUPLICATE_KEY = {
        code: "duplicate-key",
        phase: Input,
        severity: Error,
        summary: "an object names the same key twice",
        help: "keep one of the two entries",
    }
}
