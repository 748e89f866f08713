//! Top-level items: `fn`, `pipeline`, `type`, `struct`, `enum`, `import`, the
//! skipped declarations, and what they are made of (attributes, generics,
//! parameters, signatures, fields and variants).

use super::{Ctx, ParseError, Parser, symbol};
use crate::ingest::harn::ast::*;
use crate::ingest::harn::lexer::{Token, TokenKind as T, is_reserved};

#[derive(Default)]
struct Signature {
    returns: Option<TypeExpr>,
    throws: Option<TypeExpr>,
    extends: Option<Ident>,
}

impl<'s> Parser<'s> {
    pub(super) fn module(&mut self) -> Result<Module, ParseError> {
        let mut items = Vec::new();
        self.skip_newlines();
        while self.raw().kind != T::Eof {
            items.push(self.item()?);
            self.end_of_item("declaration or statement", None)?;
            self.statement_separator();
        }
        Ok(Module { items })
    }

    /// After an item or a statement: a separator, the end, or (in a block) its `}`.
    pub(super) fn end_of_item(&mut self, what: &str, block: Option<Token>) -> Result<(), ParseError> {
        let token = self.raw();
        match token.kind {
            T::Newline | T::Semi | T::Eof => Ok(()),
            T::RBrace if block.is_some() => Ok(()),
            T::RParen | T::RBracket | T::RBrace => Err(self.error(
                format!(
                    "unexpected '{}': there is no open '{}' for it to close",
                    symbol(token.kind),
                    match token.kind {
                        T::RParen => "(",
                        T::RBracket => "[",
                        _ => "{",
                    }
                ),
                token.span,
            )),
            // A `}` ends what it closes; a line break may be behind a skipped statement.
            _ if self.pos > 0 && matches!(self.tok(self.pos - 1).kind, T::RBrace | T::Newline) => Ok(()),
            _ => Err(self.expected(&format!("a newline or ';' after the {what}"), token)),
        }
    }

    pub(super) fn item(&mut self) -> Result<Item, ParseError> {
        let attributes = self.attributes()?;
        let first = self.raw();
        let start = first.span.start;
        let public = self.is_word(first, "pub");
        let keyword_at = self.pos + usize::from(public);
        let keyword = self.tok(keyword_at);
        let next = self.tok(keyword_at + 1);
        let word = if keyword.kind == T::Ident { self.text(keyword) } else { "" };
        let declaration = match word {
            // At the top level a `fn` always declares one (an anonymous function there
            // would be thrown away).
            "fn" => true,
            "gen" => self.is_word(next, "fn"),
            "import" => attributes.is_empty(),
            "pipeline" | "type" | "struct" | "enum" | "interface" | "impl" | "tool" | "skill" | "eval_pack" => true,
            _ => false,
        };
        if !declaration {
            if public {
                return Err(self.expected("a declaration after 'pub'", keyword));
            }
            if !attributes.is_empty() {
                return Err(self.expected("a declaration after the attributes", keyword));
            }
            return Ok(Item::Statement(self.statement(true)?));
        }
        if public {
            self.bump();
        }
        Ok(match word {
            "fn" | "gen" => Item::Fn(self.fn_decl(attributes, public, start)?),
            "import" => Item::Import(self.import(public, start)?),
            "pipeline" => Item::Pipeline(self.pipeline(attributes, public, start)?),
            "type" => Item::TypeAlias(self.type_alias(public, start)?),
            "struct" => Item::Struct(self.struct_decl(public, start)?),
            "enum" => Item::Enum(self.enum_decl(public, start)?),
            _ => self.other_item(start)?,
        })
    }

    /// `@name` or `@name(args)`, any number, each followed by newlines.
    fn attributes(&mut self) -> Result<Vec<Attribute>, ParseError> {
        let mut attributes = Vec::new();
        while self.raw().kind == T::At {
            let at = self.bump();
            let name_token = self.raw();
            if name_token.kind != T::Ident {
                return Err(self.expected("an attribute name after '@'", name_token));
            }
            self.bump();
            let name = self.ident(name_token);
            let mut args = Vec::new();
            if self.raw().kind == T::LParen {
                self.bump();
                let what = format!("',' or ')' to close the arguments of @{}", name.name);
                (args, _) = self.comma_list(T::RParen, &what, |p, _| {
                    let first = p.peek();
                    let name = p.arg_name().map(|token| p.ident(token));
                    let value = p.expr_in(Ctx::Item)?;
                    Ok(AttributeArg { name, span: first.span.to(value.span), value })
                })?;
            }
            attributes.push(Attribute { name, args, span: Span::new(at.span.start, self.last_end) });
            self.skip_newlines();
        }
        Ok(attributes)
    }

