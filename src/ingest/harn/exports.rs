//! The exports surface (spec/exports.md b, c): a module's public functions and pipelines
//! as catalog entries, built statically from their signatures and docs; their
//! attributes are read by `harn_attribute` (and those only `harn serve` reads are
//! checked by `serve`), their throws checked by `unrepresentable_throws`.

use serde_json::{Value, json};

use super::ast::{FnDecl, Ident, Item, Module, Param, PipelineDecl, Span, TypeExpr, TypeKind};
use super::docs;
use super::rules::harn_attribute;
use super::rules::harn_too_large::Exceeded;
use super::rules::unrepresentable_throws::unrepresentable_throws;
use super::serve;
use super::spanned::Spanned;
use super::types::Projector;
use crate::contract::{SCHEMA_VERSION, ToolGovernance};
use crate::diagnostics::Diagnostic;
use crate::source::SourceFile;

/// A callable that becomes a tool.
pub enum Callable<'m> {
    Function(&'m FnDecl),
    Pipeline(&'m PipelineDecl),
}

/// The types a callable's signature names, and the type parameters among them.
pub struct Signature<'m> {
    pub generics: &'m [Ident],
    pub params: &'m [Param],
    pub returns: Option<&'m TypeExpr>,
    pub throws: Option<&'m TypeExpr>,
}

impl<'m> Callable<'m> {
    fn name(&self) -> &'m str {
        match self {
            Callable::Function(f) => &f.name.name,
            Callable::Pipeline(p) => &p.name.name,
        }
    }

    pub fn signature(&self) -> Signature<'m> {
        match self {
            Callable::Function(f) => Signature {
                generics: &f.generics,
                params: &f.params,
                returns: f.returns.as_ref(),
                throws: f.throws.as_ref(),
            },
            Callable::Pipeline(p) => {
                Signature { generics: &[], params: &p.params, returns: p.returns.as_ref(), throws: p.throws.as_ref() }
            }
        }
    }
}

/// The callables a module exports (spec/exports.md c.1): every `pub fn`; then the `pub
/// pipeline`s, or every pipeline when the module has no `pub fn` (the legacy mode);
/// a function wins over a pipeline of the same name.
pub fn exported(module: &Module) -> Vec<Callable<'_>> {
    let functions: Vec<&FnDecl> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Fn(f) if f.public => Some(f),
            _ => None,
        })
        .collect();
    let legacy = functions.is_empty();
    let mut callables: Vec<Callable<'_>> = functions.iter().map(|f| Callable::Function(f)).collect();
    for item in &module.items {
        if let Item::Pipeline(p) = item {
            if (legacy || p.public) && !functions.iter().any(|f| f.name.name == p.name.name) {
                callables.push(Callable::Pipeline(p));
            }
        }
    }
    callables
}

/// Whether a module has a public function or pipeline (the `auto` surface's test).
pub fn has_exports(module: &Module) -> bool {
    module
        .items
        .iter()
        .any(|item| matches!(item, Item::Fn(f) if f.public) || matches!(item, Item::Pipeline(p) if p.public))
}

/// The catalog of a module's exports, with the spans its values came from.
pub fn catalog(
    module: &Module,
    projector: &Projector<'_, '_>,
    source: &std::sync::Arc<SourceFile>,
    out: &mut Vec<Diagnostic>,
) -> Spanned {
    let lines: Vec<&str> = source.text.lines().collect();
    let whole = Span::new(0, source.text.len());
    // Built in source order (so that diagnostics come in source order), then sorted
    // by name, as upstream lists them.
    let callables = exported(module);
    let mut tools: Vec<(&str, Spanned)> =
        callables.iter().map(|c| (c.name(), entry(c, projector, source, &lines, out))).collect();
    tools.sort_by(|a, b| a.0.cmp(b.0));
    let tools: Vec<Spanned> = tools.into_iter().map(|(_, tool)| tool).collect();

    let stem = source.path.file_stem().map(|s| s.to_string_lossy().into_owned()).filter(|s| !s.is_empty());
    let mut info = Spanned::Object(Vec::new(), whole);
    info.insert("name", whole, Spanned::leaf(stem.unwrap_or_else(|| "harn-exports".to_owned()), whole));
    if let Some(doc) = docs::module_doc(&lines) {
        info.insert("description", whole, Spanned::leaf(doc, whole));
    }
    let mut catalog = Spanned::Object(Vec::new(), whole);
    catalog.insert("schema_version", whole, Spanned::leaf(SCHEMA_VERSION, whole));
    catalog.insert("info", whole, info);
    catalog.insert("tools", whole, Spanned::Array(tools, whole));
    catalog
}

