//! Values and statements of the script surface, evaluated statically: literals,
//! lists, dicts, names bound by `let`, `var` and `const` (evaluated where they are
//! used, in the scope they were bound in, so that a reassignment sees the value
//! before it), straight-line statements, and calls of local functions with their
//! parameters bound to the arguments. Handler closures are recognised and replaced
//! by a marker that the registry normaliser drops; anything else is refused.

use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::super::ast::{CallArg, Expr, ExprKind, FnDecl, Item, Module, Span, Stmt};
use super::super::rules::harn_too_large::{Budget, Exceeded, Limit, Within};
use super::super::spanned::Spanned;
use crate::diagnostics::Rule;
use crate::ingest::MAX_DEPTH;

/// How deep names and local function calls may nest while one value is evaluated:
/// deep enough for a registry defined by thousands of reassignments, shallow enough
/// to stop a function that calls itself long before memory runs out.
const MAX_NESTING: usize = 10_000;

/// The result of evaluating an expression.
pub(super) enum Evaluated {
    Data(Spanned),
    /// A registry declaration: `tools`, and the options `info`, `components`, `cli`.
    Registry(Spanned),
}

/// A refusal: why the registry cannot be read, and where; `bound` when it is one of
/// the bounds of `harn-too-large` that was crossed rather than a construct refused;
/// `rule` (with its help) when another rule than `script-surface` refuses it.
pub(super) struct Refusal {
    pub span: Span,
    pub message: String,
    pub bound: Option<Exceeded>,
    pub rule: Option<(&'static Rule, &'static str)>,
}

impl Refusal {
    pub fn new(span: Span, message: String) -> Self {
        Refusal { span, message, bound: None, rule: None }
    }

    fn exceeded(span: Span, exceeded: Exceeded) -> Self {
        Refusal { span, message: String::new(), bound: Some(exceeded), rule: None }
    }

    /// Names the constant being evaluated, unless one nested deeper was named.
    fn within(mut self, within: impl FnOnce() -> Within) -> Self {
        self.bound = self.bound.map(|exceeded| exceeded.within(within));
        self
    }
}

/// Refuses `what`, a construct that cannot be evaluated statically.
pub(super) fn refuse<T>(span: Span, what: impl std::fmt::Display) -> Result<T, Refusal> {
    Err(Refusal::new(span, format!("{what} cannot be evaluated without running the module")))
}

/// What a name is bound to.
#[derive(Clone)]
pub(super) enum Binding<'m> {
    /// An expression, evaluated where the name is used, in the scope it was bound in
    /// (`None`: the module's top-level bindings).
    Value { expr: &'m Expr, scope: Option<Scope<'m>> },
    /// A value known only at run time (a parameter of the entry, what a publishing
    /// call returns).
    Runtime,
}

/// The names in scope, innermost first: a persistent list, so that a binding keeps
/// the scope it was made in while later statements extend it.
#[derive(Clone, Default)]
pub(super) struct Scope<'m>(Option<Rc<Frame<'m>>>);

struct Frame<'m> {
    name: &'m str,
    binding: Binding<'m>,
    mutable: bool,
    parent: Scope<'m>,
}

impl Drop for Frame<'_> {
    /// Frees a long chain of scopes one frame at a time rather than recursively.
    fn drop(&mut self) {
        let mut next = self.parent.0.take();
        while let Some(frame) = next {
            next = match Rc::try_unwrap(frame) {
                Ok(mut frame) => frame.parent.0.take(),
                Err(_) => None,
            };
        }
    }
}

impl<'m> Scope<'m> {
    /// This scope with `name` bound in front.
    pub fn bind(&self, name: &'m str, binding: Binding<'m>, mutable: bool) -> Scope<'m> {
        Scope(Some(Rc::new(Frame { name, binding, mutable, parent: self.clone() })))
    }

    /// The innermost binding of `name`, and whether it may be reassigned.
    fn get(&self, name: &str) -> Option<(&Binding<'m>, bool)> {
        let mut frame = self.0.as_deref();
        while let Some(f) = frame {
            if f.name == name {
                return Some((&f.binding, f.mutable));
            }
            frame = f.parent.0.as_deref();
        }
        None
    }
}

/// What a statement leaves to the code that follows it.
pub(super) enum Flow<'m> {
    Next,
    /// The function returns this value (evaluated in the scope at that point), or
    /// nothing.
    Return(Option<&'m Expr>),
}