    fn import(&mut self, public: bool, start: usize) -> Result<Import, ParseError> {
        self.bump();
        let token = self.raw();
        let (path, names) = match token.kind {
            T::Str(_) => (self.module_path()?, None),
            T::LBrace => {
                let names = self.import_names()?;
                let from = self.raw();
                if !self.is_word(from, "from") {
                    return Err(self.expected("'from' and a module path after the imported names", from));
                }
                self.bump();
                (self.module_path()?, Some(names))
            }
            T::Ident => {
                let mut path = self.text(token).to_string();
                self.bump();
                let mut names = None;
                while self.raw().kind == T::ColonColon {
                    self.bump();
                    if self.raw().kind == T::LBrace {
                        names = Some(self.import_names()?);
                        break;
                    }
                    let segment = self.expect_name("a module name or '{' after '::'")?;
                    path.push_str("::");
                    path.push_str(&segment.name);
                }
                (path, names)
            }
            _ => return Err(self.expected("a module path or '{' after 'import'", token)),
        };
        Ok(Import { public, path, names, span: Span::new(start, self.last_end) })
    }

    fn module_path(&mut self) -> Result<String, ParseError> {
        let token = self.raw();
        match self.plain_string(token) {
            Some(path) => {
                self.bump();
                Ok(path)
            }
            None => Err(self.expected("a module path string", token)),
        }
    }

    /// `{ a, b, }`: at least one name.
    fn import_names(&mut self) -> Result<Vec<Ident>, ParseError> {
        self.bump();
        let (names, close) = self.comma_list(T::RBrace, "',' or '}' to close the imported names", |p, _| {
            p.expect_name("a name to import")
        })?;
        if names.is_empty() {
            return Err(self.expected("a name to import", close));
        }
        Ok(names)
    }

    fn fn_decl(&mut self, attributes: Vec<Attribute>, public: bool, start: usize) -> Result<FnDecl, ParseError> {
        if self.is_word(self.raw(), "gen") {
            self.bump();
        }
        self.bump();
        let name = self.expect_ident("a function name after 'fn'")?;
        let generics = self.generics()?;
        let params = self.params()?;
        let signature = self.signature(&name, false)?;
        let body = self.block(&format!("the body of `{}`", name.name))?;
        Ok(FnDecl {
            attributes,
            public,
            name,
            generics,
            params,
            returns: signature.returns,
            throws: signature.throws,
            span: Span::new(start, body.span.end),
            body,
        })
    }

    fn pipeline(&mut self, attributes: Vec<Attribute>, public: bool, start: usize) -> Result<PipelineDecl, ParseError> {
        self.bump();
        let name = self.expect_ident("a pipeline name after 'pipeline'")?;
        let params = self.params()?;
        let signature = self.signature(&name, true)?;
        let body = self.block(&format!("the body of `{}`", name.name))?;
        Ok(PipelineDecl {
            attributes,
            public,
            name,
            params,
            returns: signature.returns,
            throws: signature.throws,
            extends: signature.extends,
            span: Span::new(start, body.span.end),
            body,
        })
    }

    /// `-> R`, `throws E`, `where T: B` and (for pipelines) `extends P`, each at most
    /// once and in any order, up to the body's `{`.
    fn signature(&mut self, name: &Ident, pipeline: bool) -> Result<Signature, ParseError> {
        let mut signature = Signature::default();
        let mut seen_where = false;
        loop {
            self.skip_newlines();
            let token = self.raw();
            let word = if token.kind == T::Ident { self.text(token) } else { "" };
            let duplicate =
                |p: &Self, clause: &str| p.error(format!("`{}` has a second '{clause}' clause", name.name), token.span);
            match (token.kind, word) {
                (T::LBrace, _) => return Ok(signature),
                (T::Arrow, _) => {
                    if signature.returns.is_some() {
                        return Err(duplicate(self, "->"));
                    }
                    self.bump();
                    signature.returns = Some(self.parse_type()?);
                }
                (_, "throws") => {
                    if signature.throws.is_some() {
                        return Err(duplicate(self, "throws"));
                    }
                    self.bump();
                    signature.throws = Some(self.parse_type()?);
                }
                (_, "where") => {
                    if seen_where {
                        return Err(duplicate(self, "where"));
                    }
                    seen_where = true;
                    self.bump();
                    self.where_clause()?;
                }
                (_, "extends") if pipeline => {
                    if signature.extends.is_some() {
                        return Err(duplicate(self, "extends"));
                    }
                    self.bump();
                    signature.extends = Some(self.expect_ident("a pipeline name after 'extends'")?);
                }
                _ => return Err(self.expected(&format!("'{{' to open the body of `{}`", name.name), token)),
            }
        }
    }

