use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};

declare_rule! {
    /// ## What it checks
    /// That every file of a harness directory's `tools/` (and `plugins/<pack>/tools/`)
    /// other than a `*.schema.json` sidecar or a hidden file is executable.
    ///
    /// ## Why
    /// The harness runs only executables; a file that is not one is not a tool, and
    /// is left out of the catalog.
    ///
    /// ## Example
    /// `.harness/tools/resize` with mode `0644`.
    pub static HARNESS_NOT_EXECUTABLE = {
        code: "harness-not-executable",
        phase: Input,
        severity: Warning,
        summary: "a file of a harness `tools/` folder is not executable and is left out",
    }
}

/// The file `path` of a `tools/` folder is not executable.
pub fn not_executable(path: &Path) -> Diagnostic {
    HARNESS_NOT_EXECUTABLE
        .diag(format!("{} is not executable, so it is no tool; it is left out", path.display()))
        .at(Origin::file(path))
        .help(format!("make it executable (`chmod +x {}`), or move it out of the tools folder", path.display()))
}
