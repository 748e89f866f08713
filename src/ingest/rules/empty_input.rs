//! `empty-input`: an input file with nothing but white space in it.

use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

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
