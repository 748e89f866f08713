//! Reading a file's bytes into text, with the errors a user can act on.

use std::path::Path;

use crate::declare_rule;
use std::sync::Arc;

use crate::diagnostics::{Diagnostic, Origin};
use crate::source::{Format, SourceFile};

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

declare_rule! {
    /// ## What it checks
    /// That the input file is UTF-8 text.
    ///
    /// ## Why
    /// JSON, YAML and TOML inputs are Unicode text; a file in another encoding (or a
    /// binary file given by mistake) would otherwise be misread.
    ///
    /// ## Example
    /// A registry saved as Latin-1 with an `é` in a description.
    pub static INVALID_UTF8 = {
        code: "invalid-utf8",
        phase: Input,
        severity: Error,
        summary: "the input file is not UTF-8 text",
        help: "save the file as UTF-8",
    }
}

declare_rule! {
    /// ## What it checks
    /// That the input file holds something besides white space.
    ///
    /// ## Why
    /// An empty file is almost always a failed generation step upstream; compiling it
    /// to an empty catalog would hide that.
    ///
    /// ## Example
    /// A zero-byte `registry.json`.
    pub static EMPTY_INPUT = {
        code: "empty-input",
        phase: Input,
        severity: Error,
        summary: "the input file is empty",
        help: "an empty registry is written `{\"tools\": []}`",
    }
}

/// Refuses a source with nothing but white space in it.
pub fn check_not_empty(source: &Arc<SourceFile>) -> Result<(), Diagnostic> {
    if source.text.trim().is_empty() {
        return Err(EMPTY_INPUT
            .diag(format!("{} is empty; a registry declaration or a catalog is expected", source.display_path()))
            .at(Origin::span(source, 0..0)));
    }
    Ok(())
}

pub enum ReadError {
    Io(Diagnostic),
    Content(Diagnostic),
}

pub fn format_of(path: &Path) -> Result<Format, Diagnostic> {
    Format::from_path(path).ok_or_else(|| {
        UNKNOWN_FORMAT.diag(format!("cannot tell the format of {}: unknown file extension", path.display()))
    })
}

pub fn read_text(path: &Path, format: Format) -> Result<String, ReadError> {
    if path.is_dir() {
        return Err(ReadError::Io(UNREADABLE_INPUT.diag(format!("{} is a directory, not a file", path.display()))));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        let reason = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_owned(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            _ => e.to_string(),
        };
        ReadError::Io(UNREADABLE_INPUT.diag(format!("cannot read {}: {reason}", path.display())))
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        // Shown with the bad bytes replaced, so the offending line can be printed.
        let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let source = Arc::new(SourceFile::new(path, lossy, format));
        let at = source.line_col(offset);
        ReadError::Content(
            INVALID_UTF8
                .diag(format!(
                    "{} is not valid UTF-8: invalid byte sequence at line {}, column {} (byte offset {offset})",
                    path.display(),
                    at.line,
                    at.column
                ))
                .at(Origin::span(&source, offset..offset + 1)),
        )
    })
}
