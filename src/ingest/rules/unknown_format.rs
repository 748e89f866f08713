//! `unknown-format`: an input file whose extension names no format.

use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::source::Format;

declare_rule! {
    /// ## What it checks
    /// That the input file's extension names a format harn-catalog reads: `.json`,
    /// `.yaml`, `.yml`, `.toml` or `.harn`.
    ///
    /// ## Why
    /// The format decides the parser; guessing would turn a typo into a confusing
    /// syntax error. A usage error (exit code 2).
    ///
    /// ## Example
    /// `harn-catalog schema registry.txt`
    pub static UNKNOWN_FORMAT = {
        code: "unknown-format",
        phase: Input,
        severity: Error,
        summary: "the input file's extension names no supported format",
        help: "name the file .json, .yaml, .yml, .toml or .harn",
    }
}

/// The format `path`'s extension names, or the diagnostic when it names none.
pub fn format_of(path: &Path) -> Result<Format, Diagnostic> {
    Format::from_path(path).ok_or_else(|| {
        UNKNOWN_FORMAT.diag(format!("cannot tell the format of {}: unknown file extension", path.display()))
    })
}
