use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// With `--allow-lossy`, `harn-catalog mcp --profile NAME` dropped a constraint
    /// the client refuses (a `format`, a `pattern`, a bound, a `default`,
    /// `additionalProperties` where the client takes none) and wrote it into the
    /// node's `description` instead.
    ///
    /// ## Why
    /// The client no longer enforces the constraint: the model reads it as advice, so
    /// the tool must check it itself. The note names what was lost.
    ///
    /// ## Example
    /// Under `gemini`, whose `parameters` take no `additionalProperties`:
    /// ```json
    /// {"type": "object", "properties": {"text": {"type": "string"}}, "additionalProperties": false}
    /// ```
    pub static DOWNLEVEL_LOSSY = {
        code: "downlevel-lossy",
        phase: Profile,
        severity: Note,
        summary: "`mcp --profile --allow-lossy` moved a constraint the client refuses into a description",
    }
}
