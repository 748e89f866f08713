//! Expressions: binary chains and their precedence, prefix operators, member access,
//! calls and indexing, literals and interpolated strings, lists, dicts, closures.

use super::{Ctx, ParseError, Parser, continues_before, symbol};
use crate::ingest::harn::ast::*;
use crate::ingest::harn::lexer::{Token, TokenKind as T, is_reserved};

/// What an expression starting with `{` is, judged from its first tokens.
enum BraceKind {
    Dict,
    Closure,
    Spread,
    Block,
}

/// How many tokens [`Parser::call_type_args`] looks through for the `>` that closes
/// explicit type arguments.
const TYPE_ARGS_SCAN: usize = 256;

pub(super) fn other(what: impl Into<String>, span: Span) -> Expr {
    Expr { kind: ExprKind::Other { what: what.into() }, span }
}

impl<'s> Parser<'s> {
    /// An expression that must end where `ctx` says. One followed by something else
    /// is skipped whole and becomes `Other`.
    pub(super) fn expr_in(&mut self, ctx: Ctx) -> Result<Expr, ParseError> {
        self.peek();
        let start_pos = self.pos;
        let expr = self.parse_expr()?;
        if self.at_end_of(ctx) || !self.unknown_continuation() {
            // What follows, if not an end, is reported by the caller.
            return Ok(expr);
        }
        self.pos = start_pos;
        let span = self.skip_balanced(ctx)?;
        Ok(other("this expression", span))
    }

    pub(super) fn parse_expr(&mut self) -> Result<Expr, ParseError> {
        self.binary()
    }

    fn binary_precedence(&self, token: Token) -> Option<u8> {
        use T::*;
        Some(match token.kind {
            PipeGt => 1,
            QuestionQuestion => 2,
            OrOr => 3,
            AndAnd => 4,
            EqEq | NotEq => 5,
            Lt | Le | Gt | Ge => 6,
            Ident if matches!(self.text(token), "in" | "to") => 6,
            Plus | Minus => 7,
            Star | Slash | Percent => 8,
            StarStar => 9,
            _ => return None,
        })
    }

    /// A chain of binary operators. Its value is `Other` (named after the operator
    /// that binds loosest), so precedence changes nothing in the tree and the chain is
    /// read in a loop, without recursion.
    fn binary(&mut self) -> Result<Expr, ParseError> {
        self.nested(|p| p.binary_chain())
    }

    fn binary_chain(&mut self) -> Result<Expr, ParseError> {
        let first = self.unary()?;
        let mut span = first.span;
        let mut loosest: Option<(u8, Token)> = None;
        loop {
            let mut token = self.peek();
            if token.kind == T::Newline {
                // A line that starts with a binary operator (not `-`) continues this one.
                let (index, next) = self.after_newlines(self.pos);
                if !continues_before(next.kind) || matches!(next.kind, T::Dot | T::QuestionDot) {
                    break;
                }
                self.pos = index;
                token = next;
            }
            let Some(precedence) = self.binary_precedence(token) else { break };
            self.bump();
            self.skip_newlines();
            let rhs = self.unary()?;
            span = span.to(rhs.span);
            if loosest.is_none_or(|(p, _)| precedence <= p) {
                loosest = Some((precedence, token));
            }
        }
        Ok(match loosest {
            None => first,
            Some((_, operator)) => other(format!("a `{}` operation", self.text(operator)), span),
        })
    }

    /// Prefix `-` and `!`, in a loop; `-` before a number literal makes it negative
    /// (unless the number goes on, as in `-1.abs()`, which is `-(1.abs())`).
    fn unary(&mut self) -> Result<Expr, ParseError> {
        let token = self.peek();
        let next = self.tok(self.pos + 1);
        let after = self.tok(self.pos + 2).kind;
        if token.kind == T::Minus
            && matches!(next.kind, T::Int | T::Float)
            && !matches!(after, T::Dot | T::QuestionDot | T::LParen | T::LBracket)
        {
            self.bump();
            self.bump();
            let kind = if next.kind == T::Int {
                ExprKind::Int(self.int_value(next, true)?)
            } else {
                ExprKind::Float(-self.float_value(next)?)
            };
            return Ok(Expr { kind, span: token.span.to(next.span) });
        }
        let mut operator = None;
        while matches!(self.peek().kind, T::Minus | T::Bang) {
            let token = self.bump();
            operator.get_or_insert(token);
        }
        let operand = self.postfix()?;
        Ok(match operator {
            None => operand,
            Some(operator) => other(format!("a `{}` operation", symbol(operator.kind)), operator.span.to(operand.span)),
        })
    }

