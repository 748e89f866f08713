//! Reading a file's bytes, or standard input's, into text, with the errors a user can
//! act on.

use std::io::Read;
use std::path::Path;

use super::LoadError;
use super::rules::{invalid_utf8, stdin_format, unreadable_directory, unreadable_file, unreadable_stdin};
use crate::diagnostics::Diagnostic;
use crate::source::{Format, SourceFile};

pub enum ReadError {
    Io(Diagnostic),
    Content(Diagnostic),
}

pub fn read_text(path: &Path, format: Format) -> Result<String, ReadError> {
    if path.is_dir() {
        return Err(ReadError::Io(unreadable_directory(path)));
    }
    let bytes = std::fs::read(path).map_err(|e| ReadError::Io(unreadable_file(path, &e)))?;
    String::from_utf8(bytes).map_err(|e| ReadError::Content(invalid_utf8(path, format, &e)))
}

/// Standard input, read whole, as the file `name` (what `--stdin-filename` gave):
/// its format from `name`'s extension, which is checked first, so that a missing
/// name is said at once rather than after waiting for a terminal's input.
pub fn read_stdin(name: Option<&Path>) -> Result<SourceFile, LoadError> {
    let (format, name) = stdin_format(name).map_err(LoadError::Unreadable)?;
    let mut bytes = Vec::new();
    std::io::stdin().lock().read_to_end(&mut bytes).map_err(|e| LoadError::Unreadable(unreadable_stdin(name, &e)))?;
    let text = String::from_utf8(bytes).map_err(|e| LoadError::Rejected(invalid_utf8(name, format, &e)))?;
    Ok(SourceFile::new(name, text, format))
}
