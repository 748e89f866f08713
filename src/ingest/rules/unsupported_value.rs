use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That every value of a YAML or TOML input has a JSON equivalent: no TOML
    /// date-times, no infinite or NaN numbers, no YAML mapping keys other than
    /// strings, no YAML tags beyond the core schema.
    ///
    /// ## Why
    /// A catalog is JSON. A value that JSON cannot carry would have to be changed
    /// silently on the way; the compiler refuses it instead and says how to write it.
    ///
    /// ## Example
    /// ```toml
    /// [info]
    /// name = "widgets"
    /// released = 2026-01-01T00:00:00Z
    /// ```
    pub static UNSUPPORTED_VALUE = {
        code: "unsupported-value",
        phase: Input,
        severity: Error,
        summary: "a YAML or TOML value has no JSON equivalent",
    }
}
