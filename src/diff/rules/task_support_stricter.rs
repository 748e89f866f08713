use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// `execution.taskSupport` made stricter: a way of calling the tool that worked
    /// is gone. `forbidden` allows a plain call only, `optional` a plain call or a
    /// task, `required` a task only; an absent `execution` means `forbidden`, as in
    /// MCP. Stricter is a new value that misses a way the old one allowed:
    /// `optional` to `forbidden` or `required`, `forbidden` to `required`, and back.
    ///
    /// ## Why breaking
    /// A caller that used the lost way fails: a plain `tools/call` of a tool that now
    /// requires a task, or a task-augmented call of one that now forbids it.
    ///
    /// ## Example
    /// `execution: {taskSupport: optional}` becomes `execution: {taskSupport: required}`.
    pub static TASK_SUPPORT_STRICTER = {
        code: "task-support-stricter",
        summary: "a tool allows fewer ways of calling it (task support)",
        levels: { metadata: Breaking },
    }
}
