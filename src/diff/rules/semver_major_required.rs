use crate::declare_diff_rule;

declare_diff_rule! {
    /// ## What it reports
    /// A catalog whose `info.version` is semver on both sides, with a breaking change
    /// (a change at the breaking level, on any side) but no major release: from
    /// 1.4.0, anything below 2.0.0; below 1.0, Cargo's convention holds, as in
    /// cargo-semver-checks: from 0.3.1 a breaking change needs 0.4.0, from 0.0.3 it
    /// needs 0.0.4. A pre-release of the needed version (2.0.0-rc.1) will do.
    ///
    /// Every breaking change counts, accepted or not: accepting a change in
    /// `harn-catalog.toml` lets it pass review; it does not make it compatible, and
    /// callers who pinned `^1.4` still break. To ship a breaking change without the
    /// major release, accept this change too (its fingerprint holds both versions,
    /// so it lapses with the next release).
    ///
    /// ## Why breaking
    /// Version ranges are how consumers of a catalog choose which releases they take
    /// without looking: a breaking change under a compatible version reaches every
    /// one of them. cargo-semver-checks fails a crate's release for the same reason.
    ///
    /// ## Example
    /// `info: {name: widgets, version: 1.4.0}` becomes `version: 1.5.0` and a tool is
    /// removed: "1 breaking change needs version 2.0.0, not 1.5.0".
    pub static SEMVER_MAJOR_REQUIRED = {
        code: "semver-major-required",
        summary: "a breaking change without a major version",
        levels: { metadata: Breaking },
    }
}