    /// `T: Bound, U: Bound + Other` (bounds are read and dropped).
    fn where_clause(&mut self) -> Result<(), ParseError> {
        loop {
            self.skip_newlines();
            self.expect_ident("a type parameter in the 'where' clause")?;
            self.expect(T::Colon, "':' and a bound after the type parameter")?;
            self.parse_type()?;
            while self.raw().kind == T::Plus {
                self.bump();
                self.parse_type()?;
            }
            if self.raw().kind != T::Comma {
                return Ok(());
            }
            self.bump();
        }
    }

    /// `<T, in U, out V: Bound>`, or nothing.
    fn generics(&mut self) -> Result<Vec<Ident>, ParseError> {
        if self.raw().kind != T::Lt {
            return Ok(Vec::new());
        }
        self.bump();
        let names = self.with_newlines(true, |p| {
            let mut names = Vec::new();
            loop {
                let token = p.peek();
                if matches!(token.kind, T::Gt | T::Ge) && !names.is_empty() {
                    break;
                }
                let variance = p.is_word(token, "in") || (p.is_word(token, "out") && p.look(1).kind == T::Ident);
                if variance {
                    p.bump();
                }
                names.push(p.expect_ident("a type parameter name")?);
                if p.peek().kind == T::Colon {
                    p.bump();
                    p.parse_type()?;
                }
                let token = p.peek();
                match token.kind {
                    T::Comma => {
                        p.bump();
                    }
                    T::Gt | T::Ge => break,
                    _ => return Err(p.expected("',' or '>' to close the type parameters", token)),
                }
            }
            Ok(names)
        })?;
        self.eat_gt();
        Ok(names)
    }

    /// `(a, b: T, c: T = default, ...rest: T)`.
    pub(super) fn params(&mut self) -> Result<Vec<Param>, ParseError> {
        self.expect(T::LParen, "'(' to open the parameter list")?;
        let (params, _) =
            self.comma_list(T::RParen, "',' or ')' to close the parameter list", |p, before: &[Param]| {
                if let Some(rest) = before.last().filter(|param| param.rest) {
                    return Err(p.error(
                        format!("the rest parameter `...{}` must be the last parameter", rest.name.name),
                        rest.span,
                    ));
                }
                let param = p.param()?;
                p.default_before(before, &param)?;
                Ok(param)
            })?;
        Ok(params)
    }

