//! The old side of `--against REV`: a file as it was at a revision, read with `git
//! show REV:PATH`, or for a `.harn` module, whose imports must be read at the same
//! revision, and a harness directory, the work tree as it was, extracted with `git archive` into a temporary
//! folder; either way no checkout, index or work tree is touched.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::compile::{self, Compilation, Options};
use crate::paths::Confinement;
use crate::source::{Format, SourceFile};

/// The compilation of `path` as it was at `revision`, `None` when it did not exist
/// then. A `.harn` module is compiled in the tree as it was, its imports confined to
/// that tree (unless `paths` lets them go anywhere), and so is a harness directory;
/// any other file from its text.
pub fn compile_at(
    revision: &str,
    path: &Path,
    options: Options,
    paths: &Confinement,
) -> Result<Option<Compilation>, String> {
    // A harness directory is many files, read from the tree as it was too.
    if Format::from_path(path) == Some(Format::Harn) || path.is_dir() {
        return tree_at(revision, path).map(|tree| {
            tree.map(|(folder, module)| {
                let confinement = match paths {
                    Confinement::Anywhere => Confinement::Anywhere,
                    _ => Confinement::Project(folder.path().canonicalize().unwrap_or_default().into()),
                };
                compile::compile_file_in(&module, options, &confinement)
            })
        });
    }
    show(revision, path).map(|text| {
        let shown = PathBuf::from(format!("{revision}:{}", path.display()));
        let format = Format::from_path(path).unwrap_or(Format::Json);
        text.map(|text| compile::compile_source(SourceFile::new(shown, text, format), options))
    })
}

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

/// The whole work tree of the repository holding `path` as it was at `revision`,
/// extracted into a temporary folder (deleted when dropped), and where `path` is in it;
/// `Ok(None)` when `path` did not exist then. Imports of a module must resolve inside
/// its git work tree, so the tree at the revision holds every file they can name.
pub fn tree_at(revision: &str, path: &Path) -> Result<Option<(tempfile::TempDir, PathBuf)>, String> {
    if show(revision, path)?.is_none() {
        return Ok(None);
    }
    let absolute = std::path::absolute(path).map_err(|e| format!("cannot resolve {}: {e}", path.display()))?;
    let folder = absolute.parent().unwrap_or(Path::new("/"));
    let top = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["rev-parse", "--show-toplevel"])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let top = PathBuf::from(String::from_utf8_lossy(&top.stdout).trim());
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let within = canonical(folder)
        .strip_prefix(canonical(&top))
        .map(|inside| inside.join(absolute.file_name().unwrap_or_default()))
        .map_err(|_| format!("{} is not inside the work tree {}", path.display(), top.display()))?;
    let extracted = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let mut archive = Command::new("git")
        .arg("-C")
        .arg(&top)
        .args(["archive", "--format=tar", revision])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let stdout = archive.stdout.take().ok_or("git archive gave no output")?;
    let untar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(extracted.path())
        .stdin(stdout)
        .status()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    let archived = archive.wait().map_err(|e| format!("git archive failed: {e}"))?;
    if !archived.success() || !untar.success() {
        return Err(format!("cannot extract the work tree at {revision}"));
    }
    let inside = extracted.path().join(within);
    Ok(Some((extracted, inside)))
}
