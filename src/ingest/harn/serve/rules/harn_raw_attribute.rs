//! `harn-raw-attribute`: a `@raw` that cannot take effect.

use super::super::{Declaration, Sink, route_marker};
use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The `@raw` marker of an exported function or pipeline, which makes a routed
    /// function's route hand its request body, as raw bytes, to the embedder (for
    /// uploads). Like `@stream` it is bare and needs an HTTP route (a valid `@route`,
    /// or a function named `handler` or `handler_<path>`), so one without a route or
    /// with arguments raises this warning (upstream's `HARN-SRV-012` and
    /// `HARN-SRV-011`). So does a `@raw` beside a `@stream` that takes effect: the two
    /// contradict (`@stream` never reads the body, `@raw` buffers it), and Harn keeps
    /// `@stream` (upstream's `HARN-SRV-013`; burin-labs/harn,
    /// crates/harn-serve/src/exports.rs, `raw_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn ignores the marker, so the route does not receive its body as the author
    /// meant, and nothing else says so.
    ///
    /// ## Example
    /// ```harn
    /// @stream
    /// @raw
    /// @route("POST", "/upload")
    /// pub fn upload() { … }
    /// ```
    pub static HARN_RAW_ATTRIBUTE = {
        code: "harn-raw-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @raw has arguments, no HTTP route, or a @stream beside it, and is ignored",
        help: "write a bare `@raw` on a function that has a `@route`, without `@stream`",
    }
}

/// Whether the declaration's route takes its body raw.
pub(in crate::ingest::harn::serve) fn check(
    declaration: &Declaration<'_>,
    routed: bool,
    stream: bool,
    sink: &mut Sink<'_>,
) -> bool {
    let raw = route_marker(HARN_RAW_ATTRIBUTE, "raw", declaration, routed, sink);
    if raw && stream {
        if let Some(attribute) = declaration.first("raw") {
            let message = format!(
                "`@raw` on `{}` contradicts `@stream` (a stream never reads the request body, `@raw` buffers it); \
                 `@raw` is ignored",
                declaration.name
            );
            sink.warn(HARN_RAW_ATTRIBUTE, attribute.span, message);
        }
        return false;
    }
    raw
}