pub(super) struct Evaluator<'m> {
    functions: HashMap<&'m str, &'m FnDecl>,
    /// The module's top-level `let`, `var` and `const` bindings, which upstream
    /// evaluates before the entry and every function sees.
    module: Scope<'m>,
    depth: usize,
    /// The nodes the registry may still build.
    pub budget: Budget,
    /// The float literals evaluated, with their values, for `inexact-number` (a
    /// literal evaluated more than once is here more than once).
    pub floats: Vec<(Span, f64)>,
}

impl<'m> Evaluator<'m> {
    pub fn new(module: &'m Module) -> Self {
        let mut functions = HashMap::new();
        let mut scope = Scope::default();
        for item in &module.items {
            match item {
                Item::Fn(f) => {
                    functions.insert(f.name.name.as_str(), f);
                }
                Item::Statement(Stmt::Let { name, value, mutable, .. }) => {
                    scope = scope.bind(&name.name, Binding::Value { expr: value, scope: None }, *mutable);
                }
                _ => {}
            }
        }
        Evaluator { functions, module: scope, depth: 0, budget: Budget::default(), floats: Vec::new() }
    }

    pub fn module_scope(&self) -> Scope<'m> {
        self.module.clone()
    }

    /// The registry a publishing call publishes.
    pub fn published(&mut self, argument: &'m Expr, scope: &Scope<'m>) -> Result<Spanned, Refusal> {
        // The registry is the document's top level: nothing is around it.
        match self.evaluate(argument, scope, 0)? {
            Evaluated::Registry(registry) => Ok(registry),
            Evaluated::Data(data) => Err(Refusal::new(
                data.span(),
                "the published value is not a registry: build it with tool_registry() and tool_define(…), or with tool_registry_from(specs, options)".to_owned(),
            )),
        }
    }

    /// Follows one statement of `context` (the entry or a local function, as messages
    /// name it); `last` when it is the last statement of a function, whose value an
    /// expression statement then is.
    pub fn statement(
        &mut self,
        statement: &'m Stmt,
        scope: &mut Scope<'m>,
        context: &str,
        last: bool,
    ) -> Result<Flow<'m>, Refusal> {
        match statement {
            Stmt::Let { name, value, mutable, .. } => {
                let binding = Binding::Value { expr: value, scope: Some(scope.clone()) };
                *scope = scope.bind(&name.name, binding, *mutable);
                Ok(Flow::Next)
            }
            Stmt::Assign { target, value, .. } => match scope.get(&target.name) {
                Some((_, true)) => {
                    let binding = Binding::Value { expr: value, scope: Some(scope.clone()) };
                    *scope = scope.bind(&target.name, binding, true);
                    Ok(Flow::Next)
                }
                Some((_, false)) => Err(Refusal::new(
                    target.span,
                    format!(
                        "`{}` is bound by `let` or `const`, so it cannot be reassigned (bind it with `var`)",
                        target.name
                    ),
                )),
                None => Err(Refusal::new(target.span, format!("`{}` is assigned but never bound", target.name))),
            },
            Stmt::Return { value, .. } => Ok(Flow::Return(value.as_ref())),
            Stmt::Expr(value) if last => Ok(Flow::Return(Some(value))),
            Stmt::Expr(value) => {
                let what = match &value.kind {
                    ExprKind::Call { callee, .. } => match &callee.kind {
                        ExprKind::Ident(name) => format!("a call of `{name}` whose value is not kept"),
                        _ => "a call whose value is not kept".to_owned(),
                    },
                    _ => "an expression whose value is not kept".to_owned(),
                };
                refuse(value.span, format!("{what} in {context}"))
            }
            Stmt::Other { what, span } => refuse(*span, format!("`{what}` in {context}")),
        }
    }

    /// The value of `expr`, with `above` levels of lists and dicts around it. It
    /// recurses as deep as the data nests (bindings included), so it grows the stack
    /// when little is left, and it stops past [`MAX_DEPTH`] levels or when the value
    /// has more nodes than the budget holds.
    pub fn evaluate(&mut self, expr: &'m Expr, scope: &Scope<'m>, above: usize) -> Result<Evaluated, Refusal> {
        crate::stack::grow(|| {
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
                    Some(n) => {
                        self.floats.push((span, *f));
                        data(Value::Number(n))
                    }
                    None => refuse(span, "a number with no JSON form"),
                },
                ExprKind::Bool(b) => data(Value::Bool(*b)),
                ExprKind::Nil => data(Value::Null),
                ExprKind::Interpolated => refuse(span, "a string built at run time (`${…}` interpolation)"),
                ExprKind::Ident(name) => match scope.get(name) {
                    Some((Binding::Value { expr: value, scope: bound }, _)) => {
                        let bound = bound.clone().unwrap_or_else(|| self.module.clone());
                        self.nested(span, |this| this.evaluate(value, &bound, above)).map_err(|refusal| {
                            refusal.within(|| Within { kind: "constant", name: name.clone(), declared: None })
                        })
                    }
                    Some((Binding::Runtime, _)) => refuse(span, format!("`{name}`, a value known only at run time,")),
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
                        // Handlers are code, not data: a marker stands for one, so that
                        // the executor rules see it, and the catalog never holds it.
                        let value = if entry.key.name == "handler"
                            && matches!(
                                entry.value.kind,
                                ExprKind::Closure | ExprKind::Ident(_) | ExprKind::Member { .. }
                            ) {
                            Spanned::leaf(true, entry.value.span)
                        } else {
                            self.data(&entry.value, scope, above + 1)?
                        };
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
    pub fn data(&mut self, expr: &'m Expr, scope: &Scope<'m>, above: usize) -> Result<Spanned, Refusal> {
        match self.evaluate(expr, scope, above)? {
            Evaluated::Data(value) => Ok(value),
            Evaluated::Registry(_) => refuse(expr.span, "a registry used as a value"),
        }
    }

    fn nested<T>(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Result<T, Refusal>) -> Result<T, Refusal> {
        if self.depth >= MAX_NESTING {
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
        if let Some(result) = self.builtin(name, args, span, scope, above) {
            return result;
        }
        if name == "mcp_tools" || name == "mcp_serve" {
            return refuse(span, format!("`{name}(…)` where it is not a statement of the entry,"));
        }
        let Some(function) = self.functions.get(name.as_str()).copied() else {
            return refuse(span, format!("a call of `{name}`, which is not a local function of this module,"));
        };
        let local = self.arguments(function, args, span, scope)?;
        self.nested(span, |this| this.body(function, local, above))
    }

    /// The module's scope with `function`'s parameters bound to the arguments of a
    /// call, each evaluated where it is used, in the caller's scope.
    fn arguments(
        &self,
        function: &'m FnDecl,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
    ) -> Result<Scope<'m>, Refusal> {
        let name = &function.name.name;
        let mut local = self.module.clone();
        let mut positional = args.iter().filter(|a| a.name.is_none());
        for param in &function.params {
            if param.rest {
                return refuse(span, format!("a call of `{name}`, which takes a rest parameter,"));
            }
            let arg = args
                .iter()
                .find(|a| a.name.as_ref().is_some_and(|n| n.name == param.name.name))
                .or_else(|| positional.next());
            let Some(arg) = arg else {
                let what = match param.default {
                    Some(_) => format!("a call of `{name}` that leaves `{}` to its default", param.name.name),
                    None => format!("a call of `{name}` without its argument `{}`", param.name.name),
                };
                return Err(Refusal::new(
                    span,
                    format!("{what}: pass every argument of a function the registry is built by"),
                ));
            };
            let binding = Binding::Value { expr: &arg.value, scope: Some(scope.clone()) };
            local = local.bind(&param.name.name, binding, false);
        }
        let unknown = args
            .iter()
            .find(|a| a.name.as_ref().is_some_and(|n| !function.params.iter().any(|p| p.name.name == n.name)));
        if let Some(arg) = positional.next().or(unknown) {
            return Err(Refusal::new(arg.span, format!("`{name}` takes no such argument")));
        }
        Ok(local)
    }

    /// What `function`'s body returns, followed in a straight line in `local`.
    fn body(&mut self, function: &'m FnDecl, mut local: Scope<'m>, above: usize) -> Result<Evaluated, Refusal> {
        let name = &function.name.name;
        let context = format!("`{name}`");
        let statements = &function.body.statements;
        for (i, statement) in statements.iter().enumerate() {
            match self.statement(statement, &mut local, &context, i + 1 == statements.len())? {
                Flow::Next => {}
                Flow::Return(Some(value)) => return self.evaluate(value, &local, above),
                Flow::Return(None) => break,
            }
        }
        refuse(function.name.span, format!("`{name}`, which returns nothing,"))
    }
}
