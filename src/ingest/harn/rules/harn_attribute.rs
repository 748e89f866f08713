//! `harn-attribute`: the attributes of an exported function that become catalog
//! fields (`@annotations`, `@job`), with a warning for each argument dropped.

use std::sync::Arc;

use serde_json::json;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::harn::ast::{Attribute, ExprKind, Span};
use crate::ingest::harn::spanned::Spanned;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The arguments of `@annotations(...)` on an exported function: only the named
    /// boolean literals `readOnly`, `destructive`, `idempotent` and `openWorld` become
    /// MCP hints (`readOnlyHint`, …); any other argument is dropped with this warning
    /// (upstream's `HARN-SRV-018`). Also a `@job` whose positional arguments are
    /// anything but nothing or one string literal, the job's name (upstream's
    /// `HARN-SRV-004`): such a function is not a job, so its tool gets no
    /// `execution`. Named arguments of `@job` (`retry: {max: 3}`) are modifiers and
    /// leave it a job (burin-labs/harn, crates/harn-serve/src/exports.rs,
    /// `job_from_attributes`, 7521500d; the snapshot e45362cf has no exports surface).
    ///
    /// ## Why
    /// A hint that is silently dropped changes how clients treat the tool.
    ///
    /// ## Example
    /// ```harn
    /// @annotations(readOnly: "yes", cached: true)
    /// pub fn lookup(id: string) -> string { … }
    /// ```
    pub static HARN_ATTRIBUTE = {
        code: "harn-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an attribute argument of an exported function is not understood and is dropped",
    }
}

fn warn(source: &Arc<SourceFile>, span: Span, message: String, out: &mut Vec<Diagnostic>) {
    out.push(HARN_ATTRIBUTE.diag(message).at(Origin::span(source, span.range())));
}

/// `@annotations(readOnly: true, …)` as MCP hints, when at least one is valid.
pub fn annotations(attributes: &[Attribute], source: &Arc<SourceFile>, out: &mut Vec<Diagnostic>) -> Option<Spanned> {
    let attribute = attributes.iter().find(|a| a.name.name == "annotations")?;
    let mut hints = Spanned::Object(Vec::new(), attribute.span);
    let mut count = 0;
    for argument in &attribute.args {
        let hint = argument.name.as_ref().and_then(|n| match n.name.as_str() {
            "readOnly" => Some("readOnlyHint"),
            "destructive" => Some("destructiveHint"),
            "idempotent" => Some("idempotentHint"),
            "openWorld" => Some("openWorldHint"),
            _ => None,
        });
        match (hint, &argument.value.kind) {
            (Some(hint), ExprKind::Bool(value)) => {
                let key_span = argument.name.as_ref().map_or(argument.span, |n| n.span);
                hints.insert(hint, key_span, Spanned::leaf(*value, argument.value.span));
                count += 1;
            }
            _ => warn(
                source,
                argument.span,
                "HARN-SRV-018: @annotations takes only readOnly, destructive, idempotent and openWorld as named true/false; this argument is dropped".to_owned(),
                out,
            ),
        }
    }
    (count > 0).then_some(hints)
}

/// Whether a `@job` makes its function a job: at most one positional argument, and
/// that one a string literal (the job's name). Named arguments (`retry: {…}`) are
/// modifiers, checked by `harn-retry-attribute`; they never unmake the job.
pub fn is_valid_job(attribute: &Attribute) -> bool {
    let mut positional = attribute.args.iter().filter(|a| a.name.is_none());
    match (positional.next(), positional.next()) {
        (None, _) => true,
        (Some(only), None) => matches!(only.value.kind, ExprKind::Str(_)),
        (Some(_), Some(_)) => false,
    }
}

/// `{"taskSupport":"optional"}` for a valid `@job`, `@job("name")` or either with
/// named modifiers (`@job("scan", retry: {max: 3})`).
pub fn job(attributes: &[Attribute], source: &Arc<SourceFile>, out: &mut Vec<Diagnostic>) -> Option<Spanned> {
    let attribute = attributes.iter().find(|a| a.name.name == "job")?;
    if !is_valid_job(attribute) {
        let message = "@job takes at most one positional argument, the job's name as a string; it is ignored";
        warn(source, attribute.span, message.to_owned(), out);
        return None;
    }
    Some(Spanned::leaf(json!({ "taskSupport": "optional" }), attribute.span))
}
