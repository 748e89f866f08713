//! Drift: comparing what the generator would write with what is on disk, and
//! writing it when asked.
//!
//! A check regenerates in memory and reports every file that is stale (with a
//! unified diff), missing, or (in a folder the generator owns) unexpected; line
//! endings are normalised first, so a checkout with CRLF endings is not stale.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use similar::TextDiff;

use crate::contract::ToolCatalog;
use crate::emit::artifacts::Artifact;

/// One difference between the generator and the disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The file differs; `diff` is a unified diff from the disk to the generator, of
    /// the text `on_disk` (line endings normalised).
    Stale {
        path: String,
        diff: String,
        on_disk: String,
    },
    Missing {
        path: String,
    },
    /// A file in a generator-owned folder that the generator does not write.
    Unexpected {
        path: String,
    },
}

impl Finding {
    pub fn path(&self) -> &str {
        match self {
            Finding::Stale { path, .. } | Finding::Missing { path } | Finding::Unexpected { path } => path,
        }
    }
}

fn normalise(text: &str) -> String {
    text.replace("\r\n", "\n")
}

/// Which files under a root the generator answers for, besides those it writes.
#[derive(Clone, Copy, Debug)]
pub enum Owned<'a> {
    /// None: other files are left alone.
    No,
    /// Every file: any other is unexpected.
    Yes,
    /// Every file but the entries of the root named here (build products such as a
    /// crate's `target/`), which are not even read.
    Except(&'a [&'a str]),
}

/// Compares `expected` with the files under `root`, reporting the other files it
/// `owns` as unexpected.
pub fn compare(root: &Path, expected: &[Artifact], owned: Owned<'_>) -> std::io::Result<Vec<Finding>> {
    let mut findings = Vec::new();
    for file in expected {
        let path = root.join(&file.path);
        match std::fs::read(&path) {
            Ok(bytes) => {
                let on_disk = normalise(&String::from_utf8_lossy(&bytes));
                let wanted = normalise(&file.contents);
                if on_disk != wanted {
                    let shown = display(root, &file.path);
                    let diff = TextDiff::from_lines(&on_disk, &wanted)
                        .unified_diff()
                        .context_radius(3)
                        .header(&format!("{shown} (on disk)"), &format!("{shown} (generated)"))
                        .to_string();
                    findings.push(Finding::Stale { path: file.path.clone(), diff, on_disk });
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                findings.push(Finding::Missing { path: file.path.clone() })
            }
            Err(e) => return Err(std::io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display()))),
        }
    }
    let except = match owned {
        Owned::No => None,
        Owned::Yes => Some(&[][..]),
        Owned::Except(names) => Some(names),
    };
    if let (Some(except), true) = (except, root.is_dir()) {
        for path in files_under(root, except)? {
            if !expected.iter().any(|e| e.path == path) {
                findings.push(Finding::Unexpected { path });
            }
        }
    }
    Ok(findings)
}

/// Every file under `root` but those under its entries named in `except`, as
/// `/`-separated relative paths, sorted.
fn files_under(root: &Path, except: &[&str]) -> std::io::Result<Vec<String>> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(relative) = pending.pop() {
        for entry in std::fs::read_dir(root.join(&relative))? {
            let entry = entry?;
            if relative.as_os_str().is_empty() && except.iter().any(|name| entry.file_name() == **name) {
                continue;
            }
            let path = relative.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                pending.push(path);
            } else {
                found.push(path.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"));
            }
        }
    }
    found.sort();
    Ok(found)
}

fn display(root: &Path, path: &str) -> String {
    root.join(path).display().to_string()
}

/// The report of a failed check: what drifted, each stale file's diff, and the
/// command that blesses the change.
pub fn report(root: &Path, what: &str, findings: &[Finding], bless: &str) -> String {
    let mut out = format!("error: {what} are out of date:\n");
    for finding in findings {
        let shown = display(root, finding.path());
        match finding {
            Finding::Stale { .. } => {
                let _ = writeln!(out, "  stale:      {shown}");
            }
            Finding::Missing { .. } => {
                let _ = writeln!(out, "  missing:    {shown}");
            }
            Finding::Unexpected { .. } => {
                let _ = writeln!(out, "  unexpected: {shown} (not written by the generator)");
            }
        }
    }
    for finding in findings {
        if let Finding::Stale { diff, .. } = finding {
            out.push('\n');
            out.push_str(diff);
        }
    }
    let _ = writeln!(out, "\nhint: run `{bless}` to regenerate.");
    out
}

