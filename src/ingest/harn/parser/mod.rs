//! A recursive-descent parser for the Harn subset (spec/exports.md a.2, a.3), building the
//! tree of [`super::ast`] from the tokens of [`super::lexer`].
//!
//! What it reads in full:
//! - every top-level item: imports, attributes, `fn`, `pipeline`, `type`, `struct`
//!   and `enum`;
//! - the whole type grammar;
//! - parameter defaults (as expressions; only their span is kept);
//! - in function, pipeline and closure bodies and at the top level: `let`, `var`,
//!   `const`, `return`, `name = value`, declarations, and expressions made of
//!   literals, names, lists, dicts, calls (with explicit type arguments or not),
//!   member access, indexing and slices, closures and parentheses.
//!
//! What it skips, balanced over `()`, `[]` and `{}`, keeping only a span:
//! - `interface`, `impl`, `tool`, `skill` and `eval_pack` declarations
//!   ([`Item::Other`]);
//! - other statements ([`Stmt::Other`]). Their `what` is the keyword, `assignment` (a
//!   compound one, or one to a member or an index), `fn`, `attribute`, or `let`/`var` for a destructuring binding;
//! - other expressions ([`ExprKind::Other`]). Their `what` is a noun phrase, such as
//!   "a `+` operation", "an `if` expression", "a struct literal" or "a duration
//!   literal".
//!
//! Some tokens plausibly continue an expression in a way this reader does not
//! model:
//! - `?` (a ternary);
//! - `{` on the same line (a trailing closure);
//! - `::`, `!`, `:`, `->`, `|`, `&`, `...`, `=`;
//! - the words `as`, `is`, `not`, `exclusive`, `else`, `catch`, `finally`.
//!
//! An expression followed by one of these is skipped whole, to the end of its
//! statement, element or argument, as `ExprKind::Other { what: "this expression" }`.
//! The script surface refuses it with its location. Any other token after a complete
//! expression is an error.
//!
//! What it refuses, always as a located [`ParseError`] (never a panic):
//! - lexical errors;
//! - unbalanced or mismatched brackets;
//! - a token that cannot start the item, statement, expression or type expected
//!   there;
//! - two items or statements on one line without a `;`. Skipping stops before a
//!   keyword that only starts statements (`let`, `return`, `pub`, `type`, …), so a
//!   missing line break is never swallowed;
//! - a missing `{` for a body;
//! - a rest parameter that is not last, or a parameter without a default value after
//!   one with a default;
//! - an empty statement (`;;`), and a statement starting with a keyword that only
//!   continues one (`else`, `catch`, `in`, …);
//! - an integer literal outside `i64`;
//! - nesting deeper than [`MAX_DEPTH`] levels, counted over brackets, types and
//!   expressions (about one a bracket).
//!
//! No input overflows the stack. Operator and prefix chains are read in loops, and
//! every recursion passes through `Parser::nested`, which grows the stack (with
//! `stacker`) when little of it is left. Only deeply nested input needs that, since
//! a debug build spends about 10 KiB of stack a level.
//!
//! Every loop consumes a token or stops. The work is linear in the input, except
//! that an expression falling back to `Other` is read again (at most once per
//! enclosing fallback).
//!
//! Newlines separate items and statements. They are skipped:
//! - inside `()`, `[]`, dict literals, shapes, type arguments and parameter lists;
//! - before a type;
//! - after a binary operator or `=`;
//! - before a line that starts with `.`, `?.` or a binary operator other than `-` and
//!   `in` (`+`, `*`, `/`, `%`, `**`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `??`,
//!   `|>`);
//! - before a line that starts with `|` while a union type is read;
//! - inside a declaration header, up to its body.
//!
//! When a skipped statement is read, a line also continues after a trailing
//! operator, `|`, `&`, `->`, `:` or `,`, and before a line that starts with `|`,
//! `else`, `catch` or `finally`.
//!
//! A `}` ends an item or a statement without a separator (`fn a() {} fn b() {}`).
//! At the top level, `fn` always starts a declaration.

use std::mem;

use super::ast::*;
use super::lexer::{self, LexError, Lexed, Token, TokenKind as T, is_reserved};
use crate::source::LineIndex;

mod expr;
mod item;
mod stmt;
#[cfg(test)]
mod tests;
mod ty;

/// How deeply brackets, types and expressions may nest.
pub const MAX_DEPTH: usize = 200;

/// A syntax error: what was expected, what was found, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub span: Span,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

