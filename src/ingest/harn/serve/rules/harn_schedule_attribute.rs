//! `harn-schedule-attribute`: a `@schedule` that Harn ignores.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::ExprKind;

declare_rule! {
    /// ## What it checks
    /// The `@schedule(...)` of an exported function or pipeline, which runs a job on a
    /// cron schedule: a cron expression and an optional time zone, both string
    /// literals (`@schedule("0 3 * * *", "UTC")`), on a declaration that also has
    /// `@job`. One without `@job` raises this warning (upstream's `HARN-SRV-008`), and,
    /// beside a valid `@job`, so does one with an argument that is not a string
    /// literal, or with no argument or more than two (upstream's `HARN-SRV-005`).
    /// Beside a malformed `@job` (see `harn-attribute`) it is not read at all, as
    /// upstream does not read it (burin-labs/harn, crates/harn-serve/src/exports.rs,
    /// `job_from_attributes` and `schedule_from_attributes`, 7521500d).
    ///
    /// ## Why
    /// Harn drops the schedule, so the job never runs on its own, and nothing else
    /// says so.
    ///
    /// ## Example
    /// ```harn
    /// @schedule("0 3 * * *")
    /// pub fn nightly() { … }
    /// ```
    pub static HARN_SCHEDULE_ATTRIBUTE = {
        code: "harn-schedule-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @schedule has no @job, or is not a cron expression and an optional time zone",
        help: "write `@schedule(\"<cron>\")` or `@schedule(\"<cron>\", \"<time zone>\")` beside `@job`",
    }
}

pub(in crate::ingest::harn::serve) fn without_job(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    super::super::without_job(HARN_SCHEDULE_ATTRIBUTE, "schedule", declaration, sink);
}

/// The first `@schedule` of a job.
pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    let Some(attribute) = declaration.first("schedule") else {
        return;
    };
    let name = declaration.name;
    let message = if attribute.args.iter().any(|a| !matches!(a.value.kind, ExprKind::Str(_))) {
        format!("`@schedule` on `{name}` has an argument that is not a string literal; the schedule is dropped")
    } else {
        match attribute.args.len() {
            1 | 2 => return,
            count => format!(
                "`@schedule` on `{name}` has {count} arguments, but takes a cron expression and an optional time \
                 zone; the schedule is dropped"
            ),
        }
    };
    sink.warn(HARN_SCHEDULE_ATTRIBUTE, attribute.span, message);
}