    pub(super) fn int_value(&self, token: Token, negative: bool) -> Result<i64, ParseError> {
        let text: String = self.text(token).chars().filter(|&c| c != '_').collect();
        let (digits, radix) = match text.get(..2) {
            Some("0x" | "0X") => (&text[2..], 16),
            Some("0b" | "0B") => (&text[2..], 2),
            Some("0o" | "0O") => (&text[2..], 8),
            _ => (text.as_str(), 10),
        };
        let magnitude = u64::from_str_radix(digits, radix).map_err(|e| {
            let problem = match e.kind() {
                std::num::IntErrorKind::PosOverflow => "is out of range",
                _ => "is not a valid integer",
            };
            self.error(format!("integer literal '{}' {problem}", self.text(token)), token.span)
        })?;
        let value = if negative { 0i128 - i128::from(magnitude) } else { i128::from(magnitude) };
        i64::try_from(value)
            .map_err(|_| self.error(format!("integer literal '{}' is out of range", self.text(token)), token.span))
    }

    fn float_value(&self, token: Token) -> Result<f64, ParseError> {
        let text: String = self.text(token).chars().filter(|&c| c != '_').collect();
        text.parse().map_err(|_| self.error(format!("invalid number '{}'", self.text(token)), token.span))
    }

    /// Member access, calls and indexing. Each link nests one level.
    fn postfix(&mut self) -> Result<Expr, ParseError> {
        let mut links = 0;
        let result = self.postfix_links(&mut links);
        self.depth -= links;
        result
    }

    fn postfix_links(&mut self, links: &mut usize) -> Result<Expr, ParseError> {
        let mut expr = self.primary()?;
        loop {
            let mut token = self.peek();
            if token.kind == T::Newline {
                // A method chain may continue on the next line: `items\n  .map(…)`.
                let (index, next) = self.after_newlines(self.pos);
                if !matches!(next.kind, T::Dot | T::QuestionDot) {
                    break;
                }
                self.pos = index;
                token = next;
            }
            if token.kind == T::Lt && matches!(expr.kind, ExprKind::Ident(_)) && self.call_type_args()? {
                // `name<T>(…)`: the call follows.
                continue;
            }
            if !matches!(token.kind, T::Dot | T::QuestionDot | T::LParen | T::LBracket) {
                break;
            }
            expr = match token.kind {
                T::Dot | T::QuestionDot => {
                    self.bump();
                    let name_token = self.peek();
                    let span = expr.span.to(name_token.span);
                    match name_token.kind {
                        T::Ident if token.kind == T::Dot => {
                            self.bump();
                            Expr {
                                kind: ExprKind::Member { object: Box::new(expr), name: self.ident(name_token) },
                                span,
                            }
                        }
                        T::Ident => {
                            self.bump();
                            other("an optional member access (`?.`)", span)
                        }
                        T::Int => {
                            self.bump();
                            other("a tuple member access", span)
                        }
                        _ => {
                            return Err(
                                self.expected(&format!("a member name after '{}'", symbol(token.kind)), name_token)
                            );
                        }
                    }
                }
                T::LParen => {
                    let args = self.call_args()?;
                    Expr {
                        span: expr.span.to(Span::new(self.last_end, self.last_end)),
                        kind: ExprKind::Call { callee: Box::new(expr), args },
                    }
                }
                _ => {
                    self.bump();
                    let index = self.with_newlines(true, |p| p.index_or_slice())?;
                    let close = self.expect(T::RBracket, "']' to close the index")?;
                    let span = expr.span.to(close.span);
                    match index {
                        Some(index) => {
                            Expr { span, kind: ExprKind::Index { object: Box::new(expr), index: Box::new(index) } }
                        }
                        None => other("a slice", span),
                    }
                }
            };
            // Each link nests the tree one level; counted once its arguments are read,
            // so that `f(g(x))` counts a level per call.
            self.enter(token.span)?;
            *links += 1;
        }
        Ok(expr)
    }

