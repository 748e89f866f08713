use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool of the old catalog gone, and a tool of the new one not there before,
    /// with the same contract: their input, output and error schemas accept the same
    /// values (after `$ref`s are followed; descriptions aside). It is reported once,
    /// naming both, instead of as `tool-removed` and `tool-added`.
    ///
    /// ## Why breaking
    /// Callers call tools by name: every caller of the old name fails, however alike
    /// the new tool is. The rule only says what the new name is, so that the fix is
    /// plain (call the new name, or keep the old one as an alias).
    ///
    /// ## Example
    /// `widgets.fetch` becomes `widgets.get`, with the same `inputSchema`.
    pub static TOOL_RENAMED = {
        code: "tool-renamed",
        summary: "a tool was renamed, its contract unchanged",
        levels: { metadata: Breaking },
    }
}
