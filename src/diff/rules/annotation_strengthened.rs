use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An annotation that promises more than it did: the reverse of
    /// `annotation-weakened` (a tool now read-only, non-destructive, idempotent or of
    /// a closed world), compared by effective value in the same way.
    ///
    /// ## Why info
    /// Every caller that worked before still works; clients may now ask less.
    ///
    /// ## Example
    /// `annotations: {}` becomes `annotations: {idempotentHint: true}`.
    pub static ANNOTATION_STRENGTHENED = {
        code: "annotation-strengthened",
        summary: "an annotation promises more",
        levels: { metadata: Info },
    }
}
