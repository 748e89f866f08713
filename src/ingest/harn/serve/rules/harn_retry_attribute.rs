//! `harn-retry-attribute`: a retry policy Harn cannot read in full.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::{Attribute, Expr, ExprKind, Span};

declare_rule! {
    /// ## What it checks
    /// The retry policy of a job: the named arguments of the first `@retry(...)` of an
    /// exported function or pipeline or, without one, the dict of `@job`'s `retry:`
    /// (`@job("scan", retry: {max: 3, backoff: "exponential"})`). Harn reads `max`
    /// (or `max_attempts`), a non-negative integer literal, and `backoff` (or
    /// `policy`), a string literal naming `svix`, `linear` or `exponential` (any case,
    /// blank meaning `svix`). This warning is raised for each unknown key, each
    /// positional argument of `@retry`, a `max` that is not a non-negative integer
    /// literal, a `backoff` that is not a string literal or names another strategy,
    /// and a `retry:` that is not a dict literal (upstream's `HARN-SRV-007`); and for
    /// a `@retry` on a declaration without `@job` (upstream's `HARN-SRV-008`). Beside
    /// a malformed `@job` (see `harn-attribute`) neither is read, as upstream does not
    /// read them (burin-labs/harn, crates/harn-serve/src/exports.rs,
    /// `retry_from_attributes` and `retry_from_entries`, 7521500d).
    ///
    /// ## Why
    /// Harn drops what it cannot read and falls back to its defaults (the
    /// dispatcher's number of attempts, the `svix` schedule), so the job retries
    /// differently from what its author wrote, and nothing else says so.
    ///
    /// ## Example
    /// ```harn
    /// @job("scan")
    /// @retry(max: 3, backoff: "fibonacci")
    /// pub fn scan() { … }
    /// ```
    pub static HARN_RETRY_ATTRIBUTE = {
        code: "harn-retry-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an exported function's @retry (or @job's retry:) has no @job, or a key or value Harn does not read",
        help: "write `@retry(max: <count>, backoff: \"svix\" | \"linear\" | \"exponential\")` beside `@job`",
    }
}

pub(in crate::ingest::harn::serve) fn without_job(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    super::super::without_job(HARN_RETRY_ATTRIBUTE, "retry", declaration, sink);
}

/// The retry policy of a job whose `@job` is `job`.
pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, job: &Attribute, sink: &mut Sink<'_>) {
    let function = declaration.name;
    if let Some(attribute) = declaration.first("retry") {
        for argument in &attribute.args {
            match &argument.name {
                Some(key) => field("@retry", function, &key.name, &argument.value, argument.span, sink),
                None => {
                    let message = format!("`@retry` on `{function}` has an argument without a name; it is ignored");
                    sink.warn(HARN_RETRY_ATTRIBUTE, argument.span, message);
                }
            }
        }
        return;
    }
    let Some(argument) = job.args.iter().find(|a| a.name.as_ref().is_some_and(|n| n.name == "retry")) else {
        return;
    };
    match &argument.value.kind {
        ExprKind::Dict(entries) => {
            for entry in entries {
                field("@job(retry: …)", function, &entry.key.name, &entry.value, entry.span, sink);
            }
        }
        _ => {
            let message =
                format!("`@job`'s `retry:` on `{function}` is not a dict literal; the retry policy is dropped");
            sink.warn(HARN_RETRY_ATTRIBUTE, argument.span, message);
        }
    }
}

/// One field of a retry policy, written in `context`.
fn field(context: &str, function: &str, key: &str, value: &Expr, span: Span, sink: &mut Sink<'_>) {
    let at = format!("`{context}` on `{function}`");
    let message = match key {
        "max" | "max_attempts" => match value.kind {
            ExprKind::Int(count) if count >= 0 => return,
            _ => format!("{at}: `{key}` is not a non-negative integer literal; the default number of attempts is used"),
        },
        "backoff" | "policy" => match &value.kind {
            ExprKind::Str(strategy) => match strategy.trim().to_ascii_lowercase().as_str() {
                "" | "svix" | "linear" | "exponential" => return,
                _ => format!(
                    "{at}: `{key}` names the unknown strategy \"{strategy}\" (not svix, linear or exponential); \
                     svix is used"
                ),
            },
            _ => format!("{at}: `{key}` is not a string literal; the svix strategy is used"),
        },
        _ => format!("{at} has an unknown field `{key}` (not max, max_attempts, backoff or policy); it is ignored"),
    };
    sink.warn(HARN_RETRY_ATTRIBUTE, span, message);
}
