//! The script surface (DECISIONS.md 2): the registry a module's `main` publishes,
//! evaluated statically from data. Nothing runs: literals, lists, dicts, `let`
//! constants, calls of local functions without parameters, and
//! `tool_registry_from(specs, options)` are understood; handler closures are dropped;
//! anything else is refused with its position and the way to declare it as data.
//! The value is held to the bounds of [`super::bounds`] (depth and size), counted as
//! it is built.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use super::ast::{CallArg, Expr, ExprKind, FnDecl, Item, Module, Span, Stmt};
use super::bounds::{Budget, Exceeded, Limit, Within};
use super::spanned::Spanned;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::MAX_DEPTH;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That the registry a module's `main` publishes (through `harness.tools.mcp_tools(X)`
    /// or another `….tools.…(X)` call) can be read without running the module: `X` must
    /// be built from literals, lists, dicts, `let` constants, calls of local functions
    /// without parameters, and `tool_registry_from(specs, options)`. Handler closures
    /// (`handler: { args -> … }`) are recognised and dropped.
    ///
    /// ## Why
    /// harn-catalog never executes Harn. A registry assembled by a loop, a call into an
    /// import or a string built at run time can only be known by running it.
    ///
    /// ## Example
    /// ```harn
    /// pub fn main(harness: Harness) {
    ///   for spec in load_specs() { … }
    /// }
    /// ```
    pub static SCRIPT_SURFACE = {
        code: "script-surface",
        phase: Catalog,
        severity: Error,
        summary: "the registry main publishes cannot be read without running the module",
        help: "declare the registry as data: literal dicts and lists, `let` constants, local functions without parameters, and tool_registry_from(specs, options)",
    }
}

/// How deep local function calls may nest (a guard against recursion).
const MAX_CALL_DEPTH: usize = 64;

/// The result of evaluating an expression.
enum Evaluated {
    Data(Spanned),
    Registry(Spanned),
}

struct Evaluator<'m> {
    functions: HashMap<&'m str, &'m FnDecl>,
    depth: usize,
    /// The nodes the registry may still build.
    budget: Budget,
}

/// A refusal: why the registry cannot be read, and where; `bound` when it is one of
/// the bounds of `harn-too-large` that was crossed rather than a construct refused.
struct Refusal {
    span: Span,
    message: String,
    bound: Option<Exceeded>,
}

impl Refusal {
    fn new(span: Span, message: String) -> Self {
        Refusal { span, message, bound: None }
    }

    fn exceeded(span: Span, exceeded: Exceeded) -> Self {
        Refusal { span, message: String::new(), bound: Some(exceeded) }
    }

    /// Names the constant being evaluated, unless one nested deeper was named.
    fn within(mut self, within: impl FnOnce() -> Within) -> Self {
        self.bound = self.bound.map(|exceeded| exceeded.within(within));
        self
    }
}

/// Refuses `what`, a construct that cannot be evaluated statically.
fn refuse<T>(span: Span, what: impl std::fmt::Display) -> Result<T, Refusal> {
    Err(Refusal::new(span, format!("{what} cannot be evaluated without running the module")))
}

/// The registry declaration `main` publishes, as a registry declaration value.
pub fn registry(module: &Module, source: &Arc<SourceFile>) -> Result<Spanned, Diagnostic> {
    let functions: HashMap<&str, &FnDecl> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Fn(f) => Some((f.name.name.as_str(), f)),
            _ => None,
        })
        .collect();
    let whole = Span::new(0, source.text.len());
    let diagnostic = |refusal: Refusal| match refusal.bound {
        Some(exceeded) => exceeded.diagnostic("the registry `main` publishes", refusal.span, source),
        None => SCRIPT_SURFACE.diag(refusal.message).at(Origin::span(source, refusal.span.range())),
    };
    let Some(main) = functions.get("main").copied() else {
        let message =
            "the script surface reads the registry `main` publishes, and this module has no `main`".to_owned();
        return Err(diagnostic(Refusal::new(whole, message)));
    };
    let mut scope = constants(module);
    let receiver = main.params.first().map_or("harness", |p| p.name.name.as_str()).to_owned();
    let mut evaluator = Evaluator { functions, depth: 0, budget: Budget::default() };
    let statements = &main.body.statements;
    let Some((published, argument)) =
        statements.iter().enumerate().find_map(|(i, s)| publishing_call(s, &receiver).map(|a| (i, a)))
    else {
        let message = format!("`main` publishes no registry: there is no `{receiver}.tools.mcp_tools(registry)` call");
        return Err(diagnostic(Refusal::new(main.name.span, message)));
    };
    // What `main` does before it publishes may shape the registry: only constants are
    // understood. What it does after is never looked at.
    for statement in &statements[..published] {
        match statement {
            Stmt::Let { name, value, .. } => {
                scope.insert(&name.name, value);
            }
            Stmt::Other { what, span } => {
                return Err(diagnostic(Refusal::new(
                    *span,
                    format!(
                        "`{what}` in `main`, before the registry is published, cannot be evaluated without running the module"
                    ),
                )));
            }
            other => {
                return Err(diagnostic(Refusal::new(
                    other.span(),
                    "a statement of `main` before the registry is published cannot be evaluated without running the module".to_owned(),
                )));
            }
        }
    }
    // The registry is the document's top level: nothing is around it.
    match evaluator.evaluate(argument, &scope, 0).map_err(diagnostic)? {
        Evaluated::Registry(registry) => Ok(registry),
        Evaluated::Data(data) => Err(diagnostic(Refusal::new(
            data.span(),
            "the published value is not a registry built by tool_registry_from(specs, options)".to_owned(),
        ))),
    }
}

