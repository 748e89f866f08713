//! `syntax-error`: an input that is not well-formed JSON, YAML or TOML.

use std::ops::Range;
use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That the input is well-formed JSON, YAML or TOML (chosen by the file extension),
    /// holding exactly one document. A UTF-8 byte order mark at the start of the file,
    /// which some editors write, is no part of the document and is ignored (RFC 8259
    /// §8.1 allows it for JSON); the first line's columns count from the character after it.
    ///
    /// ## Why
    /// Nothing can be checked in a file that does not parse. The diagnostic carries
    /// the parser's own explanation and the line and column where it stopped.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [ {"name": "lookup_widget",} ]}
    /// ```
    pub static SYNTAX_ERROR = {
        code: "syntax-error",
        phase: Input,
        severity: Error,
        summary: "the input is not well-formed JSON, YAML or TOML",
    }
}

/// A syntax error of `source` at `range`, with the parser's message.
pub fn syntax_error(source: &Arc<SourceFile>, range: Range<usize>, message: &str) -> Diagnostic {
    SYNTAX_ERROR.diag(format!("invalid {}: {message}", source.format.name())).at(Origin::span(source, range))
}