    /// Explicit type arguments on a call, `name<A, B>(…)`: consumes them, up to the
    /// `(`, when the `<` opens such a list, and says so; else consumes nothing (the `<`
    /// is a comparison).
    ///
    /// As upstream's parser does (burin-labs/harn,
    /// crates/harn-parser/src/parser/expressions.rs, `parse_postfix`, e45362cf), the
    /// `<` after a name is read as type arguments when they parse and a `(` follows.
    /// To keep the work linear, a cheap scan first finds the matching `>` among at
    /// most [`TYPE_ARGS_SCAN`] tokens that may occur in types; only then are they
    /// parsed.
    fn call_type_args(&mut self) -> Result<bool, ParseError> {
        let open = self.pos;
        let mut index = open + 1;
        let mut angles = 1usize;
        let mut brackets = 0usize;
        loop {
            if index - open > TYPE_ARGS_SCAN {
                return Ok(false);
            }
            match self.tok(index).kind {
                T::Lt => angles += 1,
                T::Gt => {
                    angles -= 1;
                    if angles == 0 {
                        break;
                    }
                }
                T::LParen | T::LBracket | T::LBrace => brackets += 1,
                T::RParen | T::RBracket | T::RBrace => {
                    if brackets == 0 {
                        return Ok(false);
                    }
                    brackets -= 1;
                }
                T::Ident
                | T::Str(_)
                | T::Int
                | T::Minus
                | T::Comma
                | T::Colon
                | T::Question
                | T::QuestionQuestion
                | T::Pipe
                | T::Amp
                | T::Arrow
                | T::DotDotDot
                | T::Newline => {}
                _ => return Ok(false),
            }
            index += 1;
        }
        if brackets != 0 || self.tok(index + 1).kind != T::LParen {
            return Ok(false);
        }
        let (saved_pos, saved_end) = (self.pos, self.last_end);
        if self.type_args("the call").is_ok() && self.raw().kind == T::LParen {
            return Ok(true);
        }
        self.pos = saved_pos;
        self.last_end = saved_end;
        Ok(false)
    }

    /// What is inside `[…]` after an expression, up to the `]`: an index, or (`None`)
    /// a slice `[a:b]`, either bound omitted (`[:b]`, `[a:]`, `[:]`).
    ///
    /// From burin-labs/harn, crates/harn-parser/src/parser/expressions.rs
    /// (`parse_postfix`), e45362cf.
    fn index_or_slice(&mut self) -> Result<Option<Expr>, ParseError> {
        let start_pos = self.pos;
        let start = if self.peek().kind == T::Colon { None } else { Some(self.parse_expr()?) };
        if self.peek().kind == T::Colon {
            self.bump();
            if self.peek().kind != T::RBracket {
                let end_pos = self.pos;
                self.parse_expr()?;
                // A second `:` is an error, reported by the caller.
                if !self.at_end_of(Ctx::Item) && self.peek().kind != T::Colon && self.unknown_continuation() {
                    self.pos = end_pos;
                    self.skip_balanced(Ctx::Item)?;
                }
            }
            return Ok(None);
        }
        match start {
            Some(index) if self.at_end_of(Ctx::Item) || !self.unknown_continuation() => Ok(Some(index)),
            _ => {
                // An index this reader does not model: skipped whole.
                self.pos = start_pos;
                let span = self.skip_balanced(Ctx::Item)?;
                Ok(Some(other("this expression", span)))
            }
        }
    }

    /// `(a, name: value, ...rest)`.
    fn call_args(&mut self) -> Result<Vec<CallArg>, ParseError> {
        self.bump();
        let (args, _) = self.comma_list(T::RParen, "',' or ')' to close the argument list", |p, _| {
            let first = p.peek();
            let name = p.arg_name().map(|token| p.ident(token));
            let value = p.element()?;
            Ok(CallArg { name, span: first.span.to(value.span), value })
        })?;
        Ok(args)
    }

