//! `unrepresentable-throws`: an exported function's `throws` type with no JSON Schema.

use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::harn::ast::Span;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That an exported function's `throws` type has a JSON Schema: a type with no
    /// schema (`any`, a type parameter, `Result<…>`, a generic alias, an unknown name)
    /// cannot describe the errors callers receive.
    ///
    /// ## Why
    /// Upstream Harn fails the whole command in this case; a missing output
    /// schema is merely omitted, but a declared throw must be describable.
    ///
    /// ## Example
    /// ```harn
    /// pub fn fetch(id: string) -> string throws any { … }
    /// ```
    pub static UNREPRESENTABLE_THROWS = {
        code: "unrepresentable-throws",
        phase: Catalog,
        severity: Error,
        summary: "an exported function's throws type has no JSON Schema",
        help: "throw a struct, an enum, or a shape of portable fields",
    }
}

/// The diagnostic for export `name`, whose `throws` type (at `span`) the projector
/// found no schema for.
pub fn unrepresentable_throws(name: &str, span: Span, source: &Arc<SourceFile>) -> Diagnostic {
    UNREPRESENTABLE_THROWS
        .diag(format!("export {name:?} declares a throws type that cannot be represented as JSON Schema"))
        .at(Origin::span(source, span.range()))
}