/// The argument of `<receiver>.tools.<publish>(X)` when `statement` is such a call.
fn publishing_call<'s>(statement: &'s Stmt, receiver: &str) -> Option<&'s Expr> {
    let expr = match statement {
        Stmt::Expr(expr) => expr,
        Stmt::Let { value, .. } => value,
        Stmt::Return { value: Some(value), .. } => value,
        _ => return None,
    };
    let ExprKind::Call { callee, args } = &expr.kind else { return None };
    let ExprKind::Member { object, .. } = &callee.kind else { return None };
    let ExprKind::Member { object: root, name: tools } = &object.kind else { return None };
    let is_receiver = matches!(&root.kind, ExprKind::Ident(name) if name == receiver || name == "harness");
    (is_receiver && tools.name == "tools" && args.len() == 1).then(|| &args[0].value)
}

/// The names in scope: each constant's expression, evaluated where it is used.
type Scope<'m> = HashMap<&'m str, &'m Expr>;

/// The module's top-level `let` constants.
fn constants(module: &Module) -> Scope<'_> {
    let mut scope = Scope::new();
    for item in &module.items {
        if let Item::Statement(Stmt::Let { name, value, .. }) = item {
            scope.insert(&name.name, value);
        }
    }
    scope
}

impl<'m> Evaluator<'m> {
    /// The value of `expr`, with `above` levels of lists and dicts around it. It
    /// recurses as deep as the data nests (constants included), so it grows the stack
    /// when little is left, and it stops past [`MAX_DEPTH`] levels or when the value
    /// has more nodes than the budget holds.
    fn evaluate(&mut self, expr: &'m Expr, scope: &Scope<'m>, above: usize) -> Result<Evaluated, Refusal> {
        super::stack::grow(|| {
            let span = expr.span;
            if matches!(expr.kind, ExprKind::List(_) | ExprKind::Dict(_)) && above >= MAX_DEPTH {
                return Err(Refusal::exceeded(span, Exceeded::new(Limit::Depth(None))));
            }
            self.budget.spend(1).map_err(|exceeded| Refusal::exceeded(span, exceeded))?;
            let data = |value: Value| Ok(Evaluated::Data(Spanned::leaf(value, span)));
            match &expr.kind {
                ExprKind::Str(text) => data(Value::String(text.clone())),
                ExprKind::Int(n) => data(Value::from(*n)),
                ExprKind::Float(f) => match serde_json::Number::from_f64(*f) {
                    Some(n) => data(Value::Number(n)),
                    None => refuse(span, "a number with no JSON form"),
                },
                ExprKind::Bool(b) => data(Value::Bool(*b)),
                ExprKind::Nil => data(Value::Null),
                ExprKind::Interpolated => refuse(span, "a string built at run time (`${…}` interpolation)"),
                ExprKind::Ident(name) => match scope.get(name.as_str()) {
                    Some(&value) => self.nested(span, |this| this.evaluate(value, scope, above)).map_err(|refusal| {
                        refusal.within(|| Within { kind: "constant", name: name.clone(), declared: None })
                    }),
                    None => refuse(span, format!("`{name}`, which is not a constant of this module,")),
                },
                ExprKind::List(items) => {
                    let mut values = Vec::with_capacity(items.len());
                    for item in items {
                        values.push(self.data(item, scope, above + 1)?);
                    }
                    Ok(Evaluated::Data(Spanned::Array(values, span)))
                }
                ExprKind::Dict(entries) => {
                    let mut members = Vec::with_capacity(entries.len());
                    for entry in entries {
                        // Handlers are code, not data: dropped, as the catalog never holds them.
                        if entry.key.name == "handler"
                            && matches!(
                                entry.value.kind,
                                ExprKind::Closure | ExprKind::Ident(_) | ExprKind::Member { .. }
                            )
                        {
                            continue;
                        }
                        let value = self.data(&entry.value, scope, above + 1)?;
                        members.retain(|(k, _, _): &(String, Span, Spanned)| *k != entry.key.name);
                        members.push((entry.key.name.clone(), entry.key.span, value));
                    }
                    Ok(Evaluated::Data(Spanned::Object(members, span)))
                }
                ExprKind::Call { callee, args } => self.call(callee, args, span, scope, above),
                ExprKind::Closure => refuse(span, "a closure outside a spec's `handler`"),
                ExprKind::Member { .. } => refuse(span, "a member access"),
                ExprKind::Index { .. } => refuse(span, "an index expression"),
                ExprKind::Other { what } => refuse(span, what),
            }
        })
    }