impl From<LexError> for ParseError {
    fn from(e: LexError) -> Self {
        ParseError { message: e.message, span: e.span }
    }
}

/// Parses a whole module.
pub fn parse(source: &str) -> Result<Module, ParseError> {
    Parser::new(source)?.module()
}

/// Parses a whole module and counts the tokens the parser looked at: its work, which
/// the tests hold linear in the input.
#[cfg(test)]
fn parse_counting_reads(source: &str) -> Result<(Module, usize), ParseError> {
    let mut parser = Parser::new(source)?;
    let module = parser.module()?;
    Ok((module, parser.reads.get()))
}

/// Where an expression ends when it has to be skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// A statement: a newline (unless the line continues), `;`, or an unmatched closer.
    Stmt,
    /// A list element, argument, dict value or default: `,` or an unmatched closer.
    Item,
}

struct Parser<'s> {
    src: &'s str,
    /// The tokens (ending with `Eof`) and the strings they hold.
    lexed: Lexed,
    pos: usize,
    /// The end of the last token consumed (newlines aside): where a construct ends.
    last_end: usize,
    depth: usize,
    /// Above zero inside brackets, where newlines mean nothing.
    newlines_ignored: usize,
    /// How many times a token was looked at (see [`parse_counting_reads`]).
    #[cfg(test)]
    reads: std::cell::Cell<usize>,
}

fn closer(open: T) -> T {
    match open {
        T::LParen => T::RParen,
        T::LBracket => T::RBracket,
        _ => T::RBrace,
    }
}

fn symbol(kind: T) -> &'static str {
    kind.symbol().unwrap_or("?")
}

/// Tokens that, ending a line, carry the statement on to the next one (no
/// statement ends with one).
fn continues_after(kind: T) -> bool {
    use T::*;
    matches!(
        kind,
        Plus | Minus
            | Star
            | StarStar
            | Slash
            | Percent
            | EqEq
            | NotEq
            | Le
            | Ge
            | AndAnd
            | OrOr
            | QuestionQuestion
            | PipeGt
            | Eq
            | PlusEq
            | MinusEq
            | StarEq
            | StarStarEq
            | SlashEq
            | PercentEq
            | QuestionQuestionEq
            | Dot
            | QuestionDot
            | Pipe
            | Amp
            | Arrow
            | Colon
            | Comma
    )
}

/// Operators that, starting a line, continue the expression of the line before: `.`,
/// `?.`, and the binary operators upstream's parser looks for past a newline. `-` is
/// not one (a line may start with a negation), nor `in`.
///
/// From burin-labs/harn, crates/harn-parser/src/parser/expressions.rs, e45362cf: each
/// precedence level but `-` and `in` reads its operator with `check_skip_newlines`.
fn continues_before(kind: T) -> bool {
    use T::*;
    matches!(
        kind,
        Dot | QuestionDot
            | PipeGt
            | AndAnd
            | OrOr
            | QuestionQuestion
            | EqEq
            | NotEq
            | Lt
            | Le
            | Gt
            | Ge
            | Plus
            | Star
            | StarStar
            | Slash
            | Percent
    )
}

/// Keywords that start a statement or a declaration and cannot occur inside an
/// expression or another statement: skipping stops before them (unless they follow
/// `.`), so that a missing line break is an error rather than a swallowed statement.
fn starts_statement(word: &str) -> bool {
    matches!(
        word,
        "let"
            | "var"
            | "return"
            | "pub"
            | "import"
            | "type"
            | "struct"
            | "enum"
            | "pipeline"
            | "interface"
            | "impl"
            | "tool"
            | "skill"
            | "eval_pack"
    )
}

fn is_assignment(kind: T) -> bool {
    use T::*;
    matches!(kind, Eq | PlusEq | MinusEq | StarEq | StarStarEq | SlashEq | PercentEq | QuestionQuestionEq)
}

impl<'s> Parser<'s> {
    fn new(src: &'s str) -> Result<Self, ParseError> {
        Ok(Parser {
            src,
            lexed: lexer::tokenize(src)?,
            pos: 0,
            last_end: 0,
            depth: 0,
            newlines_ignored: 0,
            #[cfg(test)]
            reads: Default::default(),
        })
    }

    // ----- tokens -----

    /// The token at `index` (or `Eof` past the end). Every read of a token goes
    /// through here.
    fn tok(&self, index: usize) -> Token {
        #[cfg(test)]
        self.reads.set(self.reads.get() + 1);
        let tokens = &self.lexed.tokens;
        tokens[index.min(tokens.len() - 1)]
    }

