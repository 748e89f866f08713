use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// An annotation that promises less than it did. Hints are compared by their
    /// effective value, with MCP's default for an absent hint (`readOnlyHint` false,
    /// `destructiveHint` true, `idempotentHint` false, `openWorldHint` true), and a
    /// read-only tool counts as non-destructive and idempotent (MCP gives those two
    /// hints a meaning only when `readOnlyHint` is false). So it reports:
    ///
    /// - `readOnlyHint` true that became false or absent;
    /// - a non-destructive tool (read-only, or `destructiveHint: false`) that may now
    ///   destroy (`destructiveHint` true or absent, and not read-only);
    /// - an idempotent tool (read-only, or `idempotentHint: true`) that no longer is;
    /// - `openWorldHint: false` that became true or absent.
    ///
    /// ## Why warning
    /// Hints are advisory, so no call fails; but a client that runs read-only or
    /// idempotent tools without asking, or retries them, will now ask, or should: a
    /// behaviour callers relied on changes. A hint that promises the same (absent
    /// against its default) is no weakening.
    ///
    /// ## Example
    /// `annotations: {readOnlyHint: true}` becomes `annotations: {readOnlyHint: false}`.
    pub static ANNOTATION_WEAKENED = {
        code: "annotation-weakened",
        summary: "an annotation promises less",
        levels: { metadata: Warning },
    }
}
