//! `harn-scopes-attribute`: a scope of `@scopes` that is not a string literal.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::ExprKind;

declare_rule! {
    /// ## What it checks
    /// The arguments of every `@scopes(...)` of an exported function or pipeline: the
    /// scopes a caller's credential must carry, each a string literal
    /// (`@scopes("widgets:read", "PUT widgets:write")`), positional or named. Each
    /// argument that is not a string literal raises this warning (upstream's
    /// `HARN-SRV-003`, burin-labs/harn, crates/harn-serve/src/exports.rs,
    /// `scopes_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn drops a scope it cannot read and enforces the others, so the tool is
    /// served less restricted than its author wrote, and nothing else says so.
    ///
    /// ## Example
    /// ```harn
    /// @scopes("widgets:read", admin_scope)
    /// pub fn purge() { … }
    /// ```
    pub static HARN_SCOPES_ATTRIBUTE = {
        code: "harn-scopes-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "a scope of an exported function's @scopes is not a string literal, and is dropped",
        help: "write each scope as a string literal, such as `@scopes(\"widgets:read\")`",
    }
}

pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    for attribute in declaration.all("scopes") {
        for argument in attribute.args.iter().filter(|a| !matches!(a.value.kind, ExprKind::Str(_))) {
            let message = format!(
                "`@scopes` on `{}` has a scope that is not a string literal; it is dropped, leaving the tool less \
                 restricted than written",
                declaration.name
            );
            sink.warn(HARN_SCOPES_ATTRIBUTE, argument.span, message);
        }
    }
}