    /// The current token, as is (newlines included).
    fn raw(&self) -> Token {
        self.tok(self.pos)
    }

    /// The current token, past newlines when they mean nothing here.
    fn peek(&mut self) -> Token {
        if self.newlines_ignored > 0 {
            self.skip_newlines();
        }
        self.raw()
    }

    /// The token `n` places after the current one (past newlines inside brackets).
    fn look(&self, n: usize) -> Token {
        let mut index = self.pos;
        let mut left = n;
        loop {
            let token = self.tok(index);
            if token.kind == T::Newline && self.newlines_ignored > 0 {
                index += 1;
                continue;
            }
            if left == 0 || token.kind == T::Eof {
                return token;
            }
            left -= 1;
            index += 1;
        }
    }

    /// The first token from `index` on that is not a newline, and its index.
    fn after_newlines(&self, mut index: usize) -> (usize, Token) {
        while self.tok(index).kind == T::Newline {
            index += 1;
        }
        (index, self.tok(index))
    }

    fn bump(&mut self) -> Token {
        let token = self.peek();
        if token.kind != T::Eof {
            self.pos += 1;
            if token.kind != T::Newline {
                self.last_end = token.span.end;
            }
        }
        token
    }

    fn skip_newlines(&mut self) {
        while self.raw().kind == T::Newline {
            self.pos += 1;
        }
    }

    /// After an item or a statement: at most one `;`, then any newlines. A second `;`
    /// (an empty statement) is left to be refused by what reads the next statement.
    ///
    /// From burin-labs/harn, crates/harn-parser/src/parser/state.rs
    /// (`consume_statement_separator`) and the semicolon tests of
    /// crates/harn-parser/src/parser/mod.rs, e45362cf: `;;` and a `;` before `else` or
    /// `catch` are refused.
    fn statement_separator(&mut self) {
        if self.raw().kind == T::Semi {
            self.pos += 1;
        }
        self.skip_newlines();
    }

