//! `harn-route-attribute`: a `@route` that does not say where its function answers.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::ExprKind;

declare_rule! {
    /// ## What it checks
    /// The `@route(...)` of an exported function, which tells `harn serve site` the
    /// HTTP method and path the function answers. It takes a path (`@route("/health")`,
    /// answering `GET`) or a method and a path (`@route("POST", "/users/{id}")`), each
    /// a string literal. This warning is raised for a `@route` with no argument, with
    /// more than two, or with one that is not a string literal (upstream's
    /// `HARN-SRV-002` and `HARN-SRV-001`).
    ///
    /// Only an exported function's first `@route` is read; a pipeline never answers a
    /// route, and upstream does not look at a `@route` on one (burin-labs/harn,
    /// crates/harn-serve/src/exports.rs, `explicit_route_attribute`, 7521500d).
    ///
    /// ## Why
    /// The route is not part of the catalog, but Harn leaves a function whose
    /// `@route` it cannot read unmounted (rather than guess a path, or fall back to the
    /// `handler_…` naming convention), so the tool would silently answer no HTTP
    /// request. Its `@stream`, `@raw` or `@ws` then has no route either.
    ///
    /// ## Example
    /// ```harn
    /// @route("GET", users_path)
    /// pub fn list_users() -> list<string> { … }
    /// ```
    pub static HARN_ROUTE_ATTRIBUTE = {
        code: "harn-route-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @route does not give a path, or a method and a path, as string literals",
        help: "write `@route(\"/path\")` or `@route(\"METHOD\", \"/path\")` with string literals",
    }
}

/// Whether the function answers an HTTP route: a readable `@route`, or, without any
/// `@route`, a name of the `handler` / `handler_<path>` convention.
pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, sink: &mut Sink<'_>) -> bool {
    let name = declaration.name;
    let Some(attribute) = declaration.first("route") else {
        return name == "handler" || name.strip_prefix("handler_").is_some_and(|path| !path.is_empty());
    };
    let message = if attribute.args.iter().any(|a| !matches!(a.value.kind, ExprKind::Str(_))) {
        format!(
            "`@route` on `{name}` has an argument that is not a string literal, so its method and path are \
             unknown; the function is not mounted"
        )
    } else {
        match attribute.args.len() {
            1 | 2 => return true,
            0 => format!("`@route` on `{name}` names no path; the function is not mounted"),
            count => format!(
                "`@route` on `{name}` has {count} arguments, but takes a path or a method and a path; the function \
                 is not mounted"
            ),
        }
    };
    sink.warn(HARN_ROUTE_ATTRIBUTE, attribute.span, message);
    false
}
