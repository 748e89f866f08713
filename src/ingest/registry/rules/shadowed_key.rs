//! `shadowed-key`: a value of a tool spec superseded by another spelling of its key.

use crate::declare_rule;
use crate::diagnostics::Origin;
use crate::ingest::registry::raw::{EntryCtx, Field, RawEntry};
use crate::pointer::Pointer;

declare_rule! {
    /// ## What it checks
    /// Keys whose value is silently superseded: a key given both on a spec and in its
    /// `config` (the spec's wins), an output schema given as both `returns` and
    /// `output_schema` (`returns` wins) or overridden by a literal `outputSchema`, and
    /// likewise `error_schema` / `errorSchema`.
    ///
    /// ## Why
    /// The catalog follows upstream's precedence, but one of the two values the user
    /// wrote is thrown away; that is almost always a mistake worth a warning.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "returns": {"type": "string"}, "output_schema": {"type": "integer"}}
    /// ```
    pub static SHADOWED_KEY = {
        code: "shadowed-key",
        phase: Catalog,
        severity: Warning,
        summary: "a key's value is superseded by another spelling of it",
        help: "remove the spelling that is not used",
    }
}

/// Warns that the spec sets `key` (at `spec_at`) that its config sets too (at
/// `config_at`): the spec's value is used.
pub fn shadowed_config_key(cx: &mut EntryCtx<'_>, key: &str, spec_at: Pointer, config_at: Pointer) {
    let diagnostic = SHADOWED_KEY
        .diag(format!("tool {:?} sets {key:?} both on the spec and in its config; the spec's value is used", cx.tool))
        .at(Origin::key(cx.source, spec_at))
        .related(Origin::key(cx.source, config_at), "the config's value, which is ignored");
    cx.push(diagnostic);
}

/// Resolves the snake-case spellings of an output or error schema into `target`:
/// the first of `spellings` that is set wins, and a literal `target` key overrides it.
pub fn resolve_schema_spelling(
    cx: &mut EntryCtx<'_>,
    entry: &mut RawEntry,
    spellings: &[&str],
    target: &str,
    what: &str,
) {
    let mut given: Vec<(String, Field)> = Vec::new();
    for key in spellings.iter().copied().chain([target]) {
        if let Some(field) = entry.take(key) {
            given.push((key.to_owned(), field));
        }
    }
    let Some(winner) = given.iter().position(|(k, _)| k == target).or((!given.is_empty()).then_some(0)) else {
        return;
    };
    for (i, (key, field)) in given.iter().enumerate() {
        if i != winner {
            let message = format!(
                "tool {:?} declares its {what} schema as both {:?} and {key:?}; {:?} is used",
                cx.tool, given[winner].0, given[winner].0
            );
            cx.push(SHADOWED_KEY.diag(message).at(Origin::key(cx.source, field.at.clone())));
        }
    }
    let (_, field) = given.swap_remove(winner);
    entry.set(target, field);
}
