//! `harn-stream-attribute`: a `@stream` that cannot take effect.

use super::super::{Declaration, Sink, route_marker};
use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The `@stream` marker of an exported function or pipeline, which makes a routed
    /// function's route stream its response (Harn hands the request to the embedder's
    /// stream provider instead of running the function). It is bare, and only means
    /// something on a function that answers an HTTP route: one with a valid
    /// `@route(...)` (see `harn-route-attribute`), or, without
    /// any `@route`, one named `handler` or `handler_<path>`. A `@stream` on anything
    /// else, a pipeline included, raises this warning; so does one with arguments
    /// (upstream's `HARN-SRV-010` and `HARN-SRV-009`, the route looked at first:
    /// burin-labs/harn, crates/harn-serve/src/exports.rs,
    /// `bare_route_marker_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn ignores such a marker, so the route runs its function, which for a
    /// streaming route is usually a stub, or the marker silently does nothing.
    ///
    /// ## Example
    /// ```harn
    /// @stream
    /// pub fn events() { … }
    /// ```
    pub static HARN_STREAM_ATTRIBUTE = {
        code: "harn-stream-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @stream has arguments, or no HTTP route to act on, and is ignored",
        help: "write a bare `@stream` on a function that has a `@route`",
    }
}

/// Whether the declaration streams.
pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, routed: bool, sink: &mut Sink<'_>) -> bool {
    route_marker(HARN_STREAM_ATTRIBUTE, "stream", declaration, routed, sink)
}
