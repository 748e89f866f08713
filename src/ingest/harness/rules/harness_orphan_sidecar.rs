use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};

declare_rule! {
    /// ## What it checks
    /// That every sidecar `<tool>.schema.json` of a harness directory's `tools/` (and
    /// `plugins/<pack>/tools/`) has the file `<tool>` it describes beside it.
    ///
    /// ## Why
    /// A sidecar is read only as the schema of the executable of its name, so one
    /// without it compiles to nothing: the tool it describes is silently missing
    /// from the catalog. That is most often an executable not committed, or one
    /// whose name differs from the sidecar's (the help names an executable of the
    /// folder a letter or two away, when there is one). A file `<tool>` that is
    /// there but not executable is `harness-not-executable`'s finding instead.
    ///
    /// ## Example
    /// `.harness/tools/resize.schema.json` beside `.harness/tools/resise`: add the
    /// executable `resize`, rename `resise` to `resize`, or remove the sidecar.
    pub static HARNESS_ORPHAN_SIDECAR = {
        code: "harness-orphan-sidecar",
        phase: Input,
        severity: Warning,
        summary: "a schema sidecar of a harness `tools/` folder has no executable beside it",
    }
}

/// The sidecar `path` describes `tool`, which is not in its folder; `near`, an
/// executable of the folder whose name is close to `tool`'s.
pub fn orphan_sidecar(path: &Path, tool: &str, near: Option<&str>) -> Diagnostic {
    let help = match near {
        Some(near) => format!(
            "rename the executable {near:?} to {tool:?} (or the sidecar to {near}.schema.json), or remove the sidecar"
        ),
        None => format!("add the executable {tool:?} beside it (and commit it), or remove the sidecar"),
    };
    HARNESS_ORPHAN_SIDECAR
        .diag(format!(
            "{} describes tool {tool:?}, but there is no file {tool:?} beside it: no tool is read from it",
            path.display()
        ))
        .at(Origin::file(path))
        .help(help)
}
