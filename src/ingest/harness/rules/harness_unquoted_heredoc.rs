use std::sync::Arc;

use super::commit_sidecar;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That the heredoc the `--schema` branch of a tool script prints is quoted.
    ///
    /// ## Why
    /// The shell expands `$name`, `$(command)` and backticks in an unquoted heredoc's
    /// body (`<<EOF`), so what the script prints may differ from the text written;
    /// only a quoted heredoc's body is printed as written.
    ///
    /// ## Example
    /// ```sh
    /// #!/bin/sh
    /// if [ "$1" = --schema ]; then
    ///   cat <<EOF
    /// {"name": "resize", "description": "Resize $IMAGE", "input_schema": {"type": "object"}}
    /// EOF
    /// fi
    /// ```
    pub static HARNESS_UNQUOTED_HEREDOC = {
        code: "harness-unquoted-heredoc",
        phase: Input,
        severity: Error,
        summary: "a tool script's `--schema` heredoc is unquoted, so the shell would expand it",
    }
}

/// The heredoc operator at `at` of `source` is unquoted.
pub fn unquoted(source: &Arc<SourceFile>, at: std::ops::Range<usize>) -> Diagnostic {
    HARNESS_UNQUOTED_HEREDOC
        .diag("the --schema heredoc is unquoted: the shell would expand `$` and backticks in it")
        .at(Origin::span(source, at))
        .help(format!("quote its word (`<<'EOF'`), or {}", commit_sidecar(&source.path)))
}
