//! Accepted changes: the fingerprints a configuration lists, matched against a run's
//! changes, and `--accept`, which appends the breaking ones still unaccepted.

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::Change;

/// A change accepted by a reviewer: `harn-catalog diff` still prints it, marked
/// accepted, but it no longer fails the run.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Accepted {
    /// The change's fingerprint, as `harn-catalog diff` prints it.
    #[schemars(with = "String", example = &"3f9c0a1e5b7d2c44")]
    pub fingerprint: Spanned<String>,
    /// Why it is acceptable.
    pub reason: String,
}

/// Marks every change whose fingerprint `accepted` lists with its reason; returns the
/// entries that matched no change, which the list should lose.
pub fn apply<'a>(changes: &mut [Change], accepted: &'a [Accepted]) -> Vec<&'a Accepted> {
    let mut used = vec![false; accepted.len()];
    for change in changes.iter_mut() {
        let fingerprint = change.fingerprint();
        if let Some(i) = accepted.iter().position(|a| *a.fingerprint.get_ref() == fingerprint) {
            change.accepted = Some(accepted[i].reason.clone());
            used[i] = true;
        }
    }
    accepted.iter().zip(used).filter(|(_, used)| !used).map(|(a, _)| a).collect()
}

/// The `[[accept]]` tables for every breaking change not yet accepted, each with a
/// comment naming it, ready to append to a configuration.
pub fn tables(changes: &[Change], reason: &str) -> String {
    let mut text = String::new();
    for change in changes.iter().filter(|c| c.fails()) {
        let tool = change.tool.as_deref().map_or_else(String::new, |t| format!(" in `{t}`"));
        let _ = write!(
            text,
            "\n# {}{tool}: {}\n[[accept]]\nfingerprint = \"{}\"\nreason = {}\n",
            change.rule.code,
            change.message.replace('\n', " "),
            change.fingerprint(),
            toml::Value::String(reason.to_owned()),
        );
    }
    text
}

/// Appends `tables` to the configuration at `path`, creating it when there is none.
/// The existing text is left byte for byte as it was; the whole file is written anew
/// and renamed into place, so that a failed write leaves it as it was.
pub fn append(path: &Path, tables: &str) -> std::io::Result<()> {
    let existing = match std::fs::read(path) {
        Ok(existing) => existing,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    let staged = crate::emit::write::stage_with(path, |out| {
        out.write_all(&existing)?;
        out.write_all(tables.as_bytes())
    })?;
    staged.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A configuration that is there but cannot be read is an error and stays as it
    /// was: only a missing one is created. (`diff --accept` reads it first and stops
    /// there, so only a caller of `append` itself meets this.)
    #[cfg(unix)]
    #[test]
    fn append_creates_a_missing_configuration_but_never_replaces_an_unreadable_one() {
        let dir = tempfile::tempdir().unwrap();
        // Two links naming each other: reading either fails, and renaming over one
        // would replace the link itself.
        let (a, b) = (dir.path().join("a.toml"), dir.path().join("b.toml"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(append(&a, "[[accept]]\n").is_err());
        assert_eq!(std::fs::read_link(&a).unwrap(), b, "the link is left as it was");

        let missing = dir.path().join("new.toml");
        append(&missing, "[[accept]]\n").unwrap();
        assert_eq!(std::fs::read_to_string(&missing).unwrap(), "[[accept]]\n");
        append(&missing, "# more\n").unwrap();
        assert_eq!(std::fs::read_to_string(&missing).unwrap(), "[[accept]]\n# more\n", "appended after what was there");
    }
}
