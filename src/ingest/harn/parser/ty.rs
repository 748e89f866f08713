//! Type expressions: unions, intersections, optionals, literal types, applied
//! generics, function types and shapes.

use super::{ParseError, Parser};
use crate::ingest::harn::ast::*;
use crate::ingest::harn::lexer::{TokenKind as T, is_reserved};

/// `T | nil`, without a second `nil`.
pub(super) fn optional(ty: TypeExpr, question: Span) -> TypeExpr {
    let span = ty.span.to(question);
    match ty.kind {
        TypeKind::Nil => TypeExpr { kind: TypeKind::Nil, span },
        TypeKind::Union(mut members) => {
            if !members.iter().any(|m| m.kind == TypeKind::Nil) {
                members.push(TypeExpr { kind: TypeKind::Nil, span: question });
            }
            TypeExpr { kind: TypeKind::Union(members), span }
        }
        kind => TypeExpr {
            kind: TypeKind::Union(vec![
                TypeExpr { kind, span: ty.span },
                TypeExpr { kind: TypeKind::Nil, span: question },
            ]),
            span,
        },
    }
}

/// A flattened union: nested unions are spliced, and only the first `nil` stays.
pub(super) fn union(members: Vec<TypeExpr>) -> TypeExpr {
    let span = members[0].span.to(members[members.len() - 1].span);
    let mut flat = Vec::with_capacity(members.len());
    let mut has_nil = false;
    let mut push = |member: TypeExpr, flat: &mut Vec<TypeExpr>| {
        if member.kind == TypeKind::Nil {
            if has_nil {
                return;
            }
            has_nil = true;
        }
        flat.push(member);
    };
    for member in members {
        match member.kind {
            TypeKind::Union(inner) => inner.into_iter().for_each(|m| push(m, &mut flat)),
            _ => push(member, &mut flat),
        }
    }
    if flat.len() == 1 {
        let only = flat.pop().unwrap_or(TypeExpr { kind: TypeKind::Nil, span });
        return TypeExpr { kind: only.kind, span };
    }
    TypeExpr { kind: TypeKind::Union(flat), span }
}

/// `Name<args>`, classified as spec/exports.md a.3 says. A built-in constructor with the
/// wrong number of arguments stays `Applied`.
fn applied(name: String, mut args: Vec<TypeExpr>) -> TypeKind {
    match (name.as_str(), args.len()) {
        ("list", 1) => TypeKind::List(Box::new(args.remove(0))),
        ("dict", 2) => {
            let value = args.remove(1);
            TypeKind::Dict(Box::new(args.remove(0)), Box::new(value))
        }
        ("iter" | "Iter" | "Generator" | "Stream", 1) => TypeKind::Sequence(name, Box::new(args.remove(0))),
        ("owned", 1) => TypeKind::Owned(Box::new(args.remove(0))),
        _ => TypeKind::Applied(name, args),
    }
}

impl<'s> Parser<'s> {
    pub(super) fn parse_type(&mut self) -> Result<TypeExpr, ParseError> {
        self.nested(|p| p.union_type())
    }

    /// `A | B | …`; a `|` may end a line or start the next, or lead the first member.
    fn union_type(&mut self) -> Result<TypeExpr, ParseError> {
        self.skip_newlines();
        if self.peek().kind == T::Pipe {
            self.bump();
        }
        let mut members = vec![self.intersection_type()?];
        loop {
            let token = self.peek();
            match token.kind {
                T::Pipe => {}
                T::Newline => {
                    let (index, next) = self.after_newlines(self.pos);
                    if next.kind != T::Pipe {
                        break;
                    }
                    self.pos = index;
                }
                _ => break,
            }
            self.bump();
            self.skip_newlines();
            members.push(self.intersection_type()?);
        }
        Ok(if members.len() == 1 { members.remove(0) } else { union(members) })
    }

    fn intersection_type(&mut self) -> Result<TypeExpr, ParseError> {
        let first = self.postfix_type()?;
        if self.peek().kind != T::Amp {
            return Ok(first);
        }
        let mut members = Vec::new();
        let mut push = |member: TypeExpr| match member.kind {
            TypeKind::Intersection(inner) => members.extend(inner),
            _ => members.push(member),
        };
        let mut span = first.span;
        push(first);
        while self.peek().kind == T::Amp {
            self.bump();
            self.skip_newlines();
            let next = self.postfix_type()?;
            span = span.to(next.span);
            push(next);
        }
        Ok(TypeExpr { kind: TypeKind::Intersection(members), span })
    }

    /// `T?`, `T??`: `T | nil`.
    fn postfix_type(&mut self) -> Result<TypeExpr, ParseError> {
        let mut ty = self.primary_type()?;
        loop {
            let token = self.peek();
            match token.kind {
                T::Question | T::QuestionQuestion => {
                    self.bump();
                    ty = optional(ty, token.span);
                }
                _ => return Ok(ty),
            }
        }
    }

