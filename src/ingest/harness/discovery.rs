//! Where a harness directory's tools are: which directory an input names, the scopes
//! from a directory up to the root, and the executables of `tools/` and
//! `plugins/<pack>/tools/` with their sidecars.

use std::path::{Path, PathBuf};

use super::rules;
use crate::diagnostics::Diagnostic;

/// The name of a harness directory.
pub const HARNESS: &str = ".harness";

/// The suffix of a tool's committed schema, beside it: `<tool>.schema.json`.
pub const SIDECAR: &str = ".schema.json";

/// The harness directory `path` names: `path` itself when it is a directory named
/// `.harness`, else its `.harness/` child; `None` when it is neither.
pub fn resolve(path: &Path) -> Option<PathBuf> {
    if !path.is_dir() {
        return None;
    }
    if path.file_name().is_some_and(|name| name == HARNESS) {
        return Some(path.to_path_buf());
    }
    let child = path.join(HARNESS);
    child.is_dir().then_some(child)
}

/// The harness directories in scope at `dir`, most local first: `dir` itself when it
/// is named `.harness`, else `dir/.harness`, then each ancestor's `.harness/` up to the
/// root of the file system. A relative `dir` gives the ones inside the working
/// directory as relative paths (as diagnostics show them); empty when `dir` cannot be
/// resolved or none exists.
pub fn scopes(dir: &Path) -> Vec<PathBuf> {
    let Ok(absolute) = dir.canonicalize() else {
        return Vec::new();
    };
    let cwd = std::env::current_dir().and_then(|cwd| cwd.canonicalize()).ok();
    let shown = |found: PathBuf| match (&cwd, dir.is_relative()) {
        (Some(cwd), true) => match found.strip_prefix(cwd) {
            Ok(relative) => relative.to_path_buf(),
            Err(_) => found,
        },
        _ => found,
    };
    let mut found = Vec::new();
    let mut start = absolute.as_path();
    if start.file_name().is_some_and(|name| name == HARNESS) {
        found.push(shown(start.to_path_buf()));
        // Its parent holds it; the walk goes on from the grandparent.
        start = match start.parent().and_then(Path::parent) {
            Some(above) => above,
            None => return found,
        };
    }
    for ancestor in start.ancestors() {
        let harness = ancestor.join(HARNESS);
        if harness.is_dir() {
            found.push(shown(harness));
        }
    }
    found
}

/// The name the folder holding a harness directory gives the catalog (`info.name`):
/// `/work/widgets/.harness` is `widgets`.
pub fn provider(harness: &Path) -> String {
    let absolute = harness.canonicalize().unwrap_or_else(|_| harness.to_path_buf());
    absolute
        .parent()
        .and_then(Path::file_name)
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "harness".to_owned())
}

/// One tool of a harness directory.
#[derive(Clone, Debug)]
pub struct Tool {
    /// The executable's file name: the tool's name.
    pub name: String,
    pub executable: PathBuf,
    /// `<executable>.schema.json`, when it exists.
    pub sidecar: Option<PathBuf>,
    /// The plugin pack of `plugins/<pack>/tools/<name>`.
    pub pack: Option<String>,
}

impl Tool {
    /// The file that holds the tool's schema document, or the executable.
    pub fn definition(&self) -> &Path {
        self.sidecar.as_deref().unwrap_or(&self.executable)
    }
}

/// The tools of one harness directory, in the order of their paths: `plugins/<pack>/tools/`
/// (packs by name), then `tools/`. A file there that is not executable is left out
/// with a warning, as is a sidecar with no file of its name beside it.
pub fn tools(harness: &Path, out: &mut Vec<Diagnostic>) -> Vec<Tool> {
    let mut found = Vec::new();
    for pack in sorted_entries(&harness.join("plugins")) {
        if pack.is_dir() {
            let name = pack.file_name().map(|name| name.to_string_lossy().into_owned());
            tools_in(&pack.join("tools"), name, &mut found, out);
        }
    }
    tools_in(&harness.join("tools"), None, &mut found, out);
    found
}

fn tools_in(folder: &Path, pack: Option<String>, found: &mut Vec<Tool>, out: &mut Vec<Diagnostic>) {
    let entries = sorted_entries(folder);
    let name_of = |path: &Path| path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let names: Vec<String> = entries.iter().map(|path| name_of(path)).collect();
    for (path, name) in entries.iter().zip(&names) {
        if let Some(tool) = name.strip_suffix(SIDECAR) {
            if !folder.join(tool).is_file() {
                // The files of the folder that have no sidecar of their own: one of
                // them may be the executable, misspelt.
                let bare = names
                    .iter()
                    .filter(|other| !other.ends_with(SIDECAR) && !names.contains(&format!("{other}{SIDECAR}")));
                let executables = bare.map(String::as_str);
                out.push(rules::orphan_sidecar(path, tool, crate::diagnostics::suggest(tool, executables)));
            }
            continue;
        }
        let (path, name) = (path.clone(), name.clone());
        let Ok(metadata) = std::fs::metadata(&path) else {
            continue;
        };
        if !metadata.is_file() {
            continue;
        }
        if !is_executable(&metadata) {
            out.push(rules::not_executable(&path));
            continue;
        }
        let sidecar = folder.join(format!("{name}{SIDECAR}"));
        let sidecar = sidecar.is_file().then_some(sidecar);
        found.push(Tool { name, executable: path, sidecar, pack: pack.clone() });
    }
}

/// The entries of `folder` whose names do not start with a dot, by name; none when it
/// is absent.
pub(crate) fn sorted_entries(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .map(|entry| entry.path())
        .collect();
    paths.sort();
    paths
}

/// Whether any of the file's execute bits is set; every file counts where there are none.
#[cfg(unix)]
fn is_executable(metadata: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_: &std::fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_run_from_the_folder_up_most_local_first() {
        let root = tempfile::tempdir().unwrap();
        let top = root.path().canonicalize().unwrap();
        for dir in ["a/.harness", "a/b/c/.harness", "a/b/c/d"] {
            std::fs::create_dir_all(top.join(dir)).unwrap();
        }
        let found = |dir: &str| scopes(&top.join(dir));
        let (outer, inner) = (top.join("a/.harness"), top.join("a/b/c/.harness"));
        // Whatever lies above the temporary folder (nothing, usually) comes last.
        assert_eq!(found("a/b/c/d")[..2], [inner.clone(), outer.clone()]);
        assert_eq!(found("a/b/c")[..2], [inner.clone(), outer.clone()]);
        assert_eq!(found("a/b/c/.harness")[..2], [inner.clone(), outer.clone()]);
        assert_eq!(found("a/b")[0], outer);
        assert_eq!(resolve(&top.join("a/b/c")), Some(top.join("a/b/c/.harness")));
        assert_eq!(resolve(&inner), Some(inner.clone()));
        assert_eq!(resolve(&top.join("a/b")), None);
        assert!(scopes(&top.join("missing")).is_empty());
        assert_eq!(provider(&inner), "c");
    }
}
