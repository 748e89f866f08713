use std::path::Path;

use super::commit_sidecar;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};

declare_rule! {
    /// ## What it checks
    /// That a tool of a harness directory (an executable in `tools/` or
    /// `plugins/<pack>/tools/`) that is a binary has its schema committed beside it
    /// as `<tool>.schema.json`.
    ///
    /// ## Why
    /// harn-catalog never runs what it compiles, so the `--schema` output of a
    /// compiled program cannot be known from its bytes. A file is taken for a binary
    /// when its first 8 KiB hold a NUL byte, when it is not UTF-8, or when it starts
    /// with an executable format's magic number (ELF, Mach-O, PE).
    ///
    /// ## Example
    /// `.harness/tools/resize` is an ELF program and `.harness/tools/resize.schema.json`
    /// does not exist; run `.harness/tools/resize --schema > .harness/tools/resize.schema.json`
    /// and commit the file.
    pub static HARNESS_BINARY_TOOL = {
        code: "harness-binary-tool",
        phase: Input,
        severity: Error,
        summary: "a binary tool of a harness directory has no committed schema sidecar",
    }
}

/// The executable `script` (its text in `source`) is a binary.
pub fn binary(script: &Path) -> Diagnostic {
    HARNESS_BINARY_TOOL
        .diag(format!("{} is a binary: its --schema output cannot be read without running it", script.display()))
        .at(Origin::file(script))
        .help(commit_sidecar(script))
}
