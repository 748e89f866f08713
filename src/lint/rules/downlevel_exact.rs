use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// `harn-catalog mcp --profile NAME` rewrote a construct the client refuses into one
    /// it takes that accepts exactly the same arguments: a `const` written as a
    /// one-value `enum`, a local `$ref` inlined, `oneOf` written as `anyOf` where the
    /// branches cannot overlap, a list of types split into `anyOf`.
    ///
    /// ## Why
    /// The rewritten schema is what the client sees; a note for each rewrite lets a
    /// reviewer see that nothing the tool accepts or refuses changed.
    ///
    /// ## Example
    /// Under `gemini`, which refuses `const`:
    /// ```json
    /// {"mode": {"const": "fast"}}
    /// ```
    /// becomes `{"mode": {"enum": ["fast"]}}`.
    pub static DOWNLEVEL_EXACT = {
        code: "downlevel-exact",
        phase: Profile,
        severity: Note,
        summary: "`mcp --profile` rewrote a construct into one the client takes, accepting exactly the same arguments",
    }
}