    /// A list element or argument: an expression, or a spread `...xs` (`Other`).
    fn element(&mut self) -> Result<Expr, ParseError> {
        let token = self.peek();
        if token.kind == T::DotDotDot {
            self.bump();
            let value = self.expr_in(Ctx::Item)?;
            return Ok(other("a spread (`...`)", token.span.to(value.span)));
        }
        self.expr_in(Ctx::Item)
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let token = self.peek();
        let literal = |kind| Ok(Expr { kind, span: token.span });
        match token.kind {
            T::Int => {
                self.bump();
                literal(ExprKind::Int(self.int_value(token, false)?))
            }
            T::Float => {
                self.bump();
                literal(ExprKind::Float(self.float_value(token)?))
            }
            T::Duration => {
                self.bump();
                Ok(other("a duration literal", token.span))
            }
            T::Str(_) => {
                self.bump();
                match self.plain_string(token) {
                    Some(value) => literal(ExprKind::Str(value)),
                    None => literal(ExprKind::Interpolated),
                }
            }
            T::LParen => self.parenthesized(),
            T::LBracket => self.list(),
            T::LBrace => self.brace_expr(),
            T::Ident => {
                let word = self.text(token);
                match word {
                    "true" | "false" => {
                        self.bump();
                        literal(ExprKind::Bool(word == "true"))
                    }
                    "nil" => {
                        self.bump();
                        literal(ExprKind::Nil)
                    }
                    "fn" if self.tok(self.pos + 1).kind == T::LParen => self.anonymous_fn(),
                    _ if is_reserved(word) => {
                        let what = format!(
                            "{} `{word}` expression",
                            if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
                        );
                        let ctx = self.ctx();
                        let span = self.skip_balanced(ctx)?;
                        Ok(other(what, span))
                    }
                    _ => {
                        self.bump();
                        // `Name { field: value }` builds a struct.
                        if self.raw().kind == T::LBrace && matches!(self.brace_kind(), BraceKind::Dict) {
                            let group = self.consume_group()?;
                            return Ok(other("a struct literal", token.span.to(group)));
                        }
                        literal(ExprKind::Ident(word.to_string()))
                    }
                }
            }
            _ => Err(self.expected("an expression", token)),
        }
    }

    fn parenthesized(&mut self) -> Result<Expr, ParseError> {
        let open_pos = self.pos;
        let open = self.bump();
        let inner = self.with_newlines(true, |p| {
            let inner = p.parse_expr()?;
            let token = p.peek();
            if token.kind == T::RParen {
                return Ok(Some(inner));
            }
            if token.kind == T::Comma || p.unknown_continuation() {
                return Ok(None);
            }
            Err(p.expected("')' to close the parenthesized expression", token))
        })?;
        match inner {
            Some(inner) => {
                let close = self.bump();
                Ok(Expr { kind: inner.kind, span: open.span.to(close.span) })
            }
            None => {
                // A tuple, or something else this reader does not model: skip it whole.
                self.pos = open_pos;
                let span = self.consume_group()?;
                Ok(other("this expression", span))
            }
        }
    }

    fn list(&mut self) -> Result<Expr, ParseError> {
        let open = self.bump();
        let (items, close) = self.comma_list(T::RBracket, "',' or ']' to close the list", |p, _| p.element())?;
        Ok(Expr { kind: ExprKind::List(items), span: open.span.to(close.span) })
    }

