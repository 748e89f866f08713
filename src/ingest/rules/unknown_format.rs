//! `unknown-format`: an input file whose extension names no format.

use std::path::Path;

use super::unreadable_input::stdin_named_directory;

use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::source::Format;

declare_rule! {
    /// ## What it checks
    /// That the input file's extension names a format harn-catalog reads: `.json`,
    /// `.yaml`, `.yml`, `.toml` or `.harn`. Standard input (`-` as FILE) has no
    /// extension of its own: the name `--stdin-filename` gives it must have one.
    ///
    /// ## Why
    /// The format decides the parser; guessing would turn a typo into a confusing
    /// syntax error, so standard input is not sniffed either. A usage error (exit
    /// code 2), raised before standard input is read.
    ///
    /// ## Example
    /// `harn-catalog schema registry.txt`, or `cat tools.yaml | harn-catalog schema -`
    /// without `--stdin-filename tools.yaml`.
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

/// The format of standard input, from the extension of `name` (what `--stdin-filename`
/// gave), with that name; the diagnostic when there is no name, or no format in it, or
/// when it names a directory (standard input is one file).
pub fn stdin_format(name: Option<&Path>) -> Result<(Format, &Path), Diagnostic> {
    let Some(name) = name else {
        return Err(UNKNOWN_FORMAT.diag("cannot tell the format of standard input: it has no name").help(
            "name it with --stdin-filename, whose extension gives the format \
             (.json, .yaml, .yml, .toml or .harn): `--stdin-filename tools.yaml`",
        ));
    };
    if name.is_dir() || name.file_name().is_some_and(|n| n == ".harness") {
        return Err(stdin_named_directory(name));
    }
    match Format::from_path(name) {
        Some(format) => Ok((format, name)),
        None => Err(UNKNOWN_FORMAT
            .diag(format!(
                "cannot tell the format of standard input from its name {}: unknown file extension",
                name.display()
            ))
            .help("give --stdin-filename a name ending .json, .yaml, .yml, .toml or .harn")),
    }
}
