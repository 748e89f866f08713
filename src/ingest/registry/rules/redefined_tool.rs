//! `redefined-tool`: a tool name defined twice in one registry declaration.

use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// A tool name defined twice in one registry. As upstream's `tool_define` does,
    /// the last definition wins and takes the last position in the catalog.
    ///
    /// ## Why
    /// The earlier definition disappears from the catalog, which is rarely what a
    /// registry author meant (see [Redefinitions](../spec/declarations.md#redefinitions)).
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "lookup_widget"}, {"name": "lookup_widget"}]}
    /// ```
    pub static REDEFINED_TOOL = {
        code: "redefined-tool",
        phase: Catalog,
        severity: Warning,
        summary: "a tool name is defined twice; the last definition wins",
        help: "rename one of the tools or remove the definition that is not wanted",
    }
}

/// The warning for tool `name`, defined again at `name_at` after its definition at
/// `earlier_at`; the normaliser keeps the last definition, as `tool_define` does.
pub fn redefined(source: &Arc<SourceFile>, name: &str, name_at: Pointer, earlier_at: Pointer) -> Diagnostic {
    REDEFINED_TOOL
        .diag(format!("tool {name:?} is defined again; the last definition wins and moves to the end of the catalog"))
        .at(Origin::value(source, name_at))
        .related(Origin::value(source, earlier_at), "first defined here")
}
