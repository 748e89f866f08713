use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// `harn-catalog mcp --profile NAME` made a rewrite a strict mode requires that
    /// changes what the schema accepts: an object closed with
    /// `"additionalProperties": false`, or an optional property made required and
    /// nullable.
    ///
    /// ## Why
    /// Strict modes (OpenAI's and Anthropic's) only take closed objects whose
    /// properties are all required. The client then refuses properties the tool never
    /// declared, and sends `null` where it would have left a property out: the tool
    /// must read `null` as absent.
    ///
    /// ## Example
    /// Under `openai-strict`:
    /// ```json
    /// {"type": "object", "properties": {"text": {"type": "string"}}}
    /// ```
    /// is closed with `"additionalProperties": false`.
    pub static DOWNLEVEL_CHANGES_MEANING = {
        code: "downlevel-changes-meaning",
        phase: Profile,
        severity: Note,
        summary: "`mcp --profile` made a strict-mode rewrite that changes which arguments are accepted",
    }
}
