use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A property name the new schema requires and the old one did not; also a name
    /// `dependentRequired` or a `dependentSchemas` entry newly requires when another is
    /// present (each entry of `dependentSchemas` is compared as the schema it is,
    /// one absent on a side standing for `true`).
    ///
    /// ## Why breaking on input
    /// A caller that leaves the property out is refused. On an output or an error,
    /// callers are promised a property they may already read: no harm.
    ///
    /// ## Example
    /// `required: [id]` becomes `required: [id, force]`: property `force` is now
    /// required.
    pub static REQUIRED_ADDED = {
        code: "required-added",
        summary: "a property is now required",
        levels: { input: Breaking, output: Info, error: Info },
    }
}