fn entry(
    callable: &Callable<'_>,
    projector: &Projector<'_, '_>,
    source: &std::sync::Arc<SourceFile>,
    lines: &[&str],
    out: &mut Vec<Diagnostic>,
) -> Spanned {
    let (name, attributes, span, kind) = match callable {
        Callable::Function(f) => (&f.name, &f.attributes, f.span, "function"),
        Callable::Pipeline(p) => (&p.name, &p.attributes, p.span, "pipeline"),
    };
    let Signature { params, returns, throws, .. } = callable.signature();
    let at = name.span;
    let declaration_line = source.lines().line_of(span.start);
    let doc = docs::declaration_doc(lines, declaration_line);
    let (title, description) = docs::title_and_description(doc.as_deref());

    let mut tool = Spanned::Object(Vec::new(), span);
    tool.insert("name", at, Spanned::leaf(name.name.clone(), at));
    if let Some(title) = title {
        tool.insert("title", at, Spanned::leaf(title, at));
    }
    if let Some(description) = description {
        tool.insert("description", at, Spanned::leaf(description, at));
    }
    let name_of = &name.name;
    tool.insert("inputSchema", at, input_schema(name_of, params, projector, at, source, out));
    if let Some(returns) = returns {
        let subject = || format!("the return type of `{name_of}`");
        let projected = projector.output(returns, OUTPUT_ABOVE).map(|schema| {
            schema.map(|schema| match callable {
                Callable::Function(_) => handler_envelope_data(schema),
                Callable::Pipeline(_) => schema,
            })
        });
        match projected {
            Ok(Some(schema)) => tool.insert("outputSchema", returns.span, Spanned::leaf(schema, returns.span)),
            Ok(None) => {}
            Err(exceeded) => too_large(&exceeded, projector, subject, returns.span, source, out),
        }
    }
    if let Some(throws) = throws {
        match projector.output(throws, OUTPUT_ABOVE) {
            Ok(Some(schema)) => tool.insert("errorSchema", throws.span, Spanned::leaf(schema, throws.span)),
            Err(exceeded) => {
                let subject = || format!("the throws type of `{name_of}`");
                too_large(&exceeded, projector, subject, throws.span, source, out);
            }
            Ok(None) => out.push(unrepresentable_throws(&name.name, throws.span, source)),
        }
    }
    super::rules::harn_malformed_limits::check(attributes, source, out);
    let function = matches!(callable, Callable::Function(_));
    serve::check(&serve::Declaration { name: &name.name, attributes, function }, source, out);
    if let Some(annotations) = harn_attribute::annotations(attributes, source, out) {
        tool.insert("annotations", at, annotations);
    }
    if let Some(job) = harn_attribute::job(attributes, source, out) {
        tool.insert("execution", job.span(), job);
    }
    let governance = serde_json::to_value(ToolGovernance::everyone()).expect("governance serialises");
    tool.insert("governance", at, Spanned::leaf(governance, at));
    tool.insert(
        "cli",
        at,
        Spanned::leaf(json!({ "command": [name.name], "aliases": [], "hidden": false, "arguments": {} }), at),
    );
    tool.insert("deferLoading", at, Spanned::leaf(false, at));
    let binding = json!({ "callableKind": kind });
    tool.insert("source", at, Spanned::leaf(json!({ "kind": "harn", "id": name.name, "binding": binding }), at));
    tool
}

