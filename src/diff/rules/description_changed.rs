use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `description`, `title` or `annotations.title` written, rewritten or
    /// removed.
    ///
    /// ## Why info
    /// Neither changes what a caller may send or will receive. A model chooses tools by
    /// their descriptions, so the change is shown for review, but it breaks no caller.
    ///
    /// ## Example
    /// `description: Fetch one widget.` becomes `description: Fetch one widget by id.`
    pub static DESCRIPTION_CHANGED = {
        code: "description-changed",
        summary: "a tool's description or title changed",
        levels: { metadata: Info },
    }
}
