use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A catalog whose `info.version` is semver on both sides, with an addition but
    /// no minor release (and no breaking change, which `semver-major-required`
    /// reports). An addition is a change, below the breaking level, of a rule whose
    /// code ends in `-added` or `-relaxed`: a tool, an audience, a CLI spelling, a
    /// way of calling (`task-support-relaxed`), and the schema rules' additions.
    /// Rewordings, presentation and promises strengthened are not additions. From 1.4.0 it needs 1.5.0; below 1.0, as Cargo reads
    /// versions, from 0.3.1 it needs 0.3.2 and from 0.0.3 0.0.4.
    ///
    /// ## Why warning
    /// No caller breaks: the release promises less than it gives. But a consumer who
    /// asks for the new feature with a version range (`^1.4.3`) gets releases
    /// without it, which cargo-semver-checks also reports for a crate.
    ///
    /// ## Example
    /// `info: {name: widgets, version: 1.4.0}` becomes `version: 1.4.1` and a tool is
    /// added: "1 addition needs version 1.5.0, not 1.4.1".
    pub static SEMVER_MINOR_REQUIRED = {
        code: "semver-minor-required",
        summary: "an addition without a minor version",
        levels: { metadata: Warning },
    }
}