/// Parameters that carry authority rather than input: a leading run of `Harness`
/// (or `Harness…` capability) typed parameters, or untyped ones named `harness`.
fn is_authority(param: &Param) -> bool {
    match &param.ty {
        Some(TypeExpr { kind: TypeKind::Named(name), .. }) => {
            name == "Harness"
                || name.strip_prefix("Harness").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
        }
        Some(_) => false,
        None => param.name.name == "harness",
    }
}

/// The levels of arrays and objects around an output or error schema in the catalog:
/// the catalog, `tools`, the tool.
const OUTPUT_ABOVE: usize = 3;

/// Around a parameter's schema: the catalog, `tools`, the tool, `inputSchema` and its
/// `properties`.
const PARAMETER_ABOVE: usize = 5;

/// Reports a bound crossed while projecting `subject`'s type, at `span` unless a
/// declaration of this module is where it was crossed. The size bound is reported
/// once: every projection after it stops at once.
fn too_large(
    exceeded: &Exceeded,
    projector: &Projector<'_, '_>,
    subject: impl FnOnce() -> String,
    span: Span,
    source: &std::sync::Arc<SourceFile>,
    out: &mut Vec<Diagnostic>,
) {
    if exceeded.limit != super::rules::harn_too_large::Limit::Size || projector.first_size_report() {
        out.push(exceeded.diagnostic(&subject(), span, source));
    }
}

/// `{"type":"object","properties":{…},"required":[…]}` over the public parameters; a
/// parameter whose type crosses a bound is reported and left as `{}`.
fn input_schema(
    function: &str,
    params: &[Param],
    projector: &Projector<'_, '_>,
    at: Span,
    source: &std::sync::Arc<SourceFile>,
    out: &mut Vec<Diagnostic>,
) -> Spanned {
    let public: Vec<&Param> = params.iter().skip_while(|p| is_authority(p)).collect();
    let span = public.first().map_or(at, |first| first.span.to(public[public.len() - 1].span));
    let mut properties = Spanned::Object(Vec::new(), span);
    let mut required = Vec::new();
    for param in &public {
        let schema = match &param.ty {
            None => json!({}),
            Some(ty) => projector.input(ty, PARAMETER_ABOVE).unwrap_or_else(|exceeded| {
                let subject = || format!("the type of `{function}`'s parameter `{}`", param.name.name);
                too_large(&exceeded, projector, subject, ty.span, source, out);
                json!({})
            }),
        };
        let value_span = param.ty.as_ref().map_or(param.span, |ty| ty.span);
        properties.insert(&param.name.name, param.name.span, Spanned::leaf(schema, value_span));
        if param.default.is_none() {
            required.push(Value::String(param.name.name.clone()));
        }
    }
    let mut schema = Spanned::Object(Vec::new(), span);
    schema.insert("type", span, Spanned::leaf("object", span));
    schema.insert("properties", span, properties);
    if !required.is_empty() {
        schema.insert("required", span, Spanned::leaf(required, span));
    }
    schema
}

/// A function returning the versioned handler envelope advertises its `data`.
fn handler_envelope_data(schema: Value) -> Value {
    let is_envelope = schema.pointer("/properties/schema/const") == Some(&json!("harn.agent_tool_handler_result.v2"))
        && schema.pointer("/properties/text") == Some(&json!({ "type": "string" }))
        && schema.pointer("/properties/outcome/enum") == Some(&json!(["ok", "error", "rejected"]))
        && ["schema", "outcome", "text", "data"]
            .iter()
            .all(|k| schema.get("required").and_then(Value::as_array).is_some_and(|r| r.iter().any(|v| v == k)));
    match schema.pointer("/properties/data") {
        Some(data) if is_envelope => data.clone(),
        _ => schema,
    }
}
