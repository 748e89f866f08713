//! The script surface (spec/decisions.md 2): the registry a module's entry publishes,
//! evaluated statically from data. Nothing runs. The entry is picked as upstream's
//! compiler picks it; its statements are followed in a straight line up to the last
//! publishing call, bindings (`let`, `var`, `const`) and reassignments included; the
//! values are evaluated by [`eval`], the registry builtins by [`builtins`]. Anything
//! that needs the module to run is refused with its position and the way to declare
//! the registry as data. The value is held to the bounds of [`super::rules::harn_too_large`] (depth
//! and size), counted as it is built.

mod builtins;
mod eval;

use std::sync::Arc;

use super::ast::{Expr, ExprKind, Item, Module, Param, Span, Stmt};
use super::rules::script_surface::SCRIPT_SURFACE;
use super::spanned::Spanned;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::rules::inexact_number;
use crate::source::SourceFile;
use eval::{Binding, Evaluator, Flow, Refusal, Scope};

/// The code upstream runs for a module, as its compiler picks it (burin-labs/harn,
/// crates/harn-vm/src/compiler/state.rs, `Compiler::compile`, e45362cf), with `fn
/// main` between the pipelines and the top-level statements (spec/decisions.md 2).
struct Entry<'m> {
    /// How messages name it: "pipeline `main`", "`main`", "the top-level statements".
    name: String,
    /// Where a refusal about the whole entry points.
    span: Span,
    params: &'m [Param],
    statements: Vec<&'m Stmt>,
    /// Whether the module's top-level bindings are evaluated before it (they are its
    /// own statements otherwise).
    module_bindings_first: bool,
}

fn entry(module: &Module) -> Option<Entry<'_>> {
    let pipelines = || {
        module.items.iter().filter_map(|item| match item {
            Item::Pipeline(p) => Some(p),
            _ => None,
        })
    };
    if let Some(p) = pipelines().find(|p| p.name.name == "default").or_else(|| pipelines().next()) {
        return Some(Entry {
            name: format!("pipeline `{}`", p.name.name),
            span: p.name.span,
            params: &p.params,
            statements: p.body.statements.iter().collect(),
            module_bindings_first: true,
        });
    }
    let main = module.items.iter().find_map(|item| match item {
        Item::Fn(f) if f.name.name == "main" => Some(f),
        _ => None,
    });
    if let Some(f) = main {
        return Some(Entry {
            name: "`main`".to_owned(),
            span: f.name.span,
            params: &f.params,
            statements: f.body.statements.iter().collect(),
            module_bindings_first: true,
        });
    }
    let statements: Vec<&Stmt> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Statement(s) => Some(s),
            _ => None,
        })
        .collect();
    let span = statements.first().map_or_else(Span::default, |s| s.span());
    (!statements.is_empty()).then(|| Entry {
        name: "the top-level statements".to_owned(),
        span,
        params: &[],
        statements,
        module_bindings_first: false,
    })
}