/// Notes naming, for each stale catalog among `findings`, the tools whose contract
/// hash the regeneration moves (what `diff` reports as `contract-hash-changed`): a
/// runtime that pins tools by hash must resolve them anew. `fresh` gives the
/// generated catalog of a path; a file on disk that does not read as a catalog is
/// passed over, its diff says enough.
pub fn moved_contracts<'c>(
    root: &Path,
    findings: &[Finding],
    fresh: impl Fn(&str) -> Option<&'c ToolCatalog>,
) -> String {
    let mut out = String::new();
    for finding in findings {
        let Finding::Stale { path, on_disk, .. } = finding else { continue };
        let Some(new) = fresh(path) else { continue };
        let Ok(old) = serde_json::from_str::<ToolCatalog>(on_disk) else { continue };
        for moved in crate::diff::moved(&old, new) {
            let id = crate::index::tool_id(&new.tools[moved.new]);
            let _ = writeln!(
                out,
                "note: {}: the contract hash of {id} changes from {} to {}: a runtime that pins it by hash must resolve it anew",
                display(root, path),
                moved.was,
                moved.now
            );
        }
    }
    out
}

/// Writes every file whose contents changed. Every new file is first written in full
/// next to its target; only then are they renamed into place, so a failure leaves the
/// old files untouched. With `remove`, the listed files are deleted afterwards.
/// Returns the paths written.
pub fn write(root: &Path, expected: &[Artifact], remove: &[String]) -> std::io::Result<Vec<String>> {
    let written = crate::emit::write::write_all(expected.iter().map(|file| (root, file)))?;
    for relative in remove {
        std::fs::remove_file(root.join(relative))?;
    }
    Ok(written.iter().map(|path| relative_to(root, path)).collect())
}

fn relative_to(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path);
    relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(path: &str, contents: &str) -> Artifact {
        Artifact { path: path.to_owned(), contents: contents.to_owned() }
    }

    #[test]
    fn finds_stale_missing_and_unexpected_files_ignoring_line_endings() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("same.txt"), "a\r\nb\r\n").unwrap();
        std::fs::write(dir.path().join("sub/stale.txt"), "one\ntwo\n").unwrap();
        std::fs::write(dir.path().join("extra.txt"), "x\n").unwrap();
        let files =
            [expected("same.txt", "a\nb\n"), expected("sub/stale.txt", "one\n2\n"), expected("gone.txt", "g\n")];
        let findings = compare(dir.path(), &files, Owned::Yes).unwrap();
        assert_eq!(findings.len(), 3, "{findings:?}");
        assert!(
            matches!(&findings[0], Finding::Stale { path, diff, .. } if path == "sub/stale.txt" && diff.contains("-two\n+2\n"))
        );
        assert_eq!(findings[1], Finding::Missing { path: "gone.txt".into() });
        assert_eq!(findings[2], Finding::Unexpected { path: "extra.txt".into() });
        let report = report(dir.path(), "artifacts", &findings, "make gen");
        assert!(report.trim_end().ends_with("hint: run `make gen` to regenerate."));
    }

    #[test]
    fn writes_only_what_changed_and_removes_what_is_asked() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("same.txt"), "a\n").unwrap();
        std::fs::write(dir.path().join("old.txt"), "o\n").unwrap();
        let files = [expected("same.txt", "a\n"), expected("deep/new.txt", "n\n")];
        let written = write(dir.path(), &files, &["old.txt".to_owned()]).unwrap();
        assert_eq!(written, ["deep/new.txt"]);
        assert!(!dir.path().join("old.txt").exists());
        assert!(compare(dir.path(), &files, Owned::Yes).unwrap().is_empty());
    }
}
