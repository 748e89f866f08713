//! `harn-syntax`: a `.harn` module that does not parse.

use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::harn::parser::ParseError;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That a `.harn` module is well-formed Harn, as far as harn-catalog reads it:
    /// strings and comments are closed, brackets balance, declarations and type
    /// expressions follow Harn's grammar (see [spec/harn.md](../spec/harn.md)).
    ///
    /// ## Why
    /// Nothing can be read from a module that does not parse. The diagnostic says
    /// what was expected and points at what was found.
    ///
    /// ## Example
    /// ```harn
    /// pub fn lookup(id: string -> string { … }
    /// ```
    pub static HARN_SYNTAX = {
        code: "harn-syntax",
        phase: Input,
        severity: Error,
        summary: "a .harn module does not parse",
    }
}

/// The diagnostic for the parser's `error` in the module of `source`, at the token
/// it stopped on.
pub fn harn_syntax(source: &Arc<SourceFile>, error: ParseError) -> Diagnostic {
    HARN_SYNTAX.diag(error.message).at(Origin::span(source, error.span.range()))
}
