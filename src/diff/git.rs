//! The old side of `--against REV`: a file as it was at a revision, read with `git
//! show REV:PATH`, so that no checkout, index or work tree is touched.

use std::path::Path;
use std::process::Command;

/// The text of `path` (a file of the work tree, relative to the current folder or
/// absolute) at `revision`; `Ok(None)` when the file did not exist then (the whole
/// file is new). An unknown revision, a path outside any repository, or a missing
/// `git` is an error saying so.
pub fn show(revision: &str, path: &Path) -> Result<Option<String>, String> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| format!("{} names no file", path.display()))?;
    // `REV:./name` is relative to the folder git runs in, wherever the work tree's
    // root is.
    let spec = format!("{revision}:./{}", name.to_string_lossy());
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["rev-parse", "--verify", "--quiet", &format!("{revision}^{{commit}}")])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        return Err(format!("`{revision}` names no commit of the repository holding {}", path.display()));
    }
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["show", &spec])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if output.status.success() {
        return String::from_utf8(output.stdout)
            .map(Some)
            .map_err(|_| format!("{} at {revision} is not UTF-8", path.display()));
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    // git words a path missing from the tree of an existing commit so, in every
    // version since 1.8: "exists on disk, but not in" or "does not exist in".
    if stderr.contains("exists on disk, but not in") || stderr.contains("does not exist in") {
        return Ok(None);
    }
    Err(format!("git show {spec} failed: {}", stderr.trim()))
}
