//! Harn types to Draft 2020-12 JSON Schema (spec/exports.md b): alias expansion, the
//! leaf lowering (P0), the input path, and the output/throws path with nominal
//! struct and enum resolution and the structural walk. `None` means "no schema".
//!
//! The walks recurse as deep as a type nests once its aliases are expanded, which
//! the module decides: each recursive walk grows the stack when little is left, and
//! expansion and projection stop at the bounds of `bounds` (depth and size,
//! counted as nodes are built).

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::{Map, Value, json};

use super::ast::{EnumDecl, Item, Module, ShapeField, StructDecl, TypeAlias, TypeExpr, TypeKind};
use super::rules::harn_too_large::{Budget, Exceeded, Limit, Within};
use crate::ingest::MAX_DEPTH;

/// How deep nominal resolution may go before a type projects as `{}`.
const MAX_NOMINAL_DEPTH: usize = 128;

/// The type declarations a module's signatures can name: imported ones first, local
/// ones last, a later declaration of a name replacing an earlier one.
#[derive(Default)]
pub struct Declarations<'a> {
    by_name: HashMap<&'a str, Declaration<'a>>,
}

/// One type declaration.
#[derive(Clone, Copy)]
pub enum Declaration<'a> {
    Alias(&'a TypeAlias),
    Struct(&'a StructDecl),
    Enum(&'a EnumDecl),
}

impl<'a> Declarations<'a> {
    /// Adds `declaration` under `name`, replacing what was declared under it.
    pub fn add(&mut self, name: &'a str, declaration: Declaration<'a>) {
        self.by_name.insert(name, declaration);
    }

    pub fn declares(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    fn alias(&self, name: &str) -> Option<&'a TypeAlias> {
        match self.by_name.get(name) {
            Some(Declaration::Alias(alias)) => Some(alias),
            _ => None,
        }
    }

    fn is_nominal(&self, name: &str) -> bool {
        matches!(self.by_name.get(name), Some(Declaration::Struct(_) | Declaration::Enum(_)))
    }
}

/// Names that are not declarations: primitives and built-in constructors.
pub fn is_builtin(name: &str) -> bool {
    matches!(
        name,
        "string"
            | "int"
            | "float"
            | "bool"
            | "nil"
            | "list"
            | "dict"
            | "set"
            | "bytes"
            | "closure"
            | "any"
            | "unknown"
            | "never"
            | "duration"
            | "Result"
            | "Option"
    )
}

/// The projector of one module's types, with the budget of nodes they may build.
pub struct Projector<'d, 'a> {
    declarations: &'d Declarations<'a>,
    /// The module at hand: its declarations are the ones an error can point at.
    module: &'a Module,
    budget: Budget,
}

/// What a projection gives: a schema or none, or the bound it crossed.
type Projected = Result<Option<Value>, Exceeded>;

impl<'d, 'a> Projector<'d, 'a> {
    pub fn new(declarations: &'d Declarations<'a>, module: &'a Module) -> Self {
        Projector { declarations, module, budget: Budget::default() }
    }

    /// Whether the size bound is to be reported now: true the first time only, as
    /// every projection after it stops at once.
    pub fn first_size_report(&self) -> bool {
        self.budget.first_report()
    }

    /// Substitutes aliases by their bodies, recursively; a self-reference stays a name.
    /// A type deeper than [`MAX_DEPTH`] levels, or more nodes than the budget holds,
    /// stops it.
    pub fn expand(&self, ty: &TypeExpr) -> Result<TypeExpr, Exceeded> {
        self.expand_guarded(ty, &mut Vec::new(), 0)
    }

    /// `above`: the levels of type around `ty`.
    fn expand_guarded(
        &self,
        ty: &TypeExpr,
        expanding: &mut Vec<&'a TypeAlias>,
        above: usize,
    ) -> Result<TypeExpr, Exceeded> {
        crate::stack::grow(|| {
            if above >= MAX_DEPTH {
                return Err(Exceeded::new(Limit::Depth(None)));
            }
            self.budget.spend(1)?;
            let kind = match &ty.kind {
                TypeKind::Named(name) => match self.declarations.alias(name) {
                    Some(alias) if !expanding.iter().any(|a| a.name.name == *name) => {
                        expanding.push(alias);
                        let expanded = self.expand_guarded(&alias.ty, expanding, above);
                        expanding.pop();
                        return expanded.map_err(|e| e.within(|| self.within_alias(alias)));
                    }
                    _ => TypeKind::Named(name.clone()),
                },
                kind => map_children(kind, &mut |t| self.expand_guarded(t, expanding, above + 1))?,
            };
            Ok(flatten(TypeExpr { kind, span: ty.span }))
        })
    }

    fn within_alias(&self, alias: &TypeAlias) -> Within {
        let local = self.module.items.iter().any(|item| matches!(item, Item::TypeAlias(a) if std::ptr::eq(a, alias)));
        Within { kind: "type alias", name: alias.name.name.clone(), declared: local.then_some(alias.name.span) }
    }

    fn within_nominal(&self, name: &str) -> Within {
        let (kind, declared) = match self.declarations.by_name.get(name) {
            Some(Declaration::Struct(decl)) => {
                let local = self.module.items.iter().any(|i| matches!(i, Item::Struct(s) if std::ptr::eq(s, *decl)));
                ("struct", local.then_some(decl.name.span))
            }
            Some(Declaration::Enum(decl)) => {
                let local = self.module.items.iter().any(|i| matches!(i, Item::Enum(e) if std::ptr::eq(e, *decl)));
                ("enum", local.then_some(decl.name.span))
            }
            _ => ("type", None),
        };
        Within { kind, name: name.to_owned(), declared }
    }

    /// A declaration's field type with the declaration's type parameters bound, expanded.
    fn instantiate(&self, ty: &TypeExpr, bindings: &[(&str, &TypeExpr)]) -> Result<TypeExpr, Exceeded> {
        if bindings.is_empty() { self.expand(ty) } else { self.expand(&substitute(ty, bindings, &self.budget)?) }
    }

    /// The input path: aliases expanded, then P0; no schema is `{}`. `above`: the
    /// levels of arrays and objects around the schema in the document.
    pub fn input(&self, ty: &TypeExpr, above: usize) -> Result<Value, Exceeded> {
        let schema = leaf(&self.expand(ty)?).unwrap_or_else(|| json!({}));
        within_depth(schema, above)
    }

    /// The output and throws path, `above` levels deep in the document.
    pub fn output(&self, ty: &TypeExpr, above: usize) -> Projected {
        let schema = self.output_expanded(&self.expand(ty)?, &mut Vec::new(), above)?;
        schema.map(|schema| within_depth(schema, above)).transpose()
    }

    /// `above` only ever counts levels the schema will have around it, so the walk
    /// stops soon after the bound; [`within_depth`] then checks the exact figure.
    fn output_expanded(&self, ty: &TypeExpr, resolving: &mut Vec<String>, above: usize) -> Projected {
        crate::stack::grow(|| {
            if above >= MAX_DEPTH {
                return Err(Exceeded::new(Limit::Depth(None)));
            }
            match &ty.kind {
                TypeKind::Named(name) if self.declarations.is_nominal(name) => {
                    self.nominal(name, &[], resolving, above)
                }
                TypeKind::Applied(name, args) if self.declarations.is_nominal(name) => {
                    self.nominal(name, args, resolving, above)
                }
                _ if !self.mentions_nominal(ty) => Ok(leaf(ty)),
                _ => self.walk(ty, resolving, above),
            }
        })
    }

    fn mentions_nominal(&self, ty: &TypeExpr) -> bool {
        let mut found = false;
        visit_ref(ty, &mut |t| {
            if let TypeKind::Named(name) | TypeKind::Applied(name, _) = &t.kind {
                found |= self.declarations.is_nominal(name);
            }
        });
        found
    }

    /// A struct or enum by name, its type arguments substituted (b.4).
    fn nominal(&self, name: &str, args: &[TypeExpr], resolving: &mut Vec<String>, above: usize) -> Projected {
        if resolving.iter().any(|r| r == name) || resolving.len() >= MAX_NOMINAL_DEPTH {
            return Ok(Some(json!({})));
        }
        resolving.push(name.to_owned());
        let projected = match self.declarations.by_name.get(name) {
            Some(Declaration::Struct(decl)) => self.structure(decl, args, resolving, above),
            Some(Declaration::Enum(decl)) => self.enumeration(decl, args, resolving, above),
            _ => Ok(None),
        };
        resolving.pop();
        projected.map_err(|e| e.within(|| self.within_nominal(name)))
    }

    fn structure(&self, decl: &StructDecl, args: &[TypeExpr], resolving: &mut Vec<String>, above: usize) -> Projected {
        if decl.generics.len() != args.len() {
            return Ok(None);
        }
        let bindings: Vec<(&str, &TypeExpr)> = decl.generics.iter().map(|g| g.name.as_str()).zip(args).collect();
        // A field without an annotation erases the whole struct.
        let mut fields: Vec<(&str, bool, Cow<'_, TypeExpr>)> = Vec::with_capacity(decl.fields.len());
        for field in &decl.fields {
            let Some(ty) = field.ty.as_ref() else { return Ok(None) };
            fields.push((field.name.name.as_str(), field.optional, Cow::Owned(self.instantiate(ty, &bindings)?)));
        }
        self.object(fields, resolving, above)
    }

    /// An object of named fields on the output path: an optional field is nullable
    /// and left out of `required`, which is always present.
    fn object(
        &self,
        fields: Vec<(&str, bool, Cow<'_, TypeExpr>)>,
        resolving: &mut Vec<String>,
        above: usize,
    ) -> Projected {
        // The object, `type`, `properties` and `required`, and per field its name in
        // `required` and its nullable wrapper at most: counted before the fields are
        // projected, since structs resolved by name can double like aliases.
        self.budget.spend(4 + 4 * fields.len())?;
        let mut properties = Map::new();
        let mut required = Vec::new();
        for (name, optional, ty) in fields {
            // The object and its `properties` are around each field's schema.
            let Some(schema) = self.output_expanded(&ty, resolving, above + 2)? else { return Ok(None) };
            if optional {
                properties.insert(name.to_owned(), nullable(schema));
            } else {
                properties.insert(name.to_owned(), schema);
                required.push(Value::String(name.to_owned()));
            }
        }
        Ok(Some(obj([
            ("type", "object".into()),
            ("properties", Value::Object(properties)),
            ("required", Value::Array(required)),
        ])))
    }

    fn enumeration(&self, decl: &EnumDecl, args: &[TypeExpr], resolving: &mut Vec<String>, above: usize) -> Projected {
        if decl.generics.len() != args.len() {
            return Ok(None);
        }
        let bindings: Vec<(&str, &TypeExpr)> = decl.generics.iter().map(|g| g.name.as_str()).zip(args).collect();
        let mut branches = Vec::with_capacity(decl.variants.len());
        for variant in &decl.variants {
            // A branch's own nodes (its object, `properties`, the three constants,
            // `fields` and `required`), and a title per field.
            self.budget.spend(16 + variant.fields.len())?;
            let mut items = Vec::with_capacity(variant.fields.len());
            for field in &variant.fields {
                // Around a field's schema: `oneOf`, the branch, its `properties`, `fields`,
                // `prefixItems`, and the `oneOf` object itself.
                let mut schema = match &field.ty {
                    Some(ty) => match self.output_expanded(&self.instantiate(ty, &bindings)?, resolving, above + 6)? {
                        Some(schema) => schema,
                        None => return Ok(None),
                    },
                    None => json!({}),
                };
                if let Value::Bool(b) = schema {
                    schema = if b { json!({}) } else { json!({ "not": {} }) };
                }
                if let Value::Object(object) = &mut schema {
                    object.insert("title".into(), Value::String(field.name.name.clone()));
                }
                items.push(schema);
            }
            // A unit variant's fields: an empty array (an empty prefixItems is not
            // valid Draft 2020-12; spec/decisions.md 11).
            let fields = if items.is_empty() {
                json!({ "type": "array", "items": false, "maxItems": 0 })
            } else {
                let count = items.len();
                obj([
                    ("type", "array".into()),
                    ("prefixItems", Value::Array(items)),
                    ("items", false.into()),
                    ("minItems", count.into()),
                    ("maxItems", count.into()),
                ])
            };
            let properties = obj([
                ("enum", json!({ "const": decl.name.name })),
                ("variant", json!({ "const": variant.name.name })),
                ("fields", fields),
            ]);
            branches.push(obj([
                ("type", "object".into()),
                ("properties", properties),
                ("required", json!(["enum", "variant", "fields"])),
                ("additionalProperties", false.into()),
            ]));
        }
        Ok(Some(obj([("oneOf", Value::Array(branches))])))
    }

    /// The structural walk over a type that mentions structs or enums (b.5).
    fn walk(&self, ty: &TypeExpr, resolving: &mut Vec<String>, above: usize) -> Projected {
        Ok(match &ty.kind {
            TypeKind::Shape { fields, .. } => {
                return self.object(
                    fields.iter().map(|f| (f.name.name.as_str(), f.optional, Cow::Borrowed(&f.ty))).collect(),
                    resolving,
                    above,
                );
            }
            TypeKind::List(item) => {
                let mut schema = json!({ "type": "array" });
                if let Some(items) = self.output_expanded(item, resolving, above + 1)? {
                    schema["items"] = items;
                }
                Some(schema)
            }
            TypeKind::Dict(key, value) if is_string(key) => {
                let mut schema = json!({ "type": "object" });
                if let Some(values) = self.output_expanded(value, resolving, above + 1)? {
                    schema["additionalProperties"] = values;
                }
                Some(schema)
            }
            TypeKind::Tuple(members) => self.members(members, resolving, above)?.map(tuple),
            TypeKind::Union(members) => self.members(members, resolving, above)?.map(|any| obj([("anyOf", any)])),
            TypeKind::Intersection(members) => {
                self.members(members, resolving, above)?.map(|all| obj([("allOf", all)]))
            }
            TypeKind::Owned(inner) => return self.output_expanded(inner, resolving, above),
            _ => None,
        })
    }

    /// The schemas of a union's or intersection's members, as an array; none when one
    /// member has none.
    fn members(&self, members: &[TypeExpr], resolving: &mut Vec<String>, above: usize) -> Projected {
        let mut schemas = Vec::with_capacity(members.len());
        for member in members {
            // Around each member: the object and its `anyOf` or `allOf`.
            match self.output_expanded(member, resolving, above + 2)? {
                Some(schema) => schemas.push(schema),
                None => return Ok(None),
            }
        }
        Ok(Some(Value::Array(schemas)))
    }
}

/// `schema`, unless it nests deeper than the document allows `above` levels down.
fn within_depth(schema: Value, above: usize) -> Result<Value, Exceeded> {
    let reached = above + crate::ingest::depth(&schema);
    if reached > MAX_DEPTH { Err(Exceeded::new(Limit::Depth(Some(reached)))) } else { Ok(schema) }
}

/// An object of these members, moving the values in (`json!` would copy them).
fn obj<const N: usize>(members: [(&str, Value); N]) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// A tuple of these members' schemas: an array of exactly their number, each at its
/// place (`prefixItems`), nothing after them (`items: false`).
fn tuple(members: Value) -> Value {
    let count = members.as_array().map_or(0, Vec::len);
    obj([
        ("type", "array".into()),
        ("prefixItems", members),
        ("items", false.into()),
        ("minItems", count.into()),
        ("maxItems", count.into()),
    ])
}

/// `{"anyOf": [schema, {"type": "null"}]}`.
fn nullable(schema: Value) -> Value {
    obj([("anyOf", Value::Array(vec![schema, json!({ "type": "null" })]))])
}

/// Unions flattened (a union inside a union joins it) with a repeated `nil` removed.
fn flatten(ty: TypeExpr) -> TypeExpr {
    let TypeKind::Union(members) = ty.kind else { return ty };
    let mut flat: Vec<TypeExpr> = Vec::with_capacity(members.len());
    for member in members {
        let parts = match member.kind {
            TypeKind::Union(inner) => inner,
            _ => vec![member],
        };
        for part in parts {
            if part.kind == TypeKind::Nil && flat.iter().any(|m| m.kind == TypeKind::Nil) {
                continue;
            }
            flat.push(part);
        }
    }
    TypeExpr { kind: TypeKind::Union(flat), span: ty.span }
}

fn is_string(ty: &TypeExpr) -> bool {
    matches!(&ty.kind, TypeKind::Named(name) if name == "string")
}

/// Every name `ty` mentions (bare or applied), in order.
pub fn names(ty: &TypeExpr) -> Vec<&str> {
    let mut found = Vec::new();
    visit_ref(ty, &mut |t| {
        if let TypeKind::Named(name) | TypeKind::Applied(name, _) = &t.kind {
            found.push(name.as_str());
        }
    });
    found
}

/// Calls `f` on `ty` and every type inside it.
fn visit_ref<'t>(ty: &'t TypeExpr, f: &mut impl FnMut(&'t TypeExpr)) {
    crate::stack::grow(|| {
        f(ty);
        match &ty.kind {
            TypeKind::Applied(_, args) => args.iter().for_each(|a| visit_ref(a, f)),
            TypeKind::List(t) | TypeKind::Sequence(_, t) | TypeKind::Owned(t) => visit_ref(t, f),
            TypeKind::Dict(k, v) => {
                visit_ref(k, f);
                visit_ref(v, f);
            }
            TypeKind::Shape { fields, .. } => fields.iter().for_each(|field| visit_ref(&field.ty, f)),
            TypeKind::Function { params, returns } => {
                params.iter().for_each(|p| visit_ref(p, f));
                visit_ref(returns, f);
            }
            TypeKind::Union(members) | TypeKind::Intersection(members) | TypeKind::Tuple(members) => {
                members.iter().for_each(|m| visit_ref(m, f))
            }
            _ => {}
        }
    })
}

/// `ty` with the type parameters in `bindings` replaced by their arguments, each node
/// built counted against `budget` (an argument may be large and used many times).
fn substitute(ty: &TypeExpr, bindings: &[(&str, &TypeExpr)], budget: &Budget) -> Result<TypeExpr, Exceeded> {
    crate::stack::grow(|| {
        budget.spend(1)?;
        let kind = match &ty.kind {
            TypeKind::Named(name) => match bindings.iter().find(|(p, _)| p == name) {
                // The argument copied node by node, so that each node is counted.
                Some((_, argument)) => return substitute(argument, &[], budget),
                None => TypeKind::Named(name.clone()),
            },
            kind => map_children(kind, &mut |t| substitute(t, bindings, budget))?,
        };
        Ok(TypeExpr { kind, span: ty.span })
    })
}

/// `kind` with each type directly inside it replaced by `f` of it, in source order;
/// the first error of `f` stops it.
fn map_children<E>(kind: &TypeKind, f: &mut impl FnMut(&TypeExpr) -> Result<TypeExpr, E>) -> Result<TypeKind, E> {
    let mut all = |types: &[TypeExpr]| types.iter().map(&mut *f).collect::<Result<Vec<_>, E>>();
    Ok(match kind {
        TypeKind::Applied(name, args) => TypeKind::Applied(name.clone(), all(args)?),
        TypeKind::Union(members) => TypeKind::Union(all(members)?),
        TypeKind::Intersection(members) => TypeKind::Intersection(all(members)?),
        TypeKind::Tuple(members) => TypeKind::Tuple(all(members)?),
        TypeKind::Function { params, returns } => {
            let params = all(params)?;
            TypeKind::Function { params, returns: Box::new(f(returns)?) }
        }
        TypeKind::List(t) => TypeKind::List(Box::new(f(t)?)),
        TypeKind::Dict(k, v) => {
            let key = f(k)?;
            TypeKind::Dict(Box::new(key), Box::new(f(v)?))
        }
        TypeKind::Sequence(name, t) => TypeKind::Sequence(name.clone(), Box::new(f(t)?)),
        TypeKind::Owned(t) => TypeKind::Owned(Box::new(f(t)?)),
        TypeKind::Shape { fields, open } => {
            let mut mapped = Vec::with_capacity(fields.len());
            for field in fields {
                mapped.push(ShapeField {
                    name: field.name.clone(),
                    optional: field.optional,
                    ty: f(&field.ty)?,
                    span: field.span,
                });
            }
            TypeKind::Shape { fields: mapped, open: *open }
        }
        other => other.clone(),
    })
}

/// P0, the leaf lowering (b.2).
pub fn leaf(ty: &TypeExpr) -> Option<Value> {
    crate::stack::grow(|| {
        Some(match &ty.kind {
            TypeKind::Named(name) => match name.as_str() {
                "string" => json!({ "type": "string" }),
                "int" => json!({ "type": "integer" }),
                "float" => json!({ "type": "number" }),
                "bool" => json!({ "type": "boolean" }),
                "list" => json!({ "type": "array" }),
                "dict" => json!({ "type": "object" }),
                "set" => json!({ "type": "array", "uniqueItems": true }),
                "closure" => json!({ "type": "string", "x-harn-type": "closure" }),
                _ => return None,
            },
            TypeKind::BoolLiteral(_) => json!({ "type": "boolean" }),
            // The parser reads `nil` as this, never as a name.
            TypeKind::Nil => json!({ "type": "null" }),
            TypeKind::StringLiteral(text) => json!({ "type": "string", "const": text }),
            TypeKind::IntLiteral(n) => json!({ "type": "integer", "const": n }),
            TypeKind::List(item) => {
                let mut schema = json!({ "type": "array" });
                if let Some(items) = leaf(item) {
                    schema["items"] = items;
                }
                schema
            }
            TypeKind::Dict(key, value) => {
                let mut schema = json!({ "type": "object" });
                if is_string(key) {
                    if let Some(values) = leaf(value) {
                        schema["additionalProperties"] = values;
                    }
                }
                schema
            }
            TypeKind::Owned(inner) => return leaf(inner),
            TypeKind::Function { .. } => json!({ "type": "string", "x-harn-type": "closure" }),
            TypeKind::Shape { fields, .. } => {
                let mut properties = Map::new();
                let mut required = Vec::new();
                for field in fields {
                    properties.insert(field.name.name.clone(), leaf(&field.ty)?);
                    if !field.optional {
                        required.push(Value::String(field.name.name.clone()));
                    }
                }
                let mut schema = obj([("type", "object".into()), ("properties", Value::Object(properties))]);
                if !required.is_empty() {
                    schema["required"] = Value::Array(required);
                }
                schema
            }
            TypeKind::Union(members) => {
                if let Some(strings) = members.iter().map(|m| as_string_literal(m)).collect::<Option<Vec<&str>>>() {
                    json!({ "type": "string", "enum": strings })
                } else if let Some(ints) = members.iter().map(as_int_literal).collect::<Option<Vec<i64>>>() {
                    json!({ "type": "integer", "enum": ints })
                } else {
                    obj([("anyOf", Value::Array(members.iter().map(leaf).collect::<Option<Vec<_>>>()?))])
                }
            }
            TypeKind::Intersection(members) => {
                obj([("allOf", Value::Array(members.iter().map(leaf).collect::<Option<Vec<_>>>()?))])
            }
            TypeKind::Tuple(members) => tuple(Value::Array(members.iter().map(leaf).collect::<Option<Vec<_>>>()?)),
            TypeKind::Applied(..) | TypeKind::Sequence(..) | TypeKind::Never => return None,
        })
    })
}

fn as_string_literal(ty: &TypeExpr) -> Option<&str> {
    match &ty.kind {
        TypeKind::StringLiteral(text) => Some(text),
        _ => None,
    }
}

fn as_int_literal(ty: &TypeExpr) -> Option<i64> {
    match &ty.kind {
        TypeKind::IntLiteral(n) => Some(*n),
        _ => None,
    }
}
