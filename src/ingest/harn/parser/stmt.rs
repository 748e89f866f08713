//! Blocks and the statements in them (`let`, `var`, `return`, `name = value`,
//! expressions, and the statements that are skipped).

use super::expr::other;
use super::{Ctx, ParseError, Parser, is_assignment};
use crate::ingest::harn::ast::*;
use crate::ingest::harn::lexer::{Token, TokenKind as T, is_reserved};

impl<'s> Parser<'s> {
    /// `{ statements }`.
    pub(super) fn block(&mut self, what: &str) -> Result<Block, ParseError> {
        let open = self.expect(T::LBrace, &format!("'{{' to open {what}"))?;
        self.block_after(open, what)
    }

    /// The statements of a block whose `{`, `open`, is consumed, and its `}`.
    pub(super) fn block_after(&mut self, open: Token, what: &str) -> Result<Block, ParseError> {
        let statements = self.with_newlines(false, |p| {
            let mut statements = Vec::new();
            p.skip_newlines();
            loop {
                match p.raw().kind {
                    T::RBrace => return Ok(statements),
                    T::Eof => return Err(p.unclosed(open, what)),
                    _ => {}
                }
                statements.push(p.statement(false)?);
                p.end_of_item("statement", Some(open))?;
                p.statement_separator();
            }
        })?;
        let close = self.bump();
        Ok(Block { statements, span: open.span.to(close.span) })
    }

    pub(super) fn statement(&mut self, top_level: bool) -> Result<Stmt, ParseError> {
        let token = self.raw();
        let start_pos = self.pos;
        if token.kind == T::Ident {
            let word = self.text(token);
            match word {
                "let" | "var" => return self.let_statement(word),
                // `const` is a contextual keyword: a binding only when a name or a
                // pattern follows.
                "const" if matches!(self.tok(self.pos + 1).kind, T::Ident | T::LBrace | T::LBracket) => {
                    return self.let_statement(word);
                }
                "return" => {
                    self.bump();
                    if self.at_end_of(Ctx::Stmt) {
                        return Ok(Stmt::Return { value: None, span: token.span });
                    }
                    let value = self.expr_in(Ctx::Stmt)?;
                    return Ok(Stmt::Return { span: token.span.to(value.span), value: Some(value) });
                }
                "true" | "false" | "nil" => {}
                "fn" if self.tok(self.pos + 1).kind == T::LParen => {}
                "fn" | "pub" | "type" | "struct" | "enum" | "interface" | "impl" | "tool" | "skill" | "eval_pack" => {
                    return self.nested_declaration();
                }
                "gen" if self.is_word(self.tok(self.pos + 1), "fn") => return self.nested_declaration(),
                // Keywords that only continue something: upstream's parser starts no
                // statement with them (burin-labs/harn,
                // crates/harn-parser/src/parser/statements.rs, e45362cf).
                "in" | "else" | "catch" | "finally" | "extends" | "from" | "throws" | "to" | "exclusive" => {
                    let what = if top_level { "a declaration or a statement" } else { "a statement or '}'" };
                    return Err(self.expected(what, token));
                }
                _ if is_reserved(word) => {
                    let span = self.skip_balanced(Ctx::Stmt)?;
                    return Ok(Stmt::Other { what: word.to_string(), span });
                }
                _ => {}
            }
        }
        if token.kind == T::At {
            let span = self.skip_balanced(Ctx::Stmt)?;
            return Ok(Stmt::Other { what: "attribute".to_string(), span });
        }
        if !matches!(
            token.kind,
            T::Ident
                | T::Int
                | T::Float
                | T::Duration
                | T::Str(_)
                | T::LParen
                | T::LBracket
                | T::LBrace
                | T::Minus
                | T::Bang
        ) {
            let what = if top_level { "a declaration or a statement" } else { "a statement or '}'" };
            return Err(self.expected(what, token));
        }
        let expr = self.parse_expr()?;
        if let (ExprKind::Ident(name), T::Eq) = (&expr.kind, self.raw().kind) {
            // `name = value`, read as far as the script surface evaluates it; any
            // other assignment is skipped whole.
            let after_target = self.pos;
            self.bump();
            self.skip_newlines();
            // A value this reader cannot parse leaves the assignment to be skipped, as
            // it was before values were read.
            if let Ok(value) = self.expr_in(Ctx::Stmt) {
                if self.at_end_of(Ctx::Stmt) {
                    let target = Ident { name: name.clone(), span: expr.span };
                    return Ok(Stmt::Assign { span: expr.span.to(value.span), target, value });
                }
            }
            self.pos = after_target;
        }
        if is_assignment(self.raw().kind) {
            let rest = self.skip_balanced(Ctx::Stmt)?;
            return Ok(Stmt::Other { what: "assignment".to_string(), span: expr.span.to(rest) });
        }
        if self.at_end_of(Ctx::Stmt) || !self.unknown_continuation() {
            return Ok(Stmt::Expr(expr));
        }
        self.pos = start_pos;
        let span = self.skip_balanced(Ctx::Stmt)?;
        Ok(Stmt::Expr(other("this expression", span)))
    }

