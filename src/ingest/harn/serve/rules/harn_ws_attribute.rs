//! `harn-ws-attribute`: a `@ws` that cannot take effect.

use super::super::{Declaration, Sink, route_marker};
use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The `@ws` marker of an exported function or pipeline, which makes a routed
    /// function's route accept a WebSocket upgrade and hand the socket to the
    /// embedder. Like `@stream` it is bare and needs an HTTP route (a valid `@route`,
    /// or a function named `handler` or `handler_<path>`), so one without a route or
    /// with arguments raises this warning (upstream's `HARN-SRV-015` and
    /// `HARN-SRV-014`). So does a `@ws` beside a `@raw` that takes effect: a WebSocket
    /// handshake has no body for `@raw` to buffer, and Harn keeps `@raw` (upstream's
    /// `HARN-SRV-016`). `@ws` with `@stream` is no contradiction: that route upgrades
    /// a handshake and streams to every other request (burin-labs/harn,
    /// crates/harn-serve/src/exports.rs, `ws_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn ignores the marker, so the route never upgrades to a WebSocket, and
    /// nothing else says so.
    ///
    /// ## Example
    /// ```harn
    /// @ws("v2")
    /// @route("GET", "/socket")
    /// pub fn socket() { … }
    /// ```
    pub static HARN_WS_ATTRIBUTE = {
        code: "harn-ws-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @ws has arguments, no HTTP route, or a @raw beside it, and is ignored",
        help: "write a bare `@ws` on a function that has a `@route`; pair it with `@stream`, not `@raw`",
    }
}

pub(in crate::ingest::harn::serve) fn check(
    declaration: &Declaration<'_>,
    routed: bool,
    raw: bool,
    sink: &mut Sink<'_>,
) {
    let ws = route_marker(HARN_WS_ATTRIBUTE, "ws", declaration, routed, sink);
    if ws && raw {
        if let Some(attribute) = declaration.first("ws") {
            let message = format!(
                "`@ws` on `{}` contradicts `@raw` (a WebSocket handshake has no request body for `@raw` to \
                 buffer); `@ws` is ignored",
                declaration.name
            );
            sink.warn(HARN_WS_ATTRIBUTE, attribute.span, message);
        }
    }
}