/// The registry declaration the module's entry publishes, as a registry declaration
/// value; a number literal in it that the catalog cannot keep is warned about in `out`.
pub fn registry(module: &Module, source: &Arc<SourceFile>, out: &mut Vec<Diagnostic>) -> Result<Spanned, Diagnostic> {
    let diagnostic = |refusal: Refusal| refusal.diagnostic(source);
    let whole = Span::new(0, source.text.len());
    let Some(entry) = entry(module) else {
        let message = "the script surface reads the registry a module's entry publishes (`pipeline default`, the first pipeline, `fn main` or the top-level statements), and this module has none".to_owned();
        return Err(diagnostic(Refusal::new(whole, message)));
    };
    let receiver = entry.params.first().map(|p| p.name.name.as_str());
    let publishing: Vec<Option<&Expr>> = entry.statements.iter().map(|s| publishing_call(s, receiver)).collect();
    let Some(last) = publishing.iter().rposition(Option::is_some) else {
        let message = format!(
            "nothing is published from {}: there is no `mcp_tools(registry)` or `harness.tools.mcp_tools(registry)` call among its statements",
            entry.name
        );
        return Err(diagnostic(Refusal::new(entry.span, message)));
    };
    let mut evaluator = Evaluator::new(module);
    let mut scope = if entry.module_bindings_first { evaluator.module_scope() } else { Scope::default() };
    for param in entry.params {
        scope = scope.bind(&param.name.name, Binding::Runtime, false);
    }
    // The statements are followed in a straight line up to the last publication,
    // which is the registry upstream serves; what comes after is never looked at.
    let context = format!("{}, before the registry is published,", entry.name);
    let mut published = None;
    for (statement, publishes) in entry.statements.iter().zip(&publishing).take(last + 1) {
        let result = match publishes {
            Some(argument) => {
                // Only the last registry published reaches the catalog, and its numbers.
                evaluator.floats.clear();
                evaluator.published(argument, &scope).map(|registry| {
                    published = Some(registry);
                    if let Stmt::Let { name, mutable, .. } = statement {
                        // What the publishing call returns is `nil`.
                        scope = scope.bind(&name.name, Binding::Runtime, *mutable);
                    }
                })
            }
            None => evaluator.statement(statement, &mut scope, &context, false).and_then(|flow| match flow {
                Flow::Next => Ok(()),
                Flow::Return(_) => Err(Refusal::new(
                    statement.span(),
                    format!("a `return` in {context} leaves the registry unpublished"),
                )),
            }),
        };
        result.map_err(diagnostic)?;
    }
    // A literal evaluated more than once (in a function called twice) is warned about once.
    let mut floats = std::mem::take(&mut evaluator.floats);
    floats.sort_by_key(|(span, _)| (span.start, span.end));
    floats.dedup_by_key(|(span, _)| *span);
    out.extend(floats.into_iter().filter_map(|(span, value)| inexact_number::in_harn(source, span.range(), value)));
    Ok(published.expect("the last publishing statement was evaluated"))
}

/// The argument of a publishing call when `statement` is one (or binds or returns
/// one): the builtin `mcp_tools(X)` or its older name `mcp_serve(X)`
/// (burin-labs/harn, crates/harn-vm/src/mcp_server/register.rs, e45362cf), or
/// `<receiver>.tools.<publish>(X)`, the receiver being the entry's first parameter or
/// `harness`.
fn publishing_call<'s>(statement: &'s Stmt, receiver: Option<&str>) -> Option<&'s Expr> {
    let expr = match statement {
        Stmt::Expr(expr) => expr,
        Stmt::Let { value, .. } => value,
        Stmt::Return { value: Some(value), .. } => value,
        _ => return None,
    };
    let ExprKind::Call { callee, args } = &expr.kind else { return None };
    if args.len() != 1 || args[0].name.is_some() {
        return None;
    }
    let publishes = match &callee.kind {
        ExprKind::Ident(name) => name == "mcp_tools" || name == "mcp_serve",
        ExprKind::Member { object, .. } => match &object.kind {
            ExprKind::Member { object: root, name: tools } => {
                let is_receiver =
                    matches!(&root.kind, ExprKind::Ident(name) if Some(name.as_str()) == receiver || name == "harness");
                is_receiver && tools.name == "tools"
            }
            _ => false,
        },
        _ => false,
    };
    publishes.then(|| &args[0].value)
}

impl Refusal {
    fn diagnostic(self, source: &Arc<SourceFile>) -> Diagnostic {
        match (self.bound, self.rule) {
            (Some(exceeded), _) => exceeded.diagnostic("the registry the module publishes", self.span, source),
            (None, Some((rule, help))) => {
                rule.diag(self.message).help(help).at(Origin::span(source, self.span.range()))
            }
            (None, None) => SCRIPT_SURFACE.diag(self.message).at(Origin::span(source, self.span.range())),
        }
    }
}
