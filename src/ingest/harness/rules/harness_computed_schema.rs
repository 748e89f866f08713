use std::sync::Arc;

use super::commit_sidecar;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That the `--schema` branch of a tool script without a sidecar prints a quoted
    /// heredoc (`<<'EOF'`, `<<"EOF"`, `<<\EOF`, `<<-'EOF'`) of a shell script, whose
    /// body is the schema as written.
    ///
    /// ## Why
    /// A schema built by code (`print(json.dumps(...))`, `jq -n`, `cat` of another
    /// file) can only be known by running it, which harn-catalog never does. Only a
    /// shell script's heredoc is read: another language's `--schema` branch is
    /// taken for a computed schema.
    ///
    /// ## Example
    /// ```python
    /// #!/usr/bin/env python3
    /// if sys.argv[1:] == ["--schema"]:
    ///     print(json.dumps(SCHEMA))
    /// ```
    pub static HARNESS_COMPUTED_SCHEMA = {
        code: "harness-computed-schema",
        phase: Input,
        severity: Error,
        summary: "a tool script's `--schema` branch computes its schema instead of printing a quoted heredoc",
    }
}

/// The `--schema` branch of `source` (the token at `at`) prints no quoted heredoc.
pub fn computed(source: &Arc<SourceFile>, at: std::ops::Range<usize>) -> Diagnostic {
    HARNESS_COMPUTED_SCHEMA
        .diag("the --schema branch prints no heredoc: its schema is computed, and cannot be read without running it")
        .at(Origin::span(source, at))
        .help(commit_sidecar(&source.path))
}
