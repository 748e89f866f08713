use std::sync::Arc;

use super::commit_sidecar;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That a tool script of a harness directory without a sidecar has a `--schema`
    /// branch to read its schema from: a line of code (not a comment) where
    /// `--schema` is a word of its own. When several lines have one, the branch is
    /// the first where it is a condition outside a heredoc's body (`[ "$1" =
    /// --schema ]`, `[[ $1 == --schema ]]`, `test "$1" = --schema`, a case arm
    /// `--schema)` or `-s|--schema)`, a word of an `if` or `elif` line, not in a
    /// string), so that a usage text naming the option first is passed over; when
    /// none is, the first.
    ///
    /// ## Why
    /// The schema is read from the script's text, never by running it; a script
    /// that does not mention `--schema` gives nothing to read.
    ///
    /// ## Example
    /// ```sh
    /// #!/bin/sh
    /// echo "resizing $1"
    /// ```
    pub static HARNESS_SCHEMA_MISSING = {
        code: "harness-schema-missing",
        phase: Input,
        severity: Error,
        summary: "a tool script of a harness directory has no `--schema` branch and no sidecar",
    }
}

/// The script `source` has no `--schema` branch; located at its first line.
pub fn schema_missing(source: &Arc<SourceFile>) -> Diagnostic {
    let first = source.text.find('\n').unwrap_or(source.text.len());
    HARNESS_SCHEMA_MISSING
        .diag(format!("{} has no --schema branch and no schema sidecar", source.display_path()))
        .at(Origin::span(source, 0..first))
        .help(commit_sidecar(&source.path))
}
