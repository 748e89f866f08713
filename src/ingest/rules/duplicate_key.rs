//! `duplicate-key`: an object, table or mapping that names one key twice.

use std::ops::Range;
use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::source::{Format, SourceFile};

declare_rule! {
    /// ## What it checks
    /// That no object (mapping, table) of the input names the same key twice.
    ///
    /// ## Why
    /// JSON parsers disagree on which duplicate wins, so a registry with one means
    /// different things to different readers. YAML and TOML forbid duplicates
    /// outright; JSON inputs are held to the same rule.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "a", "name": "b"}]}
    /// ```
    pub static DUPLICATE_KEY = {
        code: "duplicate-key",
        phase: Input,
        severity: Error,
        summary: "an object names the same key twice",
        help: "keep one of the two entries",
    }
}

/// The diagnostic for `key`, named a second time at `range` of `source`; raised by
/// each reader at the key its parser stops on. The key is quoted and its container
/// named as the input's format writes them.
pub fn duplicate_key(source: &Arc<SourceFile>, range: Range<usize>, key: &str) -> Diagnostic {
    let (quoted, container) = match source.format {
        Format::Json | Format::Harn => (serde_json::to_string(key).unwrap_or_default(), "object"),
        Format::Toml => (format!("{key:?}"), "table"),
        Format::Yaml => (format!("{key:?}"), "mapping"),
    };
    DUPLICATE_KEY.diag(format!("duplicate key {quoted} in one {container}")).at(Origin::span(source, range))
}
