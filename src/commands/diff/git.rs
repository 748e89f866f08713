//! The old side of `--against REV`: a file as it was at a revision, read with `git
//! show REV:PATH`, or for a `.harn` module, whose imports must be read at the same
//! revision, and a harness directory, the work tree as it was, extracted with `git archive` into a temporary
//! folder; either way no checkout, index or work tree is touched. git is the only
//! process started: the archive is unpacked by the `tar` crate, not a `tar` program.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::compile::{self, Compilation, Options};
use crate::paths::Confinement;
use crate::source::{Format, SourceFile};

/// Why the old side of `--against REV` cannot be read; each says which revision or
/// path, and what git answered.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    #[error("{} names no file", path.display())]
    NoFile { path: PathBuf },
    #[error("cannot run git: {0}")]
    CannotRun(std::io::Error),
    #[error("`{revision}` names no commit of the repository holding {}", path.display())]
    NoCommit { revision: String, path: PathBuf },
    #[error("{} at {revision} is not UTF-8", path.display())]
    NotUtf8 { revision: String, path: PathBuf },
    #[error("git show {spec} failed: {stderr}")]
    ShowFailed { spec: String, stderr: String },
    #[error("cannot resolve {}: {error}", path.display())]
    Unresolvable { path: PathBuf, error: std::io::Error },
    #[error("{} is not inside the work tree {}", path.display(), top.display())]
    OutsideWorkTree { path: PathBuf, top: PathBuf },
    #[error("cannot make a temporary folder: {0}")]
    NoTemporaryFolder(std::io::Error),
    #[error("cannot extract the work tree at {revision}{}", detail.as_ref().map(|d| format!(": {d}")).unwrap_or_default())]
    NotExtracted { revision: String, detail: Option<String> },
}

/// The compilation of `path` as it was at `revision`, `None` when it did not exist
/// then. A `.harn` module is compiled in the tree as it was, its imports confined to
/// that tree (unless `paths` lets them go anywhere), and so is a harness directory;
/// any other file from its text.
pub fn compile_at(
    revision: &str,
    path: &Path,
    options: Options,
    paths: &Confinement,
) -> Result<Option<Compilation>, GitError> {
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
pub fn show(revision: &str, path: &Path) -> Result<Option<String>, GitError> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| GitError::NoFile { path: path.to_path_buf() })?;
    // `REV:./name` is relative to the folder git runs in, wherever the work tree's
    // root is.
    let spec = format!("{revision}:./{}", name.to_string_lossy());
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["rev-parse", "--verify", "--quiet", &format!("{revision}^{{commit}}")])
        .output()
        .map_err(GitError::CannotRun)?;
    if !output.status.success() {
        return Err(GitError::NoCommit { revision: revision.to_owned(), path: path.to_path_buf() });
    }
    let output =
        Command::new("git").arg("-C").arg(folder).args(["show", &spec]).output().map_err(GitError::CannotRun)?;
    if output.status.success() {
        return String::from_utf8(output.stdout)
            .map(Some)
            .map_err(|_| GitError::NotUtf8 { revision: revision.to_owned(), path: path.to_path_buf() });
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    // git words a path missing from the tree of an existing commit so, in every
    // version since 1.8: "exists on disk, but not in" or "does not exist in".
    if stderr.contains("exists on disk, but not in") || stderr.contains("does not exist in") {
        return Ok(None);
    }
    Err(GitError::ShowFailed { spec, stderr: stderr.trim().to_owned() })
}

/// The whole work tree of the repository holding `path` as it was at `revision`,
/// extracted into a temporary folder (deleted when dropped), and where `path` is in it;
/// `Ok(None)` when `path` did not exist then. Imports of a module must resolve inside
/// its git work tree, so the tree at the revision holds every file they can name.
pub fn tree_at(revision: &str, path: &Path) -> Result<Option<(tempfile::TempDir, PathBuf)>, GitError> {
    if show(revision, path)?.is_none() {
        return Ok(None);
    }
    let absolute =
        std::path::absolute(path).map_err(|error| GitError::Unresolvable { path: path.to_path_buf(), error })?;
    let folder = absolute.parent().unwrap_or(Path::new("/"));
    let top = Command::new("git")
        .arg("-C")
        .arg(folder)
        .args(["rev-parse", "--show-toplevel"])
        .output()
        .map_err(GitError::CannotRun)?;
    let top = PathBuf::from(String::from_utf8_lossy(&top.stdout).trim());
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let within = canonical(folder)
        .strip_prefix(canonical(&top))
        .map(|inside| inside.join(absolute.file_name().unwrap_or_default()))
        .map_err(|_| GitError::OutsideWorkTree { path: path.to_path_buf(), top: top.clone() })?;
    let extracted = tempfile::tempdir().map_err(GitError::NoTemporaryFolder)?;
    let mut archive = Command::new("git")
        .arg("-C")
        .arg(&top)
        .args(["archive", "--format=tar", revision])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(GitError::CannotRun)?;
    let not_extracted = |detail: Option<String>| GitError::NotExtracted { revision: revision.to_owned(), detail };
    let stdout = archive.stdout.take().ok_or_else(|| not_extracted(Some("git archive gave no output".to_owned())))?;
    let unpacked = tar::Archive::new(stdout).unpack(extracted.path());
    // Waited for even when unpacking failed, so that no git is left running.
    let archived = archive.wait().map_err(|e| not_extracted(Some(format!("git archive failed: {e}"))))?;
    unpacked.map_err(|e| not_extracted(Some(e.to_string())))?;
    if !archived.success() {
        return Err(not_extracted(None));
    }
    let inside = extracted.path().join(within);
    Ok(Some((extracted, inside)))
}
