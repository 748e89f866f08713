//! Paths stay inside the project: which folder a configuration or a `.harn` module
//! belongs to, where a path it names really leads, and the rule refusing the paths
//! that lead out.

pub mod rules;

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// The command-line flag that lifts [`rules::path_outside_project::PATH_OUTSIDE_PROJECT`].
pub const ALLOW_FLAG: &str = "--allow-outside-project";

/// Where the paths an input names (the imports of a `.harn` module) may lead.
#[derive(Clone, Debug, Default)]
pub enum Confinement {
    /// Inside the project of the input itself: its folder, widened to the git work
    /// tree that holds it.
    #[default]
    InputProject,
    /// Inside this project folder (canonical): a configuration's.
    Project(Arc<Path>),
    /// Anywhere: the user passed [`ALLOW_FLAG`].
    Anywhere,
}

impl Confinement {
    /// The project folder the paths named by a file in `folder` must stay inside,
    /// or `None` when they may go anywhere.
    pub fn root_for(&self, folder: &Path) -> Option<PathBuf> {
        match self {
            Confinement::InputProject => Some(project_root(folder)),
            Confinement::Project(root) => Some(root.to_path_buf()),
            Confinement::Anywhere => None,
        }
    }
}

/// The project holding `folder`: the nearest folder at or above it that has a `.git`
/// entry (a directory, or the file of a worktree or submodule), else `folder`
/// itself; canonical, so that it compares with resolved paths. Found without running
/// git, which may not be installed where the catalogs are checked.
pub fn project_root(folder: &Path) -> PathBuf {
    let folder = resolve(&absolute(folder));
    let root = folder.ancestors().find(|dir| dir.join(".git").symlink_metadata().is_ok());
    root.unwrap_or(&folder).to_path_buf()
}

/// How a path leads out of the project.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Escape {
    /// An absolute path outside the project.
    Absolute,
    /// A `..` climbs above the project.
    ParentDir,
    /// A symbolic link, named as written (the path up to and including the link),
    /// points outside.
    Symlink(PathBuf),
}

impl Escape {
    /// Says how `written` (the path as the user wrote it) leads out.
    pub fn describe(&self, written: &str) -> String {
        match self {
            Escape::Absolute => format!("{written:?} is an absolute path outside the project"),
            Escape::ParentDir => format!("{written:?} climbs out of the project with `..`"),
            Escape::Symlink(link) => {
                format!(
                    "{written:?} leads out of the project through the symbolic link {:?}",
                    link.display().to_string()
                )
            }
        }
    }
}

/// How `path`, relative to the folder `base`, leads out of `root` (a canonical
/// folder), or `None` when it resolves inside.
pub fn escape(root: &Path, base: &Path, path: &Path) -> Option<Escape> {
    // The folder itself resolved, so that only `path`'s own links count as leading out.
    let base = resolve(&absolute(base));
    if resolve(&base.join(path)).starts_with(root) {
        return None;
    }
    if !lexical(&base.join(path)).starts_with(root) {
        return Some(if path.is_absolute() { Escape::Absolute } else { Escape::ParentDir });
    }
    // Written inside, resolved outside: the first prefix that resolves outside ends
    // with the link.
    let mut prefix = PathBuf::new();
    for component in path.components() {
        prefix.push(component);
        let at = base.join(&prefix);
        if lexical(&at).starts_with(root) && !resolve(&at).starts_with(root) {
            return Some(Escape::Symlink(prefix));
        }
    }
    Some(Escape::Symlink(path.to_path_buf()))
}

/// `path` made absolute against the working directory ("" is the working directory).
fn absolute(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() { Path::new(".") } else { path };
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// `path` with `.` dropped and each `..` removing the component before it, without
/// looking at the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Most links followed while resolving one path, as the kernel's own bound (40).
const MAX_LINKS: usize = 40;

/// An absolute `path` as the file system resolves it: each existing prefix
/// canonicalised (every symbolic link followed, dangling ones too), the part that
/// does not exist yet (an output about to be written) appended as written, each `..`
/// removing what precedes it once resolved. Hand-written because
/// `std::fs::canonicalize` refuses a path that does not exist, and an output often
/// does not yet.
fn resolve(path: &Path) -> PathBuf {
    resolve_from(PathBuf::new(), path, &mut 0)
}

fn resolve_from(mut resolved: PathBuf, path: &Path, links: &mut usize) -> PathBuf {
    for component in path.components() {
        match component {
            Component::Prefix(_) => resolved = PathBuf::from(component.as_os_str()),
            Component::RootDir => resolved.push(component),
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            Component::Normal(name) => {
                resolved.push(name);
                if let Ok(real) = resolved.canonicalize() {
                    resolved = real;
                } else if let Ok(target) = std::fs::read_link(&resolved) {
                    // A dangling link: what it would create is where it points.
                    if *links < MAX_LINKS {
                        *links += 1;
                        resolved.pop();
                        resolved = resolve_from(resolved, &target, links);
                    }
                }
            }
        }
    }
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_missing_tails_and_dangling_links() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("inside")).unwrap();
        assert_eq!(resolve(&root.join("inside/new/../out.json")), root.join("inside/out.json"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("../elsewhere/file", root.join("inside/dangling")).unwrap();
            assert_eq!(resolve(&root.join("inside/dangling")), root.join("elsewhere/file"));
            std::os::unix::fs::symlink("loop", root.join("loop")).unwrap();
            assert!(resolve(&root.join("loop")).starts_with(&root));
        }
    }

    #[test]
    fn names_how_a_path_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("sub")).unwrap();
        assert_eq!(escape(&root, &root, Path::new("sub/../a.json")), None);
        assert_eq!(escape(&root, &root.join("sub"), Path::new("../a.json")), None);
        assert_eq!(escape(&root, &root, Path::new("../a.json")), Some(Escape::ParentDir));
        assert_eq!(escape(&root, &root, Path::new("/elsewhere/a.json")), Some(Escape::Absolute));
        assert_eq!(escape(&root, &root, &root.join("sub/a.json")), None);
        #[cfg(unix)]
        {
            // A link deeper down leads out: it is named, not the folder that holds it.
            std::fs::create_dir(root.join("elsewhere")).unwrap();
            let inside = root.join("inside");
            std::fs::create_dir(&inside).unwrap();
            std::fs::create_dir(inside.join("sub")).unwrap();
            std::os::unix::fs::symlink(root.join("elsewhere"), inside.join("sub/linked")).unwrap();
            assert_eq!(
                escape(&inside, &inside, Path::new("sub/linked/a.json")),
                Some(Escape::Symlink(PathBuf::from("sub/linked")))
            );
        }
    }

    /// Dangling links are followed 40 deep, as the kernel does, and no deeper.
    #[cfg(unix)]
    #[test]
    fn follows_at_most_forty_dangling_links() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for i in 0..=MAX_LINKS {
            std::os::unix::fs::symlink(format!("l{}", i + 1), root.join(format!("l{i}"))).unwrap();
        }
        assert_eq!(resolve(&root.join("l0")), root.join(format!("l{MAX_LINKS}")));
    }

    #[test]
    fn the_project_widens_to_the_git_work_tree() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        assert_eq!(project_root(&root.join("a/b")), root.join("a/b"));
        std::fs::write(root.join(".git"), "gitdir: elsewhere\n").unwrap();
        assert_eq!(project_root(&root.join("a/b")), root);
    }
}
