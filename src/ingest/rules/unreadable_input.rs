//! `unreadable-input`: an input file that cannot be opened and read.

use std::io;
use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::Diagnostic;

declare_rule! {
    /// ## What it checks
    /// That the input file can be opened and read: it exists, it is a file and not a
    /// directory, and it is readable.
    ///
    /// ## Why
    /// Nothing can be compiled from a file that cannot be read. This is a usage error
    /// (exit code 2), not a rejected input.
    ///
    /// ## Example
    /// `harn-catalog schema missing.json` when `missing.json` does not exist.
    pub static UNREADABLE_INPUT = {
        code: "unreadable-input",
        phase: Input,
        severity: Error,
        summary: "the input file cannot be read",
    }
}

/// The diagnostic for an input `path` that names a directory.
pub fn unreadable_directory(path: &Path) -> Diagnostic {
    UNREADABLE_INPUT.diag(format!("{} is a directory, not a file", path.display()))
}

/// The diagnostic for an input `path` whose reading failed with `error`.
pub fn unreadable_file(path: &Path, error: &io::Error) -> Diagnostic {
    let reason = match error.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => error.to_string(),
    };
    UNREADABLE_INPUT.diag(format!("cannot read {}: {reason}", path.display()))
}