    /// Evaluates to plain data (a registry is not data).
    fn data(&mut self, expr: &'m Expr, scope: &Scope<'m>, above: usize) -> Result<Spanned, Refusal> {
        match self.evaluate(expr, scope, above)? {
            Evaluated::Data(value) => Ok(value),
            Evaluated::Registry(_) => refuse(expr.span, "a registry used as a value"),
        }
    }

    fn nested<T>(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Result<T, Refusal>) -> Result<T, Refusal> {
        if self.depth >= MAX_CALL_DEPTH {
            return refuse(span, "a chain of constants and calls that does not end");
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    fn call(
        &mut self,
        callee: &'m Expr,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Result<Evaluated, Refusal> {
        let ExprKind::Ident(name) = &callee.kind else {
            return refuse(span, "a call into an object or an import");
        };
        if name == "tool_registry_from" {
            return self.tool_registry_from(args, span, scope, above);
        }
        let Some(function) = self.functions.get(name.as_str()).copied() else {
            return refuse(span, format!("a call of `{name}`, which is not a local function of this module,"));
        };
        if !function.params.is_empty() || !args.is_empty() {
            return refuse(span, format!("a call of `{name}`, which takes parameters,"));
        }
        self.nested(span, |this| {
            let mut local = scope.clone();
            for statement in &function.body.statements {
                match statement {
                    Stmt::Let { name, value, .. } => {
                        local.insert(&name.name, value);
                    }
                    Stmt::Return { value: Some(value), .. } => return this.evaluate(value, &local, above),
                    Stmt::Expr(value)
                        if std::ptr::eq(statement, function.body.statements.last().unwrap_or(statement)) =>
                    {
                        return this.evaluate(value, &local, above);
                    }
                    other => {
                        let what = match other {
                            Stmt::Other { what, .. } => format!("`{what}` in `{}`", function.name.name),
                            _ => format!("a statement of `{}`", function.name.name),
                        };
                        return refuse(other.span(), what);
                    }
                }
            }
            refuse(function.name.span, format!("`{}`, which returns nothing,", function.name.name))
        })
    }

    /// `tool_registry_from(specs, options)`: a registry declaration with `tools` and
    /// the options' `info`, `components` and `cli`.
    fn tool_registry_from(
        &mut self,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Result<Evaluated, Refusal> {
        let find = |position: usize, name: &str| {
            args.iter()
                .find(|a| a.name.as_ref().is_some_and(|n| n.name == name))
                .or_else(|| args.iter().filter(|a| a.name.is_none()).nth(position))
        };
        let Some(specs) = find(0, "specs") else {
            return refuse(span, "tool_registry_from without its list of specs");
        };
        let mut registry = Spanned::Object(Vec::new(), span);
        // The specs are the registry's `tools`, one level down; the options' members
        // become the registry's own.
        let specs = self.data(&specs.value, scope, above + 1)?;
        registry.insert("tools", specs.span(), specs);
        if let Some(options) = find(1, "options") {
            match self.data(&options.value, scope, above)? {
                Spanned::Object(members, _) => {
                    for (key, key_span, value) in members {
                        registry.insert(&key, key_span, value);
                    }
                }
                Spanned::Leaf(Value::Null, _) => {}
                other => return refuse(other.span(), "tool_registry_from options that are not a dict"),
            }
        }
        Ok(Evaluated::Registry(registry))
    }
}