    fn primary_type(&mut self) -> Result<TypeExpr, ParseError> {
        self.skip_newlines();
        let token = self.peek();
        let done = |kind| Ok(TypeExpr { kind, span: token.span });
        match token.kind {
            T::LBrace => self.shape_type(),
            T::LBracket => {
                self.bump();
                let inner = self.with_newlines(true, |p| p.parse_type())?;
                let close = self.expect(T::RBracket, "']' to close the list type")?;
                Ok(TypeExpr { kind: TypeKind::List(Box::new(inner)), span: token.span.to(close.span) })
            }
            T::LParen => {
                // `(A)` groups; `(A, B)` and `(A,)` are tuples.
                self.bump();
                let (mut members, tuple) = self.with_newlines(true, |p| {
                    let mut members = vec![p.parse_type()?];
                    let mut tuple = false;
                    while p.peek().kind == T::Comma {
                        p.bump();
                        tuple = true;
                        if p.peek().kind == T::RParen {
                            break;
                        }
                        members.push(p.parse_type()?);
                    }
                    Ok((members, tuple))
                })?;
                let what =
                    if tuple { "',' or ')' to close the tuple type" } else { "')' to close the parenthesized type" };
                let close = self.expect(T::RParen, what)?;
                let span = token.span.to(close.span);
                if tuple {
                    return Ok(TypeExpr { kind: TypeKind::Tuple(members), span });
                }
                Ok(TypeExpr { kind: members.remove(0).kind, span })
            }
            T::Str(_) => match self.plain_string(token) {
                Some(value) => {
                    self.bump();
                    done(TypeKind::StringLiteral(value))
                }
                None => Err(self.expected("a type (a literal type cannot be interpolated)", token)),
            },
            T::Minus => {
                self.bump();
                let number = self.peek();
                if number.kind != T::Int {
                    return Err(self.expected("an integer after '-' in a literal type", number));
                }
                self.bump();
                Ok(TypeExpr {
                    kind: TypeKind::IntLiteral(self.int_value(number, true)?),
                    span: token.span.to(number.span),
                })
            }
            T::Int => {
                self.bump();
                done(TypeKind::IntLiteral(self.int_value(token, false)?))
            }
            T::Ident => {
                let word = self.text(token);
                match word {
                    "nil" => {
                        self.bump();
                        done(TypeKind::Nil)
                    }
                    "true" | "false" => {
                        self.bump();
                        done(TypeKind::BoolLiteral(word == "true"))
                    }
                    "fn" => self.fn_type(),
                    _ if is_reserved(word) => Err(self.expected("a type", token)),
                    _ => {
                        self.bump();
                        if self.raw().kind == T::Lt {
                            let args = self.type_args(word)?;
                            return Ok(TypeExpr {
                                kind: applied(word.to_string(), args),
                                span: token.span.to(Span::new(self.last_end, self.last_end)),
                            });
                        }
                        done(if word == "never" { TypeKind::Never } else { TypeKind::Named(word.to_string()) })
                    }
                }
            }
            _ => Err(self.expected("a type", token)),
        }
    }

    /// `<A, B>` after a type name.
    pub(super) fn type_args(&mut self, name: &str) -> Result<Vec<TypeExpr>, ParseError> {
        self.bump();
        let args = self.with_newlines(true, |p| {
            let mut args = Vec::new();
            loop {
                args.push(p.parse_type()?);
                let token = p.peek();
                match token.kind {
                    T::Comma => {
                        p.bump();
                        if matches!(p.peek().kind, T::Gt | T::Ge) {
                            break;
                        }
                    }
                    T::Gt | T::Ge => break,
                    _ => {
                        return Err(p.expected(&format!("',' or '>' to close the type arguments of `{name}`"), token));
                    }
                }
            }
            Ok(args)
        })?;
        self.eat_gt();
        Ok(args)
    }

    /// `fn(A, B) -> R` (parameter names, `fn(x: A) -> R`, are allowed and dropped).
    fn fn_type(&mut self) -> Result<TypeExpr, ParseError> {
        let keyword = self.bump();
        self.expect(T::LParen, "'(' after 'fn' in a function type")?;
        let (params, _) = self.comma_list(T::RParen, "',' or ')' to close the parameter types", |p, _| {
            if p.peek().kind == T::DotDotDot {
                p.bump();
            }
            // A parameter name is read and dropped.
            p.arg_name();
            p.parse_type()
        })?;
        self.expect(T::Arrow, "'->' and a return type after the parameters of a function type")?;
        let returns = self.parse_type()?;
        Ok(TypeExpr {
            span: keyword.span.to(returns.span),
            kind: TypeKind::Function { params, returns: Box::new(returns) },
        })
    }

    /// `{f: T, g?: U, ...Rest}`; fields are separated by commas or newlines.
    fn shape_type(&mut self) -> Result<TypeExpr, ParseError> {
        let open = self.bump();
        let (fields, open_shape) = self.with_newlines(true, |p| {
            let mut fields = Vec::new();
            let mut open_shape = false;
            loop {
                let token = p.peek();
                match token.kind {
                    T::RBrace => break,
                    T::DotDotDot => {
                        p.bump();
                        p.parse_type()?;
                        open_shape = true;
                    }
                    _ => {
                        let name = match (token.kind, p.plain_string(token)) {
                            (T::Ident, _) => p.ident(token),
                            (T::Str(_), Some(name)) => Ident { name, span: token.span },
                            _ => return Err(p.expected("a field name, '...' or '}' in the shape type", token)),
                        };
                        p.bump();
                        let optional = p.peek().kind == T::Question;
                        if optional {
                            p.bump();
                        }
                        p.expect(T::Colon, &format!("':' and a type after the field `{}`", name.name))?;
                        let ty = p.parse_type()?;
                        fields.push(ShapeField { span: name.span.to(ty.span), name, optional, ty });
                    }
                }
                let token = p.peek();
                match token.kind {
                    T::Comma => {
                        p.bump();
                    }
                    T::RBrace => break,
                    _ if p.pos > 0 && p.tok(p.pos - 1).kind == T::Newline => {}
                    _ => return Err(p.expected("',' or '}' to close the shape type", token)),
                }
            }
            Ok((fields, open_shape))
        })?;
        let close = self.bump();
        Ok(TypeExpr { kind: TypeKind::Shape { fields, open: open_shape }, span: open.span.to(close.span) })
    }
}
