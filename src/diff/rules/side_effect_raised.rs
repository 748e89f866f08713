use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `policy.side_effect_level` raised: `read_only` below
    /// `workspace_write`, below `process_exec`, below `network`, below
    /// `desktop_control`; or a declared level that became `none` or absent (a
    /// level no one declared, which permission checks treat as unknown). A level
    /// declared where there was none is not: nothing was promised before.
    ///
    /// ## Why warning
    /// Callers running under a capability ceiling below the new level can no longer
    /// call the tool, or must now be asked; callers without a ceiling notice
    /// nothing, so whether it breaks anyone depends on how the tool is run. A level
    /// lowered, or the policy's `kind` changed, is reported by `metadata-changed`.
    ///
    /// ## Example
    /// `execution_policy: {kind: read, side_effect_level: read_only}` becomes
    /// `execution_policy: {kind: fetch, side_effect_level: network}`.
    pub static SIDE_EFFECT_RAISED = {
        code: "side-effect-raised",
        summary: "a tool's side-effect level was raised",
        levels: { metadata: Warning },
    }
}