    /// A parameter without a default value (not a rest one) may not follow one with a
    /// default, as upstream refuses (burin-labs/harn,
    /// crates/harn-parser/src/parser/expressions.rs, `parse_typed_params_until`,
    /// e45362cf).
    pub(super) fn default_before(&self, before: &[Param], param: &Param) -> Result<(), ParseError> {
        match before.iter().find(|p| p.default.is_some()) {
            Some(defaulted) if param.default.is_none() && !param.rest => Err(self.error(
                format!(
                    "the parameter `{}` needs a default value: it follows `{}`, which has one",
                    param.name.name, defaulted.name.name
                ),
                param.span,
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn param(&mut self) -> Result<Param, ParseError> {
        let first = self.peek();
        let rest = first.kind == T::DotDotDot;
        if rest {
            self.bump();
        }
        let name = self.expect_name("a parameter name")?;
        let ty = if self.peek().kind == T::Colon {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        let default = if self.peek().kind == T::Eq {
            // Parsed (so `fn() -> Pair<A, B> { … }` keeps its comma), but only the span
            // is kept: a default is never evaluated.
            self.bump();
            let found = self.peek();
            if matches!(found.kind, T::Comma | T::RParen) {
                return Err(self.expected("a default value after '='", found));
            }
            // In a closure's parameters, `->` ends the default.
            let start_pos = self.pos;
            let value = self.parse_expr()?;
            if self.at_end_of(Ctx::Item) || self.peek().kind == T::Arrow || !self.unknown_continuation() {
                Some(value.span)
            } else {
                self.pos = start_pos;
                Some(self.expr_in(Ctx::Item)?.span)
            }
        } else {
            None
        };
        Ok(Param { name, ty, default, rest, span: Span::new(first.span.start, self.last_end) })
    }

    fn type_alias(&mut self, public: bool, start: usize) -> Result<TypeAlias, ParseError> {
        self.bump();
        let name = self.expect_ident("a type name after 'type'")?;
        let generics = self.generics()?;
        self.expect(T::Eq, &format!("'=' after `type {}`", name.name))?;
        let ty = self.parse_type()?;
        Ok(TypeAlias { public, name, generics, span: Span::new(start, ty.span.end), ty })
    }

    fn struct_decl(&mut self, public: bool, start: usize) -> Result<StructDecl, ParseError> {
        self.bump();
        let name = self.expect_ident("a struct name after 'struct'")?;
        let generics = self.generics()?;
        let (fields, close) = self.braced_members(&name, "fields", "field", |p| p.field())?;
        Ok(StructDecl { public, name, generics, fields, span: Span::new(start, close.span.end) })
    }

    /// `name`, `name?`, `name: T` or `name?: T`.
    fn field(&mut self) -> Result<Field, ParseError> {
        let name = self.expect_name("a field name")?;
        let optional = self.raw().kind == T::Question;
        if optional {
            self.bump();
        }
        let ty = if self.raw().kind == T::Colon {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        Ok(Field { span: Span::new(name.span.start, self.last_end), name, optional, ty })
    }

    fn enum_decl(&mut self, public: bool, start: usize) -> Result<EnumDecl, ParseError> {
        self.bump();
        let name = self.expect_ident("an enum name after 'enum'")?;
        let generics = self.generics()?;
        let (variants, close) = self.braced_members(&name, "variants", "variant", |p| p.variant())?;
        Ok(EnumDecl { public, name, generics, variants, span: Span::new(start, close.span.end) })
    }

    /// `Name` or `Name(fields)`.
    fn variant(&mut self) -> Result<Variant, ParseError> {
        let name = self.expect_ident("a variant name")?;
        let fields = if self.raw().kind == T::LParen { self.params()? } else { Vec::new() };
        Ok(Variant { span: Span::new(name.span.start, self.last_end), name, fields })
    }

    /// The `{…}` body of the struct or enum `name`: its `plural` (fields or variants),
    /// each read by `member` and separated by commas, semicolons or newlines. Returns
    /// them and the closing `}`, consumed.
    fn braced_members<M>(
        &mut self,
        name: &Ident,
        plural: &str,
        singular: &str,
        mut member: impl FnMut(&mut Self) -> Result<M, ParseError>,
    ) -> Result<(Vec<M>, Token), ParseError> {
        self.skip_newlines();
        let open = self.expect(T::LBrace, &format!("'{{' to open the {plural} of `{}`", name.name))?;
        let members = self.with_newlines(false, |p| {
            let mut members = Vec::new();
            loop {
                while matches!(p.raw().kind, T::Newline | T::Comma | T::Semi) {
                    p.pos += 1;
                }
                let token = p.raw();
                match token.kind {
                    T::RBrace => return Ok(members),
                    T::Eof => return Err(p.unclosed(open, &format!("the {plural} of `{}`", name.name))),
                    _ => {}
                }
                members.push(member(p)?);
                let after = p.raw();
                if !matches!(after.kind, T::Newline | T::Comma | T::Semi | T::RBrace) {
                    return Err(p.expected(&format!("',' or a newline after the {singular}"), after));
                }
            }
        })?;
        let close = self.bump();
        Ok((members, close))
    }

    /// `interface`, `impl`, `tool`, `skill`, `eval_pack`: the header and body are
    /// skipped, balanced. The body is the first `{…}` group that ends the line.
    fn other_item(&mut self, start: usize) -> Result<Item, ParseError> {
        let keyword = self.bump();
        let kind = self.text(keyword).to_string();
        let token = self.raw();
        let name = (token.kind == T::Ident && !is_reserved(self.text(token))).then(|| self.ident(token));
        let what = format!("'{{' to open the body of `{kind}`");
        let mut saw_body = false;
        loop {
            let token = self.raw();
            match token.kind {
                T::LBrace => {
                    self.consume_group()?;
                    saw_body = true;
                    if matches!(self.raw().kind, T::Newline | T::Semi | T::Eof | T::RBrace) {
                        break;
                    }
                }
                T::LParen | T::LBracket => {
                    self.consume_group()?;
                }
                _ if saw_body
                    && matches!(token.kind, T::Newline | T::Semi | T::Eof | T::RParen | T::RBracket | T::RBrace) =>
                {
                    break;
                }
                T::Newline => {
                    let (index, next) = self.after_newlines(self.pos);
                    if next.kind != T::LBrace {
                        return Err(self.expected(&what, token));
                    }
                    self.pos = index;
                }
                T::Semi | T::Eof | T::RParen | T::RBracket | T::RBrace => return Err(self.expected(&what, token)),
                _ => {
                    self.bump();
                }
            }
        }
        Ok(Item::Other { kind, name, span: Span::new(start, self.last_end) })
    }
}
