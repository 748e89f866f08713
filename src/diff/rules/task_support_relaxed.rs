use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// `execution.taskSupport` relaxed: every way of calling the tool still works and
    /// one more does (`forbidden` or `required` to `optional`; an absent `execution`
    /// counts as `forbidden`).
    ///
    /// ## Why info
    /// No caller notices; callers may now choose the new way.
    ///
    /// ## Example
    /// `execution: {taskSupport: forbidden}` becomes `execution: {taskSupport: optional}`.
    pub static TASK_SUPPORT_RELAXED = {
        code: "task-support-relaxed",
        summary: "a tool allows more ways of calling it (task support)",
        levels: { metadata: Info },
    }
}
