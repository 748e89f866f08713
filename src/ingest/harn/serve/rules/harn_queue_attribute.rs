//! `harn-queue-attribute`: a `@queue` that Harn ignores.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::ExprKind;

declare_rule! {
    /// ## What it checks
    /// The `@queue(...)` of an exported function or pipeline, which sends a job's runs
    /// through a worker queue: exactly one queue name, a string literal that is not
    /// blank (`@queue("reindex")`), on a declaration that also has `@job`. One without
    /// `@job` raises this warning (upstream's `HARN-SRV-008`), and, beside a valid
    /// `@job`, so does one with no argument, more than one, or one that is not a
    /// non-blank string literal (upstream's `HARN-SRV-006`). Beside a malformed `@job`
    /// (see `harn-attribute`) it is not read at all, as upstream does not read it
    /// (burin-labs/harn, crates/harn-serve/src/exports.rs, `job_from_attributes` and
    /// `queue_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn drops the queue, so the job runs inline instead of on the workers meant
    /// for it, and nothing else says so.
    ///
    /// ## Example
    /// ```harn
    /// @job("reindex")
    /// @queue("")
    /// pub fn reindex() { … }
    /// ```
    pub static HARN_QUEUE_ATTRIBUTE = {
        code: "harn-queue-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @queue has no @job, or is not one non-blank queue name",
        help: "write `@queue(\"<name>\")` beside `@job`",
    }
}

pub(in crate::ingest::harn::serve) fn without_job(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    super::super::without_job(HARN_QUEUE_ATTRIBUTE, "queue", declaration, sink);
}

/// The first `@queue` of a job.
pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    let Some(attribute) = declaration.first("queue") else {
        return;
    };
    let name = declaration.name;
    let message = match attribute.args.as_slice() {
        [only] => match &only.value.kind {
            ExprKind::Str(queue) if !queue.trim().is_empty() => return,
            _ => format!(
                "`@queue` on `{name}` needs a queue name that is a non-blank string literal; the queue is dropped"
            ),
        },
        args => {
            format!("`@queue` on `{name}` has {} arguments, but takes one queue name; the queue is dropped", args.len())
        }
    };
    sink.warn(HARN_QUEUE_ATTRIBUTE, attribute.span, message);
}
