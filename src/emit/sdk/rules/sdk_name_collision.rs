use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// When an SDK is generated (`harn-catalog sdk`, or an `[[sdk]]` of
    /// `harn-catalog.toml`): that each tool's types (`<Tool>Input`, `<Tool>Output`,
    /// `<Tool>Error`, PascalCase of its name) and each component's type get the name
    /// wished for. Two names that differ only in punctuation or case (`get_issue` and
    /// `get-issue`), a component named like a tool's type, or a name the SDK keeps for
    /// itself (`ToolName`, `Error`, `Result`, …) collide.
    ///
    /// ## Why
    /// The later one is numbered (`GetIssue2Input`): deterministic, but a name a reader
    /// would not guess, and one that changes if the first tool is removed.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "get_issue", "parameters": {}},
    ///            {"name": "get-issue", "parameters": {}}]}
    /// ```
    pub static SDK_NAME_COLLISION = {
        code: "sdk-name-collision",
        phase: Sdk,
        severity: Warning,
        summary: "two tools or components would give an SDK type the same name",
        help: "rename one of them so that their PascalCase names differ",
    }
}
