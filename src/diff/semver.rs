//! The catalog's `info.version` against its changes, as cargo-semver-checks holds a
//! Rust crate's version against its API: a breaking change needs a major release,
//! an addition a minor one, with Cargo's reading of versions below 1.0.
//!
//! Versions are read by the `semver` crate, strictly (`1.4.0`, `2.0.0-rc.1`; not
//! `v1.4` nor `1.4`): when either side has no `info.version`, or one that is not
//! semver, there is nothing to check and nothing is reported.
//!
//! How far a release goes is classified as cargo-semver-checks classifies it,
//! following the Cargo book's SemVer chapter: the left-most differing component
//! counts, and below 1.0 every component counts one step higher (in `0.y.z` a new
//! `y` is major and a new `z` minor; in `0.0.z` any new version is major). A
//! version whose pre-release tag alone changed counts as major (a pre-release makes
//! no compatibility promise, semver.org item 9); build metadata is ignored. Read in
//! obi1kenobi/cargo-semver-checks, `src/check_release.rs` at
//! 39947158d1886817f018f594393e9e215af99f50, and the Cargo book's "SemVer
//! Compatibility" chapter.

use ::semver::Version;
use serde_json::Value;

use super::{Change, Level, Side};
use crate::contract::ToolCatalog;
use crate::diff::rules::{SEMVER_MAJOR_REQUIRED, SEMVER_MINOR_REQUIRED};
use crate::pointer::Pointer;

/// How far one version is from another, as cargo-semver-checks reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Bump {
    None,
    Patch,
    Minor,
    Major,
}

/// The release from `old` to `new` (cargo-semver-checks' classification; see the
/// module's documentation).
pub(crate) fn bump(old: &Version, new: &Version) -> Bump {
    if old.major != new.major {
        Bump::Major
    } else if old.minor != new.minor {
        if new.major == 0 { Bump::Major } else { Bump::Minor }
    } else if old.patch != new.patch {
        match (new.major, new.minor) {
            (0, 0) => Bump::Major,
            (0, _) => Bump::Minor,
            _ => Bump::Patch,
        }
    } else if old.pre != new.pre {
        Bump::Major
    } else {
        Bump::None
    }
}

/// The least version after `old` that is a release of `kind` (`Minor` or `Major`).
pub(crate) fn next(old: &Version, kind: Bump) -> Version {
    if !old.pre.is_empty() {
        // The release a pre-release leads to is a major step from it.
        return Version::new(old.major, old.minor, old.patch);
    }
    match (kind, old.major, old.minor) {
        (_, 0, 0) => Version::new(0, 0, old.patch + 1),
        (Bump::Major, 0, minor) => Version::new(0, minor + 1, 0),
        (Bump::Major, major, _) => Version::new(major + 1, 0, 0),
        (_, 0, minor) => Version::new(0, minor, old.patch + 1),
        (_, major, minor) => Version::new(major, minor + 1, 0),
    }
}

fn version(catalog: &ToolCatalog) -> Option<Version> {
    Version::parse(catalog.info.as_ref()?.version.as_deref()?).ok()
}

/// Whether `change` adds something (see `semver-minor-required`).
fn is_addition(change: &Change) -> bool {
    change.level < Level::Breaking && (change.rule.code.ends_with("-added") || change.rule.code.ends_with("-relaxed"))
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The version check of `old` against `new`, given every other change between them.
pub(super) fn check(old: &ToolCatalog, new: &ToolCatalog, changes: &mut Vec<Change>) {
    let (Some(old_version), Some(new_version)) = (version(old), version(new)) else {
        return;
    };
    let breaking = changes.iter().filter(|c| c.level == Level::Breaking).count();
    let additions = changes.iter().filter(|c| is_addition(c)).count();
    let released = bump(&old_version, &new_version);
    let (rule, what, kind) = if breaking > 0 {
        (SEMVER_MAJOR_REQUIRED, plural(breaking, "breaking change needs", "breaking changes need"), Bump::Major)
    } else if additions > 0 {
        (SEMVER_MINOR_REQUIRED, plural(additions, "addition needs", "additions need"), Bump::Minor)
    } else {
        return;
    };
    if released >= kind {
        return;
    }
    let at = Pointer::root().key("info").key("version");
    let shown = |catalog: &ToolCatalog| catalog.info.as_ref().and_then(|i| i.version.as_deref()).map(Value::from);
    changes.push(
        Change::new(
            rule,
            None,
            Side::Metadata,
            format!("{what} version {}, not {new_version}", next(&old_version, kind)),
        )
        .at(at.clone(), at)
        .values(shown(old).as_ref(), shown(new).as_ref()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Version {
        Version::parse(text).unwrap()
    }

    #[test]
    fn classifies_releases_as_cargo_does() {
        for (old, new, expected) in [
            ("1.4.0", "1.4.0", Bump::None),
            ("1.4.0", "1.4.1", Bump::Patch),
            ("1.4.0", "1.5.0", Bump::Minor),
            ("1.4.3", "1.5.0", Bump::Minor),
            ("1.4.0", "2.0.0", Bump::Major),
            ("1.4.0", "2.0.0-rc.1", Bump::Major),
            ("0.3.1", "0.3.2", Bump::Minor),
            ("0.3.1", "0.4.0", Bump::Major),
            ("0.3.1", "1.0.0", Bump::Major),
            ("0.0.3", "0.0.4", Bump::Major),
            ("2.0.0-rc.1", "2.0.0", Bump::Major),
            ("2.0.0-rc.1", "2.0.0-rc.2", Bump::Major),
            ("1.4.0+build.1", "1.4.0+build.2", Bump::None),
        ] {
            assert_eq!(bump(&v(old), &v(new)), expected, "{old} → {new}");
        }
    }

    #[test]
    fn names_the_least_release_that_will_do() {
        for (old, kind, expected) in [
            ("1.4.3", Bump::Major, "2.0.0"),
            ("1.4.3", Bump::Minor, "1.5.0"),
            ("0.3.1", Bump::Major, "0.4.0"),
            ("0.3.1", Bump::Minor, "0.3.2"),
            ("0.0.3", Bump::Major, "0.0.4"),
            ("0.0.3", Bump::Minor, "0.0.4"),
            ("2.0.0-rc.1", Bump::Major, "2.0.0"),
            ("1.4.3+build.7", Bump::Minor, "1.5.0"),
        ] {
            let needed = next(&v(old), kind);
            assert_eq!(needed.to_string(), expected, "{old}, {kind:?}");
            // What it names is enough, and one step less is not.
            assert!(bump(&v(old), &needed) >= kind, "{old} → {needed}");
        }
        assert!(bump(&v("1.4.3"), &v("1.4.4")) < Bump::Minor);
        assert!(bump(&v("0.3.1"), &v("0.3.2")) < Bump::Major);
    }
}