    /// A declaration inside a block (`fn`, `pub fn`, `gen fn`, `struct`, …), read as at
    /// the top level and kept as a skipped statement named by its keyword (`fn` for a
    /// `gen fn`).
    ///
    /// From burin-labs/harn, crates/harn-parser/src/parser/statements.rs
    /// (`parse_statement`), e45362cf: a block holds the declarations a module does.
    fn nested_declaration(&mut self) -> Result<Stmt, ParseError> {
        let first = self.raw();
        let public = self.is_word(first, "pub");
        let keyword = self.tok(self.pos + usize::from(public));
        let what = match self.text(keyword) {
            "gen" => "fn",
            word => word,
        }
        .to_string();
        self.nested(|p| p.item())?;
        Ok(Stmt::Other { what, span: Span::new(first.span.start, self.last_end) })
    }

    /// `let name = value`, `var name: T = value`, `const name = value` (a `let`); a
    /// destructuring binding is skipped. A binding always has a value, as in upstream's
    /// parser (burin-labs/harn, crates/harn-parser/src/parser/statements.rs,
    /// `parse_let_binding`, e45362cf).
    fn let_statement(&mut self, what: &str) -> Result<Stmt, ParseError> {
        let keyword = self.raw();
        let keyword_pos = self.pos;
        let mutable = what == "var";
        self.bump();
        let name_token = self.raw();
        // A pattern, `{a, b}` or `[a, b]`, is skipped; anything else must be a name.
        if !matches!(name_token.kind, T::LBrace | T::LBracket) {
            if name_token.kind != T::Ident || is_reserved(self.text(name_token)) {
                return Err(self.expected(&format!("a name or a pattern after '{what}'"), name_token));
            }
            if !matches!(self.tok(self.pos + 1).kind, T::Eq | T::Colon) {
                let found = self.tok(self.pos + 1);
                return Err(self.expected(&format!("'=' and a value for `{}`", self.text(name_token)), found));
            }
            self.bump();
            if self.raw().kind == T::Colon {
                self.bump();
                self.parse_type()?;
            }
            let eq = self.raw();
            if eq.kind == T::Eq {
                self.bump();
                self.skip_newlines();
                let value = self.expr_in(Ctx::Stmt)?;
                return Ok(Stmt::Let {
                    name: self.ident(name_token),
                    span: keyword.span.to(value.span),
                    value,
                    mutable,
                });
            }
            return Err(self.expected(&format!("'=' and a value for `{}`", self.text(name_token)), eq));
        }
        self.pos = keyword_pos;
        let span = self.skip_balanced(Ctx::Stmt)?;
        Ok(Stmt::Other { what: what.to_string(), span })
    }
}
