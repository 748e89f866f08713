//! Reading a file's bytes into text, with the errors a user can act on.

use std::path::Path;

use super::rules::{invalid_utf8, unreadable_directory, unreadable_file};
use crate::diagnostics::Diagnostic;
use crate::source::Format;

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
