//! `invalid-utf8`: an input file that is not UTF-8 text.

use std::path::Path;
use std::string::FromUtf8Error;
use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::{Format, SourceFile};

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

/// The diagnostic for the bytes of `path` (read as `format`) that `error` found not
/// to be UTF-8, pointing at the first bad byte: at the replacement character that
/// stands for it in the text shown.
pub fn invalid_utf8(path: &Path, format: Format, error: &FromUtf8Error) -> Diagnostic {
    let offset = error.utf8_error().valid_up_to();
    // Shown with the bad bytes replaced, so the offending line can be printed.
    let lossy = String::from_utf8_lossy(error.as_bytes()).into_owned();
    let source = Arc::new(SourceFile::new(path, lossy, format));
    // The source's text has no byte order mark: the bad byte is that much nearer its start.
    let bom = if error.as_bytes().starts_with("\u{feff}".as_bytes()) { '\u{feff}'.len_utf8() } else { 0 };
    let in_text = offset - bom;
    let at = source.line_col(in_text);
    INVALID_UTF8
        .diag(format!(
            "{} is not valid UTF-8: invalid byte sequence at line {}, column {} (byte offset {offset})",
            path.display(),
            at.line,
            at.column
        ))
        // The bytes before it are the file's own, so the replacement character starts
        // where the bad byte did; the origin covers it whole, not a byte of it.
        .at(Origin::span(&source, in_text..in_text + char::REPLACEMENT_CHARACTER.len_utf8()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rendered, an empty span and a one-byte one both show one caret, so only the
    /// origin itself can say that the diagnostic covers the first bad byte: the whole
    /// replacement character that stands for it in the text shown (found by fuzzing,
    /// fuzz/regressions/import_mcp/: the origin was its first byte, splitting it).
    #[test]
    fn the_origin_covers_the_first_bad_byte() {
        let bytes = b"{\"name\": \"caf\xe9\"}".to_vec();
        let error = String::from_utf8(bytes).expect_err("Latin-1 is not UTF-8");
        let diagnostic = invalid_utf8(Path::new("widgets.json"), Format::Json, &error);
        let origin = diagnostic.origin.expect("the diagnostic points at the byte");
        assert_eq!(origin.range(), Some(13..16));
        assert_eq!(&origin.source.text[13..16], "\u{fffd}");
        assert!(diagnostic.message.ends_with("line 1, column 14 (byte offset 13)"), "{}", diagnostic.message);
    }
}