    /// Tells a dict from a closure from a block by the first tokens after `{`.
    fn brace_kind(&self) -> BraceKind {
        let (first_index, first) = self.after_newlines(self.pos + 1);
        match first.kind {
            T::RBrace => BraceKind::Dict,
            T::Arrow => BraceKind::Closure,
            T::DotDotDot => BraceKind::Spread,
            T::Ident | T::Str(_) => {
                // Closure parameters are names, perhaps typed: `{ x, y -> … }`, `{ x: int -> … }`.
                let mut index = first_index;
                while matches!(
                    self.tok(index).kind,
                    T::Ident
                        | T::Comma
                        | T::Colon
                        | T::Lt
                        | T::Gt
                        | T::Pipe
                        | T::Question
                        | T::LBracket
                        | T::RBracket
                        | T::Dot
                        | T::DotDotDot
                        | T::Eq
                        | T::Int
                        | T::Float
                        | T::Str(_)
                ) {
                    index += 1;
                }
                if self.tok(index).kind == T::Arrow {
                    BraceKind::Closure
                } else if self.tok(first_index + 1).kind == T::Colon {
                    BraceKind::Dict
                } else {
                    BraceKind::Block
                }
            }
            _ => BraceKind::Block,
        }
    }

    fn brace_expr(&mut self) -> Result<Expr, ParseError> {
        match self.brace_kind() {
            BraceKind::Dict => self.dict(),
            BraceKind::Closure => self.closure(),
            BraceKind::Spread => Ok(other("a dict with a spread (`...`)", self.consume_group()?)),
            BraceKind::Block => Ok(other("a block", self.consume_group()?)),
        }
    }

    /// `{key: value, "key": value}`. A dict with a computed or spread key is skipped
    /// whole and becomes `Other`.
    fn dict(&mut self) -> Result<Expr, ParseError> {
        let open_pos = self.pos;
        let open = self.bump();
        let entries = self.with_newlines(true, |p| {
            let mut entries = Vec::new();
            loop {
                let token = p.peek();
                let key = match token.kind {
                    T::RBrace => break,
                    T::Ident => p.ident(token),
                    T::DotDotDot => return Ok(Err("a dict with a spread (`...`)")),
                    _ => match p.plain_string(token) {
                        Some(name) => Ident { name, span: token.span },
                        None => return Ok(Err("a dict with a computed key")),
                    },
                };
                p.bump();
                p.expect(T::Colon, &format!("':' and a value after the key `{}`", key.name))?;
                let value = p.expr_in(Ctx::Item)?;
                entries.push(DictEntry { span: key.span.to(value.span), key, value });
                if !p.list_separator(T::RBrace, "',' or '}' to close the dict")? {
                    break;
                }
            }
            Ok(Ok(entries))
        })?;
        match entries {
            Ok(entries) => {
                let close = self.bump();
                Ok(Expr { kind: ExprKind::Dict(entries), span: open.span.to(close.span) })
            }
            Err(what) => {
                self.pos = open_pos;
                let span = self.consume_group()?;
                Ok(other(what, span))
            }
        }
    }

    /// `{ params -> statements }`: parameters as a function's (a default value, then
    /// only defaults), and a body read as a function's is.
    ///
    /// From burin-labs/harn, crates/harn-parser/src/parser/expressions.rs
    /// (`parse_closure_body`), e45362cf.
    fn closure(&mut self) -> Result<Expr, ParseError> {
        let open = self.bump();
        self.with_newlines(true, |p| {
            let mut params = Vec::new();
            loop {
                if p.peek().kind == T::Arrow {
                    return Ok(());
                }
                let param = p.param()?;
                p.default_before(&params, &param)?;
                params.push(param);
                let token = p.peek();
                match token.kind {
                    T::Comma => {
                        p.bump();
                    }
                    T::Arrow => return Ok(()),
                    _ => return Err(p.expected("',' or '->' after the closure's parameter", token)),
                }
            }
        })?;
        self.bump();
        let body = self.block_after(open, "the closure")?;
        Ok(Expr { kind: ExprKind::Closure, span: body.span })
    }

    /// `fn(params) [-> T] [throws E] { body }`: a closure.
    fn anonymous_fn(&mut self) -> Result<Expr, ParseError> {
        let keyword = self.bump();
        self.params()?;
        if self.peek().kind == T::Arrow {
            self.bump();
            self.parse_type()?;
        }
        let token = self.peek();
        if self.is_word(token, "throws") {
            self.bump();
            self.parse_type()?;
        }
        let body = self.block("the body of the anonymous function")?;
        Ok(Expr { kind: ExprKind::Closure, span: keyword.span.to(body.span) })
    }
}
