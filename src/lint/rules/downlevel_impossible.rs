use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// `harn-catalog mcp --profile NAME` met a construct the client refuses that it
    /// cannot rewrite: a recursive `$ref` (it cannot be inlined), a `oneOf` whose
    /// branches may overlap (without `--allow-lossy`), a `oneOf` beside an `anyOf`.
    ///
    /// ## Why
    /// The construct stays as it was, so the profile's own rule still refuses the
    /// tool (exit 1); the note says why down-levelling could not help. Change the
    /// schema, or allow lossy rewrites where the note suggests it.
    ///
    /// ## Example
    /// Under `gemini`, which refuses `$ref`:
    /// ```json
    /// {"$defs": {"Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}}
    /// ```
    pub static DOWNLEVEL_IMPOSSIBLE = {
        code: "downlevel-impossible",
        phase: Profile,
        severity: Note,
        summary: "`mcp --profile` met a construct the client refuses that no rewrite can express",
    }
}