    fn text(&self, token: Token) -> &'s str {
        &self.src[token.span.range()]
    }

    fn is_word(&self, token: Token, word: &str) -> bool {
        token.kind == T::Ident && self.text(token) == word
    }

    fn ident(&self, token: Token) -> Ident {
        Ident { name: self.text(token).to_string(), span: token.span }
    }

    /// The value of a string token without interpolation.
    fn plain_string(&self, token: Token) -> Option<String> {
        self.lexed.string(token).filter(|s| !s.interpolated).map(|s| s.value.clone())
    }

    /// Consumes a `>`, splitting `>=` into `>` and `=`.
    fn eat_gt(&mut self) {
        let token = self.peek();
        match token.kind {
            T::Gt => {
                self.bump();
            }
            T::Ge => {
                let split = token.span.start + 1;
                self.lexed.tokens[self.pos] = Token { kind: T::Eq, span: Span::new(split, token.span.end) };
                self.last_end = split;
            }
            _ => {}
        }
    }

    // ----- errors -----

    fn describe(&self, token: Token) -> String {
        let text = self.text(token);
        match token.kind {
            T::Eof => "end of file".to_string(),
            T::Newline => "a newline".to_string(),
            T::Ident if is_reserved(text) => format!("keyword '{text}'"),
            T::Ident => format!("identifier '{text}'"),
            T::Int | T::Float | T::Duration => format!("number '{text}'"),
            T::Str(_) if text.chars().count() <= 40 && !text.contains('\n') => format!("string {text}"),
            T::Str(_) => "a string".to_string(),
            kind => format!("'{}'", symbol(kind)),
        }
    }

    fn error(&self, message: impl Into<String>, span: Span) -> ParseError {
        ParseError { message: message.into(), span }
    }

    fn expected(&self, what: &str, found: Token) -> ParseError {
        self.error(format!("expected {what}, found {}", self.describe(found)), found.span)
    }

    /// `line L, column C` of a byte offset, for messages that point elsewhere too.
    /// Only errors call it, so the line index is built then.
    fn position(&self, offset: usize) -> String {
        let at = LineIndex::new(self.src).line_col(self.src, offset);
        format!("line {}, column {}", at.line, at.column)
    }

    fn expect(&mut self, kind: T, what: &str) -> Result<Token, ParseError> {
        let token = self.peek();
        if token.kind == kind {
            self.bump();
            Ok(token)
        } else {
            Err(self.expected(what, token))
        }
    }

    /// A name that is not a keyword: of a declaration, type parameter or variant.
    fn expect_ident(&mut self, what: &str) -> Result<Ident, ParseError> {
        let token = self.peek();
        if token.kind == T::Ident && !is_reserved(self.text(token)) {
            self.bump();
            Ok(self.ident(token))
        } else {
            Err(self.expected(what, token))
        }
    }

    /// A name that may be a keyword: of a field, parameter, key or member.
    fn expect_name(&mut self, what: &str) -> Result<Ident, ParseError> {
        let token = self.peek();
        if token.kind == T::Ident {
            self.bump();
            Ok(self.ident(token))
        } else {
            Err(self.expected(what, token))
        }
    }

    fn too_deep(&self) -> String {
        format!("nesting too deep: more than {MAX_DEPTH} levels of brackets, types or expressions")
    }

    fn enter(&mut self, at: Span) -> Result<(), ParseError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(self.too_deep(), at));
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Runs `f` one nesting level deeper. Every recursive path of the parser passes
    /// through here, so this is also where the stack is grown when little of it is
    /// left; [`MAX_DEPTH`] bounds how far it can go.
    fn nested<R>(&mut self, f: impl FnOnce(&mut Self) -> Result<R, ParseError>) -> Result<R, ParseError> {
        let at = self.peek().span;
        self.enter(at)?;
        let result = crate::stack::grow(|| f(self));
        self.leave();
        result
    }

    /// Runs `f` with newlines ignored (inside brackets) or significant (in a block).
    fn with_newlines<R>(
        &mut self,
        ignored: bool,
        f: impl FnOnce(&mut Self) -> Result<R, ParseError>,
    ) -> Result<R, ParseError> {
        let inside = if ignored { self.newlines_ignored + 1 } else { 0 };
        let saved = mem::replace(&mut self.newlines_ignored, inside);
        let result = f(self);
        self.newlines_ignored = saved;
        result
    }

    fn unclosed(&self, open: Token, what: &str) -> ParseError {
        self.error(
            format!("expected '}}' to close {what} (opened at {}), found end of file", self.position(open.span.start)),
            open.span,
        )
    }

    // ----- skipping -----

    /// Consumes a bracketed group, from its opener (the current token) to the
    /// matching closer, and returns its span.
    fn consume_group(&mut self) -> Result<Span, ParseError> {
        let open = self.raw();
        let mut stack = vec![open];
        if self.depth + stack.len() > MAX_DEPTH {
            return Err(self.error(self.too_deep(), open.span));
        }
        self.pos += 1;
        loop {
            let token = self.raw();
            match token.kind {
                T::LParen | T::LBracket | T::LBrace => {
                    stack.push(token);
                    if self.depth + stack.len() > MAX_DEPTH {
                        return Err(self.error(self.too_deep(), token.span));
                    }
                }
                T::RParen | T::RBracket | T::RBrace => {
                    let top = stack.pop().unwrap_or(open);
                    let want = closer(top.kind);
                    if token.kind != want {
                        return Err(self.error(
                            format!(
                                "expected '{}' to close the '{}' at {}, found '{}'",
                                symbol(want),
                                symbol(top.kind),
                                self.position(top.span.start),
                                symbol(token.kind)
                            ),
                            token.span,
                        ));
                    }
                    if stack.is_empty() {
                        self.pos += 1;
                        self.last_end = token.span.end;
                        return Ok(open.span.to(token.span));
                    }
                }
                T::Eof => {
                    let top = stack.last().copied().unwrap_or(open);
                    return Err(self.error(
                        format!(
                            "expected '{}' to close the '{}' at {}, found end of file",
                            symbol(closer(top.kind)),
                            symbol(top.kind),
                            self.position(top.span.start)
                        ),
                        top.span,
                    ));
                }
                _ => {}
            }
            self.pos += 1;
        }
    }

    /// Whether the newline at the current position carries the statement on.
    fn newline_continues(&self, previous: Option<T>) -> bool {
        if previous.is_some_and(continues_after) {
            return true;
        }
        let (_, next) = self.after_newlines(self.pos);
        // No statement starts with `|`: such a line continues a union type.
        continues_before(next.kind)
            || next.kind == T::Pipe
            || (next.kind == T::Ident && matches!(self.text(next), "else" | "catch" | "finally"))
    }

    /// Skips tokens, balanced, to the end of what `ctx` delimits, and returns the span
    /// of what was skipped (empty, at the current token, if nothing was).
    fn skip_balanced(&mut self, ctx: Ctx) -> Result<Span, ParseError> {
        let mut span: Option<Span> = None;
        let mut previous: Option<T> = None;
        loop {
            let token = self.raw();
            match token.kind {
                T::Eof | T::RParen | T::RBracket | T::RBrace => break,
                T::Newline => {
                    if ctx == Ctx::Stmt && !self.newline_continues(previous) {
                        break;
                    }
                    self.pos += 1;
                    continue;
                }
                T::Semi if ctx == Ctx::Stmt => break,
                T::Comma if ctx == Ctx::Item => break,
                T::Ident if span.is_some() && self.starts_statement_here(previous) => break,
                T::LParen | T::LBracket | T::LBrace => {
                    let group = self.consume_group()?;
                    span = Some(span.map_or(group, |s| s.to(group)));
                    previous = Some(T::RParen);
                }
                _ => {
                    self.pos += 1;
                    self.last_end = token.span.end;
                    span = Some(span.map_or(token.span, |s| s.to(token.span)));
                    previous = Some(token.kind);
                }
            }
        }
        let here = self.raw().span.start;
        Ok(span.unwrap_or(Span::new(here, here)))
    }

    /// Whether the current word starts a new statement (it is not a member name).
    fn starts_statement_here(&self, previous: Option<T>) -> bool {
        let token = self.raw();
        if matches!(previous, Some(T::Dot | T::QuestionDot)) {
            return false;
        }
        let word = self.text(token);
        starts_statement(word) || (word == "fn" && self.tok(self.pos + 1).kind == T::Ident)
    }

    /// Whether the token after a complete expression plausibly continues it in a way
    /// this reader does not model (a ternary, a trailing closure, a cast, a path…), so
    /// that the whole expression is skipped as `Other`. Any other token is an error.
    fn unknown_continuation(&mut self) -> bool {
        let token = self.peek();
        match token.kind {
            T::Question
            | T::LBrace
            | T::ColonColon
            | T::Bang
            | T::Colon
            | T::Arrow
            | T::Pipe
            | T::Amp
            | T::DotDotDot => true,
            kind if is_assignment(kind) => true,
            T::Ident => matches!(self.text(token), "exclusive" | "else" | "catch" | "finally" | "as" | "is" | "not"),
            _ => false,
        }
    }

    fn ctx(&self) -> Ctx {
        if self.newlines_ignored > 0 { Ctx::Item } else { Ctx::Stmt }
    }

    fn at_end_of(&mut self, ctx: Ctx) -> bool {
        match ctx {
            Ctx::Stmt => matches!(self.raw().kind, T::Newline | T::Semi | T::RBrace | T::Eof),
            Ctx::Item => matches!(self.peek().kind, T::Comma | T::RParen | T::RBracket | T::RBrace | T::Eof),
        }
    }

    // ----- lists -----

    /// The elements of a comma-separated list up to `close`, its opener consumed:
    /// `item` reads one, given those before it. Newlines mean nothing inside, and a
    /// trailing comma is allowed; after an element, anything but `,` or `close` is an
    /// error that expects `what`. Returns the elements and the `close` token, consumed.
    fn comma_list<R>(
        &mut self,
        close: T,
        what: &str,
        mut item: impl FnMut(&mut Self, &[R]) -> Result<R, ParseError>,
    ) -> Result<(Vec<R>, Token), ParseError> {
        let items = self.with_newlines(true, |p| {
            let mut items = Vec::new();
            loop {
                if p.peek().kind == close {
                    break;
                }
                let next = item(p, &items)?;
                items.push(next);
                if !p.list_separator(close, what)? {
                    break;
                }
            }
            Ok(items)
        })?;
        let close = self.bump();
        Ok((items, close))
    }

    /// The name of a named argument (`name: value`): if the current token is a name
    /// followed by `:`, consumes both and returns the name's token.
    fn arg_name(&mut self) -> Option<Token> {
        let token = self.peek();
        if token.kind == T::Ident && self.look(1).kind == T::Colon {
            self.bump();
            self.bump();
            Some(token)
        } else {
            None
        }
    }

    /// After a list element: consumes a `,`, or stops before `close`.
    fn list_separator(&mut self, close: T, what: &str) -> Result<bool, ParseError> {
        let token = self.peek();
        if token.kind == T::Comma {
            self.bump();
            Ok(true)
        } else if token.kind == close {
            Ok(false)
        } else {
            Err(self.expected(what, token))
        }
    }
}
