//! `harn-policy-attribute`: an argument of `@policy` that Harn does not understand.

use super::super::{Declaration, Sink};
use crate::declare_rule;
use crate::ingest::harn::ast::ExprKind;

declare_rule! {
    /// ## What it checks
    /// The arguments of every `@policy(...)` of an exported function or pipeline. Harn
    /// understands three, each named and a string literal of space-separated names:
    /// `kinds` (the principal kinds allowed to call), `matches` (the labels its runtime
    /// guard compares) and `methods` (the method guards it declares). An argument
    /// without a name, with another name, or whose value is not a string literal
    /// raises this warning (upstream's `HARN-SRV-017`, burin-labs/harn,
    /// crates/harn-serve/src/exports.rs, `policy_from_attributes`, 7521500d).
    ///
    /// Upstream says nothing of a `@policy()` without arguments, nor of an empty
    /// string (`kinds: ""`): both declare no policy, and neither is warned about here.
    ///
    /// ## Why
    /// Harn drops the argument, so the route's policy is incomplete: a `kinds` it
    /// cannot read restricts no caller.
    ///
    /// ## Example
    /// ```harn
    /// @policy(roles: "operator")
    /// pub fn replay() { … }
    /// ```
    pub static HARN_POLICY_ATTRIBUTE = {
        code: "harn-policy-attribute",
        phase: Catalog,
        severity: Warning,
        summary: "an argument of an exported function's @policy is not kinds, matches or methods as a string, and is dropped",
        help: "`@policy` takes `kinds:`, `matches:` and `methods:`, each a string literal of space-separated names",
    }
}

pub(in crate::ingest::harn::serve) fn check(declaration: &Declaration<'_>, sink: &mut Sink<'_>) {
    let function = declaration.name;
    for attribute in declaration.all("policy") {
        for argument in &attribute.args {
            let problem = match &argument.name {
                None => "has an argument without a name".to_owned(),
                Some(key) if !matches!(key.name.as_str(), "kinds" | "matches" | "methods") => {
                    format!("has an unknown argument `{}`", key.name)
                }
                Some(key) if !matches!(argument.value.kind, ExprKind::Str(_)) => {
                    format!("has a `{}` that is not a string literal", key.name)
                }
                Some(_) => continue,
            };
            let message =
                format!("`@policy` on `{function}` {problem}; it is dropped, leaving the tool's policy incomplete");
            sink.warn(HARN_POLICY_ATTRIBUTE, argument.span, message);
        }
    }
}
