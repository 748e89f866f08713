use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::paths::{ALLOW_FLAG, Escape};

declare_rule! {
    /// ## What it checks
    /// That every path `harn-catalog.toml` names (each `input` and `output` of a
    /// catalog, an SDK or a budget) and
    /// every relative import a `.harn` module's exports read resolves inside the
    /// project. The project is the folder of `harn-catalog.toml` (for `gen` and
    /// `check`) or of the module given on the command line, widened to the git work
    /// tree that holds it: the nearest folder above with a `.git` directory, or a
    /// `.git` file as a worktree or a submodule has. Paths are resolved as the file
    /// system resolves them: an absolute path elsewhere, a `..` that climbs out and a
    /// symbolic link that points out are all refused, while a `..` or a link that
    /// stays inside is fine. An output that does not exist yet is judged by the
    /// folders that do.
    /// Nothing is read or written when a path is refused.
    /// `--allow-outside-project` lifts the rule for one run.
    ///
    /// ## Why
    /// `harn-catalog check` runs in CI on pull requests and prints a diff of every
    /// catalog it compiles; `gen` writes wherever an output points. A configuration or
    /// an import that could name any file would let a pull request print a file from
    /// anywhere on the runner, or overwrite one.
    ///
    /// ## Example
    /// ```toml
    /// [[catalog]]
    /// input = "registry.yaml"
    /// output = "../escaped.json"
    /// ```
    pub static PATH_OUTSIDE_PROJECT = {
        code: "path-outside-project",
        phase: Input,
        severity: Error,
        summary: "a configured input or output, or a .harn import, leads outside the project",
        help: "keep the path inside the project (the git work tree around it, else its folder), or pass --allow-outside-project to follow it out",
    }
}

/// The refusal of a `.harn` import, written `written` (at `at`), that leads out of
/// the project as `escape` says.
pub fn outside_import(escape: &Escape, written: &str, at: Origin) -> Diagnostic {
    PATH_OUTSIDE_PROJECT.diag(format!("import {}; nothing was read from it", escape.describe(written))).at(at)
}

/// The refusal of the configured `what` (`input`, `output`), written `written` (at
/// `at`), that leads out of `project` as `escape` says.
pub fn outside_config(escape: &Escape, what: &str, written: &str, project: &Path, at: Origin) -> Diagnostic {
    PATH_OUTSIDE_PROJECT.diag(format!("{what} {}", escape.describe(written))).at(at).help(format!(
        "the project is {}; keep the {what} inside it, or pass {ALLOW_FLAG} to follow it out",
        project.display()
    ))
}
