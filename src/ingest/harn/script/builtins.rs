//! Harn's registry builtins, evaluated into a registry declaration: `tool_registry`,
//! `tool_define`, `tool_select` and `tool_registry_from`. Each tool becomes a spec of
//! the declaration's `tools`, which the registry normaliser then reads as it reads a
//! declaration file's (spec/contract.md a.2–a.5), so every rule of a spec is written once.
//!
//! Upstream's behaviour relied on: burin-labs/harn, crates/harn-vm/src/stdlib/tools.rs
//! (`tool_registry`, `tool_define`, `tool_select`), e45362cf.

use serde_json::Value;

use super::super::ast::{CallArg, Expr, Span};
use super::super::spanned::Spanned;
use super::eval::{Evaluated, Evaluator, Refusal, Scope};
use crate::ingest::registry::rules::executor;

impl<'m> Evaluator<'m> {
    /// The value of a call of the registry builtin `name`, or `None` when `name` is
    /// not one.
    pub(super) fn builtin(
        &mut self,
        name: &str,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Option<Result<Evaluated, Refusal>> {
        let result = match name {
            "tool_registry" => self.tool_registry(args, span, scope, above),
            "tool_define" => self.tool_define(args, span, scope, above),
            "tool_select" => self.tool_select(args, span, scope, above),
            "tool_registry_from" => self.tool_registry_from(args, span, scope, above),
            _ => return None,
        };
        Some(result)
    }

    /// `tool_registry(info, components, cli)`, each optional: a registry without
    /// tools. Upstream's later versions take the three options (spec/contract.md a.5);
    /// they are checked as a declaration's are.
    fn tool_registry(
        &mut self,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Result<Evaluated, Refusal> {
        let given = arguments("tool_registry", args, &["info", "components", "cli"], span, 0)?;
        let mut registry = Spanned::Object(Vec::new(), span);
        registry.insert("tools", span, Spanned::Array(Vec::new(), span));
        for (key, arg) in ["info", "components", "cli"].into_iter().zip(given) {
            let Some(arg) = arg else { continue };
            let value = self.data(arg, scope, above + 1)?;
            if !matches!(value, Spanned::Leaf(Value::Null, _)) {
                registry.insert(key, arg.span, value);
            }
        }
        Ok(Evaluated::Registry(registry))
    }

    /// `tool_define(registry, name, description, config)`: the registry with one more
    /// spec, `{name, description, …config}`, config keys after the two (upstream copies
    /// them over the entry it builds, so a config's own `description` wins). A config
    /// that is not a dict is kept as the spec's `config`, which the normaliser refuses.
    /// The registry keeps an earlier spec of the same name: the normaliser replaces it,
    /// as `tool_define` does, and warns.
    fn tool_define(
        &mut self,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Result<Evaluated, Refusal> {
        let given = arguments("tool_define", args, &["registry", "name", "description", "config"], span, 4)?;
        let (registry, name, description, config) = (
            given_at(&given, 0, span)?,
            given_at(&given, 1, span)?,
            given_at(&given, 2, span)?,
            given_at(&given, 3, span)?,
        );
        let mut registry = self.registry(registry, "tool_define", scope, above)?;
        // The spec sits in the registry's `tools`, two levels down.
        let name = self.data(name, scope, above + 2)?;
        let description = self.data(description, scope, above + 2)?;
        let config = self.data(config, scope, above + 2)?;
        let mut spec = vec![("name".to_owned(), name.span(), name.clone())];
        spec.push(("description".to_owned(), description.span(), description));
        let present = |key: &str| config.get(key).map(|v| v.clone().into_parts().0);
        let (has_handler, executor) = (present("handler").is_some_and(|v| !v.is_null()), present("executor"));
        match config {
            Spanned::Object(members, config_span) => {
                let tool = match &name {
                    Spanned::Leaf(Value::String(tool), _) => tool.clone(),
                    other => other.clone().into_parts().0.to_string(),
                };
                if let Some(problem) = executor::missing_handler(&tool, has_handler, executor.as_ref()) {
                    return Err(Refusal {
                        span: config_span,
                        message: format!("tool {tool:?}{problem}"),
                        bound: None,
                        rule: Some((executor::EXECUTOR, executor::MISSING_HANDLER_HELP)),
                    });
                }
                for (key, key_span, value) in members {
                    // `tool_define` keeps a config's own `config` key as one more
                    // unknown key, which the catalog leaves out; in a spec, it would
                    // be read as the spec's config.
                    if key == "config" {
                        continue;
                    }
                    spec.retain(|(k, _, _)| *k != key);
                    spec.push((key, key_span, value));
                }
            }
            other => spec.push(("config".to_owned(), other.span(), other)),
        }
        tools(&mut registry, span)?.push(Spanned::Object(spec, span));
        Ok(Evaluated::Registry(registry))
    }

    /// `tool_select(registry, names)`: the registry with only the tools named, in the
    /// registry's order.
    fn tool_select(
        &mut self,
        args: &'m [CallArg],
        span: Span,
        scope: &Scope<'m>,
        above: usize,
    ) -> Result<Evaluated, Refusal> {
        let given = arguments("tool_select", args, &["registry", "names"], span, 2)?;
        let (registry, names) = (given_at(&given, 0, span)?, given_at(&given, 1, span)?);
        let mut registry = self.registry(registry, "tool_select", scope, above)?;
        let names = match self.data(names, scope, above)? {
            Spanned::Array(names, _) => names
                .into_iter()
                .map(|name| match name.into_parts().0 {
                    Value::String(name) => name,
                    other => other.to_string(),
                })
                .collect::<Vec<_>>(),
            other => {
                return Err(Refusal::new(
                    other.span(),
                    "tool_select's second argument must be a list of tool names".to_owned(),
                ));
            }
        };
        tools(&mut registry, span)?.retain(|spec| spec_name(spec).is_some_and(|name| names.iter().any(|n| n == name)));
        Ok(Evaluated::Registry(registry))
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
        let given = arguments("tool_registry_from", args, &["specs", "options"], span, 1)?;
        let (specs, options) = (given_at(&given, 0, span)?, given[1]);
        let mut registry = Spanned::Object(Vec::new(), span);
        // The specs are the registry's `tools`, one level down; the options' members
        // become the registry's own.
        let specs = self.data(specs, scope, above + 1)?;
        registry.insert("tools", specs.span(), specs);
        if let Some(options) = options {
            match self.data(options, scope, above)? {
                Spanned::Object(members, _) => {
                    for (key, key_span, value) in members {
                        registry.insert(&key, key_span, value);
                    }
                }
                Spanned::Leaf(Value::Null, _) => {}
                other => {
                    return Err(Refusal::new(
                        other.span(),
                        "tool_registry_from's options must be a dict (of `info`, `components` and `cli`)".to_owned(),
                    ));
                }
            }
        }
        Ok(Evaluated::Registry(registry))
    }

    /// The registry `builtin` takes as its first argument.
    fn registry(&mut self, arg: &'m Expr, builtin: &str, scope: &Scope<'m>, above: usize) -> Result<Spanned, Refusal> {
        match self.evaluate(arg, scope, above)? {
            Evaluated::Registry(registry) => Ok(registry),
            Evaluated::Data(_) => Err(Refusal::new(
                arg.span,
                format!("{builtin}'s first argument must be a registry, made by tool_registry()"),
            )),
        }
    }
}

/// The arguments of a call of `builtin`, in the order of `params`, given by position
/// or by name; the first `required` must be given.
fn arguments<'m>(
    builtin: &str,
    args: &'m [CallArg],
    params: &[&str],
    span: Span,
    required: usize,
) -> Result<Vec<Option<&'m Expr>>, Refusal> {
    let mut given = vec![None; params.len()];
    let mut next = 0;
    for arg in args {
        let slot = match &arg.name {
            Some(name) => params.iter().position(|p| *p == name.name),
            None => {
                while next < params.len() && given[next].is_some() {
                    next += 1;
                }
                (next < params.len()).then_some(next)
            }
        };
        match slot {
            Some(slot) if given[slot].is_none() => given[slot] = Some(&arg.value),
            _ => return Err(Refusal::new(arg.span, format!("{builtin} takes no such argument"))),
        }
    }
    if given[..required].iter().any(Option::is_none) {
        let names = params[..required].join(", ");
        return Err(Refusal::new(span, format!("{builtin} takes {required} arguments: {builtin}({names})")));
    }
    Ok(given)
}

/// A registry's `tools`, refused (at `span`, the call that adds to them or selects
/// among them) when they are not a list, as a registry from tool_registry_from may hold.
fn tools(registry: &mut Spanned, span: Span) -> Result<&mut Vec<Spanned>, Refusal> {
    match registry.get_mut("tools") {
        Some(Spanned::Array(tools, _)) => Ok(tools),
        _ => Err(Refusal::new(span, "a registry whose `tools` are not a list of specs".to_owned())),
    }
}

/// The `index`th argument, which [`arguments`] made sure was given.
fn given_at<'m>(given: &[Option<&'m Expr>], index: usize, span: Span) -> Result<&'m Expr, Refusal> {
    given
        .get(index)
        .copied()
        .flatten()
        .ok_or_else(|| Refusal::new(span, "a call without an argument it needs".to_owned()))
}

/// The name a spec gives its tool: its own `name`, else its config's.
fn spec_name(spec: &Spanned) -> Option<&str> {
    match spec.get("name").or_else(|| spec.get("config").and_then(|config| config.get("name"))) {
        Some(Spanned::Leaf(Value::String(name), _)) => Some(name),
        _ => None,
    }
}
