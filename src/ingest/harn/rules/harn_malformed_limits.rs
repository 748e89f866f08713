//! `@limits(...)` and `@budget(...)`: attributes that only feed `harn serve`, yet fail
//! the export when malformed (spec/exports.md c.2, c.6).

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::harn::ast::{Attribute, AttributeArg, ExprKind};
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The arguments of `@limits(...)` and `@budget(...)` on an exported function. The
    /// contract makes a malformed one a hard error but does not spell out the grammar;
    /// we accept what a cap can be and refuse the rest: at least one argument, every
    /// argument named, no name twice, and each value a number literal that is not
    /// negative or a string literal (for amounts written with a unit, like `"30s"`).
    ///
    /// ## Why
    /// `harn serve` enforces these caps; one it cannot read would run the tool without
    /// the limit its author declared, so upstream refuses the module rather than guess.
    ///
    /// ## Example
    /// ```harn
    /// @limits(timeout_ms: -1, 500)
    /// pub fn fetch(url: string) -> string { … }
    /// ```
    pub static MALFORMED_LIMITS = {
        code: "harn-malformed-limits",
        phase: Catalog,
        severity: Error,
        summary: "an exported function's @limits or @budget is malformed",
        help: "write each cap as `name: <non-negative number>` or `name: \"<amount with unit>\"`",
    }
}

/// Refuses each malformed `@limits` / `@budget` among `attributes`.
pub fn check(attributes: &[Attribute], source: &std::sync::Arc<SourceFile>, out: &mut Vec<Diagnostic>) {
    for attribute in attributes.iter().filter(|a| matches!(a.name.name.as_str(), "limits" | "budget")) {
        let which = &attribute.name.name;
        if attribute.args.is_empty() {
            let message = format!("malformed @{which}: it declares no cap");
            out.push(MALFORMED_LIMITS.diag(message).at(Origin::span(source, attribute.span.range())));
        }
        for (index, argument) in attribute.args.iter().enumerate() {
            if let Some(problem) = problem(argument, &attribute.args[..index]) {
                let message = format!("malformed @{which}: {problem}");
                out.push(MALFORMED_LIMITS.diag(message).at(Origin::span(source, argument.span.range())));
            }
        }
    }
}

/// What is wrong with one argument, given the arguments before it.
fn problem(argument: &AttributeArg, earlier: &[AttributeArg]) -> Option<String> {
    let Some(name) = &argument.name else {
        return Some("every cap needs a name (`name: value`)".to_owned());
    };
    if earlier.iter().any(|e| e.name.as_ref().is_some_and(|n| n.name == name.name)) {
        return Some(format!("`{}` is given twice", name.name));
    }
    match &argument.value.kind {
        ExprKind::Int(n) if *n < 0 => Some(format!("`{}` is negative", name.name)),
        ExprKind::Float(n) if *n < 0.0 => Some(format!("`{}` is negative", name.name)),
        ExprKind::Float(n) if !n.is_finite() => Some(format!("`{}` is not a finite number", name.name)),
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Str(_) => None,
        _ => Some(format!("`{}` must be a number or a string literal", name.name)),
    }
}
