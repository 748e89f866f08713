//! The attributes of an exported function or pipeline that only feed `harn serve`
//! (`@route`, `@scopes`, `@policy`, `@stream`, `@raw`, `@ws`, and `@job`'s modifiers
//! `@schedule`, `@queue`, `@retry`): none of them reaches the catalog, but each
//! malformed or ineffective one is reported with a warning of its attribute's own
//! code, as upstream reports them when it builds its export catalog
//! (burin-labs/harn, crates/harn-serve/src/exports.rs, 7521500d, and the codes
//! `HARN-SRV-001` to `HARN-SRV-017` of crates/harn-serve/src/exports/diagnostics.rs,
//! 75389ee4; the snapshot e45362cf predates them).
//!
//! Which attribute is read follows upstream: the first `@route`, `@stream`, `@raw`,
//! `@ws`, `@job`, `@schedule`, `@queue` and `@retry` of a declaration, every `@scopes`
//! and `@policy`. Each warning points at the attribute, or at the argument at fault.

mod rules;

use std::sync::Arc;

use super::ast::{Attribute, Span};
use super::rules::harn_attribute;
use crate::diagnostics::{Diagnostic, Origin, Rule};
use crate::source::SourceFile;

/// The declaration whose attributes are checked.
pub struct Declaration<'a> {
    pub name: &'a str,
    pub attributes: &'a [Attribute],
    /// A `pub fn` (which may answer an HTTP route), not a pipeline (which never does).
    pub function: bool,
}

impl Declaration<'_> {
    /// The first attribute named `name`.
    fn first(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name.name == name)
    }

    /// Every attribute named `name`.
    fn all<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Attribute> + 's {
        self.attributes.iter().filter(move |a| a.name.name == name)
    }
}

/// Where the warnings go.
struct Sink<'a> {
    source: &'a Arc<SourceFile>,
    out: &'a mut Vec<Diagnostic>,
}

impl Sink<'_> {
    fn warn(&mut self, rule: &'static Rule, span: Span, message: String) {
        self.out.push(rule.diag(message).at(Origin::span(self.source, span.range())));
    }
}

/// Warns about each malformed or ineffective serve-only attribute of `declaration`.
pub fn check(declaration: &Declaration<'_>, source: &Arc<SourceFile>, out: &mut Vec<Diagnostic>) {
    let mut sink = Sink { source, out };
    rules::harn_scopes_attribute::check(declaration, &mut sink);
    rules::harn_policy_attribute::check(declaration, &mut sink);
    let routed = declaration.function && rules::harn_route_attribute::check(declaration, &mut sink);
    let stream = rules::harn_stream_attribute::check(declaration, routed, &mut sink);
    let raw = rules::harn_raw_attribute::check(declaration, routed, stream, &mut sink);
    rules::harn_ws_attribute::check(declaration, routed, raw, &mut sink);
    match declaration.first("job") {
        // A malformed `@job` is reported by `harn-attribute`; its modifiers are not
        // read at all, as upstream does not read them.
        Some(job) if !harn_attribute::is_valid_job(job) => {}
        Some(job) => {
            rules::harn_schedule_attribute::check(declaration, &mut sink);
            rules::harn_queue_attribute::check(declaration, &mut sink);
            rules::harn_retry_attribute::check(declaration, job, &mut sink);
        }
        None => {
            rules::harn_schedule_attribute::without_job(declaration, &mut sink);
            rules::harn_queue_attribute::without_job(declaration, &mut sink);
            rules::harn_retry_attribute::without_job(declaration, &mut sink);
        }
    }
}

/// A `@job` modifier on a declaration without `@job`.
fn without_job(rule: &'static Rule, modifier: &str, declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    if let Some(attribute) = declaration.first(modifier) {
        let message = format!("`@{modifier}` on `{}` has no effect without `@job`; it is ignored", declaration.name);
        sink.warn(rule, attribute.span, message);
    }
}

/// A bare marker of a routed function (`@stream`, `@raw`, `@ws`): whether it takes
/// effect. One on a declaration without a route, or with arguments, is ignored with
/// a warning (the route is looked at first, as upstream does).
fn route_marker(
    rule: &'static Rule,
    marker: &str,
    declaration: &Declaration<'_>,
    routed: bool,
    sink: &mut Sink<'_>,
) -> bool {
    let Some(attribute) = declaration.first(marker) else {
        return false;
    };
    let name = declaration.name;
    if !routed {
        let message = if declaration.function {
            format!(
                "`@{marker}` on `{name}` has no effect without an HTTP route (a valid `@route(…)`, or a function \
                 named `handler` or `handler_…`); it is ignored"
            )
        } else {
            format!("`@{marker}` on pipeline `{name}` has no effect: a pipeline has no HTTP route; it is ignored")
        };
        sink.warn(rule, attribute.span, message);
        return false;
    }
    if !attribute.args.is_empty() {
        let count = attribute.args.len();
        let arguments = if count == 1 { "argument" } else { "arguments" };
        let message = format!("`@{marker}` on `{name}` takes no arguments but has {count} {arguments}; it is ignored");
        sink.warn(rule, attribute.span, message);
        return false;
    }
    true
}
