//! A recursive-descent parser for the Harn subset (EXPORTS.md a.2, a.3), building the
//! tree of [`super::ast`] from the tokens of [`super::lexer`].
//!
//! What it reads in full:
//! - every top-level item: imports, attributes, `fn`, `pipeline`, `type`, `struct`
//!   and `enum`;
//! - the whole type grammar;
//! - parameter defaults (as expressions; only their span is kept);
//! - in function and pipeline bodies and at the top level: `let`, `var`, `return`,
//!   and expressions made of literals, names, lists, dicts, calls, member access,
//!   indexing and parentheses.
//!
//! What it skips, balanced over `()`, `[]` and `{}`, keeping only a span:
//! - `interface`, `impl`, `tool`, `skill` and `eval_pack` declarations
//!   ([`Item::Other`]);
//! - closure bodies ([`ExprKind::Closure`]);
//! - other statements ([`Stmt::Other`]). Their `what` is the keyword, `assignment`,
//!   `fn`, `attribute`, or `let`/`var` for a destructuring binding;
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
//! - a rest parameter that is not last;
//! - an integer literal outside `i64`;
//! - nesting deeper than [`MAX_DEPTH`] levels, counted over brackets, types and
//!   expressions (about one a bracket).
//!
//! No input overflows the stack. Operator and prefix chains are read in loops, and
//! every recursion passes through [`Parser::nested`]. Once a parse has used
//! [`STACK_BUDGET`] of its thread's stack, `nested` carries on on a scoped thread
//! with a large stack. Only deeply nested input gets there, since a debug build
//! spends about 10 KiB of stack a level.
//!
//! Every loop consumes a token or stops. The work is linear in the input, except
//! that an expression falling back to `Other` is read again (at most once per
//! enclosing fallback).
//!
//! Newlines separate items and statements. They are skipped:
//! - inside `()`, `[]`, dict literals, shapes, type arguments and parameter lists;
//! - before a type;
//! - after a binary operator or `=`;
//! - before a line that starts with `.`, `?.`, `|>`, `&&`, `||` or `??`;
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

/// How deeply brackets, types and expressions may nest.
pub const MAX_DEPTH: usize = 200;

/// How much of the caller's stack the parser uses before it carries on on a fresh
/// thread (see [`Parser::nested`]).
const STACK_BUDGET: usize = 256 * 1024;

/// The stack of that fresh thread: far more than [`MAX_DEPTH`] levels need, even with
/// the frames of a debug build (about 10 KiB a level). It is reserved, not committed.
const FRESH_STACK: usize = 64 * 1024 * 1024;

/// An address on the current stack.
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

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
    let mut parser = Parser {
        src: source,
        lexed: lexer::tokenize(source)?,
        pos: 0,
        last_end: 0,
        depth: 0,
        newlines_ignored: 0,
        stack_base: stack_position(),
    };
    parser.module()
}

/// Where an expression ends when it has to be skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// A statement: a newline (unless the line continues), `;`, or an unmatched closer.
    Stmt,
    /// A list element, argument, dict value or default: `,` or an unmatched closer.
    Item,
}

#[derive(Default)]
struct Signature {
    returns: Option<TypeExpr>,
    throws: Option<TypeExpr>,
    extends: Option<Ident>,
}

/// What an expression starting with `{` is, judged from its first tokens.
enum BraceKind {
    Dict,
    Closure,
    Spread,
    Block,
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
    /// Where the stack stood when parsing began on the current thread.
    stack_base: usize,
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

/// Operators that, starting a line, continue the expression of the line before.
fn continues_before(kind: T) -> bool {
    matches!(kind, T::Dot | T::QuestionDot | T::PipeGt | T::AndAnd | T::OrOr | T::QuestionQuestion)
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

fn other(what: impl Into<String>, span: Span) -> Expr {
    Expr { kind: ExprKind::Other { what: what.into() }, span }
}

/// `T | nil`, without a second `nil`.
fn optional(ty: TypeExpr, question: Span) -> TypeExpr {
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
fn union(members: Vec<TypeExpr>) -> TypeExpr {
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

/// `Name<args>`, classified as EXPORTS.md a.3 says. A built-in constructor with the
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
    // ----- tokens -----

    fn tok(&self, index: usize) -> Token {
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

    fn skip_separators(&mut self) {
        while matches!(self.raw().kind, T::Newline | T::Semi) {
            self.pos += 1;
        }
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
    /// through here, so this is also where the stack is watched: once the parse has
    /// used [`STACK_BUDGET`] of the current thread's stack, `f` runs on a fresh thread
    /// with a large stack, and the caller waits for it. Only deeply nested input ever
    /// gets there; [`MAX_DEPTH`] bounds how far it can go.
    fn nested<R: Send>(&mut self, f: impl FnOnce(&mut Self) -> Result<R, ParseError> + Send) -> Result<R, ParseError> {
        let at = self.peek().span;
        self.enter(at)?;
        let used = self.stack_base.saturating_sub(stack_position());
        let result = if used > STACK_BUDGET { self.on_fresh_stack(at, f) } else { f(self) };
        self.leave();
        result
    }

    fn on_fresh_stack<R: Send>(
        &mut self,
        at: Span,
        f: impl FnOnce(&mut Self) -> Result<R, ParseError> + Send,
    ) -> Result<R, ParseError> {
        let saved = self.stack_base;
        let this = &mut *self;
        let outcome = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("harn-parser".to_string())
                .stack_size(FRESH_STACK)
                .spawn_scoped(scope, move || {
                    this.stack_base = stack_position();
                    f(this)
                })
                .map(|handle| handle.join())
        });
        self.stack_base = saved;
        match outcome {
            Ok(Ok(result)) => result,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => Err(self.error("nesting too deep: no thread could be started to parse it", at)),
        }
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

    // ----- items -----

    fn module(&mut self) -> Result<Module, ParseError> {
        let mut items = Vec::new();
        loop {
            self.skip_separators();
            if self.raw().kind == T::Eof {
                break;
            }
            items.push(self.item()?);
            self.end_of_item("declaration or statement", None)?;
        }
        Ok(Module { items })
    }

    /// After an item or a statement: a separator, the end, or (in a block) its `}`.
    fn end_of_item(&mut self, what: &str, block: Option<Token>) -> Result<(), ParseError> {
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

    fn item(&mut self) -> Result<Item, ParseError> {
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

    /// `(a, b: T, c: T = default, ...rest: T)`.
    fn params(&mut self) -> Result<Vec<Param>, ParseError> {
        self.expect(T::LParen, "'(' to open the parameter list")?;
        let (params, _) =
            self.comma_list(T::RParen, "',' or ')' to close the parameter list", |p, before: &[Param]| {
                if let Some(rest) = before.last().filter(|param| param.rest) {
                    return Err(p.error(
                        format!("the rest parameter `...{}` must be the last parameter", rest.name.name),
                        rest.span,
                    ));
                }
                p.param()
            })?;
        Ok(params)
    }

    fn param(&mut self) -> Result<Param, ParseError> {
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
            Some(self.expr_in(Ctx::Item)?.span)
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

    fn unclosed(&self, open: Token, what: &str) -> ParseError {
        self.error(
            format!("expected '}}' to close {what} (opened at {}), found end of file", self.position(open.span.start)),
            open.span,
        )
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

    // ----- statements -----

    /// `{ statements }`.
    fn block(&mut self, what: &str) -> Result<Block, ParseError> {
        let open = self.expect(T::LBrace, &format!("'{{' to open {what}"))?;
        let statements = self.with_newlines(false, |p| {
            let mut statements = Vec::new();
            loop {
                p.skip_separators();
                match p.raw().kind {
                    T::RBrace => return Ok(statements),
                    T::Eof => return Err(p.unclosed(open, what)),
                    _ => {}
                }
                statements.push(p.statement(false)?);
                p.end_of_item("statement", Some(open))?;
            }
        })?;
        let close = self.bump();
        Ok(Block { statements, span: open.span.to(close.span) })
    }

    fn statement(&mut self, top_level: bool) -> Result<Stmt, ParseError> {
        let token = self.raw();
        let start_pos = self.pos;
        if token.kind == T::Ident {
            let word = self.text(token);
            match word {
                "let" | "var" => return self.let_statement(word == "var"),
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
                _ if is_reserved(word) || (word == "gen" && self.is_word(self.tok(self.pos + 1), "fn")) => {
                    let what = if word == "gen" { "fn" } else { word };
                    let span = self.skip_balanced(Ctx::Stmt)?;
                    return Ok(Stmt::Other { what: what.to_string(), span });
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

    /// `let name = value`, `var name: T = value`; a destructuring `let` is skipped.
    fn let_statement(&mut self, mutable: bool) -> Result<Stmt, ParseError> {
        let keyword = self.raw();
        let keyword_pos = self.pos;
        let what = if mutable { "var" } else { "let" };
        self.bump();
        let name_token = self.raw();
        let simple = name_token.kind == T::Ident
            && !is_reserved(self.text(name_token))
            && matches!(self.tok(self.pos + 1).kind, T::Eq | T::Colon);
        if simple {
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
            if !self.at_end_of(Ctx::Stmt) {
                return Err(self.expected(&format!("'=' and a value for `{}`", self.text(name_token)), eq));
            }
        }
        self.pos = keyword_pos;
        let span = self.skip_balanced(Ctx::Stmt)?;
        Ok(Stmt::Other { what: what.to_string(), span })
    }

    // ----- expressions -----

    /// An expression that must end where `ctx` says. One followed by something else
    /// is skipped whole and becomes `Other`.
    fn expr_in(&mut self, ctx: Ctx) -> Result<Expr, ParseError> {
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

    fn parse_expr(&mut self) -> Result<Expr, ParseError> {
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
                // A line that starts with `|>`, `&&`, `||` or `??` continues this one.
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

    fn int_value(&self, token: Token, negative: bool) -> Result<i64, ParseError> {
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
                    let index = self.with_newlines(true, |p| p.expr_in(Ctx::Item))?;
                    let close = self.expect(T::RBracket, "']' to close the index")?;
                    Expr {
                        span: expr.span.to(close.span),
                        kind: ExprKind::Index { object: Box::new(expr), index: Box::new(index) },
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
            BraceKind::Closure => Ok(Expr { kind: ExprKind::Closure, span: self.consume_group()? }),
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

    /// `fn(params) [-> T] [throws E] { body }`: a closure, its body skipped.
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
        let token = self.peek();
        if token.kind != T::LBrace {
            return Err(self.expected("'{' to open the body of the anonymous function", token));
        }
        let body = self.consume_group()?;
        Ok(Expr { kind: ExprKind::Closure, span: keyword.span.to(body) })
    }

    // ----- types -----

    fn parse_type(&mut self) -> Result<TypeExpr, ParseError> {
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
                self.bump();
                let inner = self.with_newlines(true, |p| p.parse_type())?;
                let close = self.expect(T::RParen, "')' to close the parenthesized type")?;
                Ok(TypeExpr { kind: inner.kind, span: token.span.to(close.span) })
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
    fn type_args(&mut self, name: &str) -> Result<Vec<TypeExpr>, ParseError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn module(source: &str) -> Module {
        parse(source).unwrap_or_else(|e| panic!("{} at {:?} ({:?})", e.message, e.span, &source[e.span.range()]))
    }

    fn fails(source: &str) -> ParseError {
        match parse(source) {
            Ok(module) => panic!("parsed, but should not have: {module:#?}"),
            Err(e) => e,
        }
    }

    fn the_fn(source: &str) -> FnDecl {
        let items = module(source).items;
        items
            .into_iter()
            .find_map(|item| match item {
                Item::Fn(f) => Some(f),
                _ => None,
            })
            .expect("a fn")
    }

    /// A compact rendering of a type, for readable assertions.
    fn show_type(ty: &TypeExpr) -> String {
        let list = |types: &[TypeExpr], sep: &str| types.iter().map(show_type).collect::<Vec<_>>().join(sep);
        match &ty.kind {
            TypeKind::Named(name) => name.clone(),
            TypeKind::Applied(name, args) => format!("{name}<{}>", list(args, ", ")),
            TypeKind::List(item) => format!("List({})", show_type(item)),
            TypeKind::Dict(key, value) => format!("Dict({}, {})", show_type(key), show_type(value)),
            TypeKind::Sequence(name, item) => format!("Seq:{name}({})", show_type(item)),
            TypeKind::Owned(item) => format!("Owned({})", show_type(item)),
            TypeKind::Shape { fields, open } => {
                let mut parts: Vec<String> = fields
                    .iter()
                    .map(|f| format!("{}{}: {}", f.name.name, if f.optional { "?" } else { "" }, show_type(&f.ty)))
                    .collect();
                if *open {
                    parts.push("...".to_string());
                }
                format!("{{{}}}", parts.join(", "))
            }
            TypeKind::Function { params, returns } => format!("fn({}) -> {}", list(params, ", "), show_type(returns)),
            TypeKind::Union(members) => format!("({})", list(members, " | ")),
            TypeKind::Intersection(members) => format!("({})", list(members, " & ")),
            TypeKind::StringLiteral(text) => format!("{text:?}"),
            TypeKind::IntLiteral(n) => n.to_string(),
            TypeKind::Nil => "nil".to_string(),
            TypeKind::BoolLiteral(b) => b.to_string(),
            TypeKind::Never => "never".to_string(),
        }
    }

    /// A compact rendering of an expression.
    fn show_expr(expr: &Expr) -> String {
        match &expr.kind {
            ExprKind::Str(text) => format!("{text:?}"),
            ExprKind::Interpolated => "interpolated".to_string(),
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Float(f) => format!("{f:?}"),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Nil => "nil".to_string(),
            ExprKind::Ident(name) => name.clone(),
            ExprKind::List(items) => format!("[{}]", items.iter().map(show_expr).collect::<Vec<_>>().join(", ")),
            ExprKind::Dict(entries) => format!(
                "{{{}}}",
                entries
                    .iter()
                    .map(|e| format!("{}: {}", e.key.name, show_expr(&e.value)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ExprKind::Call { callee, args } => format!(
                "{}({})",
                show_expr(callee),
                args.iter()
                    .map(|a| match &a.name {
                        Some(name) => format!("{}: {}", name.name, show_expr(&a.value)),
                        None => show_expr(&a.value),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ExprKind::Member { object, name } => format!("{}.{}", show_expr(object), name.name),
            ExprKind::Index { object, index } => format!("{}[{}]", show_expr(object), show_expr(index)),
            ExprKind::Closure => "closure".to_string(),
            ExprKind::Other { what } => format!("<{what}>"),
        }
    }

    /// The type of `type X = …`.
    fn ty(source: &str) -> String {
        let text = format!("type X = {source}");
        match module(&text).items.remove(0) {
            Item::TypeAlias(alias) => show_type(&alias.ty),
            other => panic!("not an alias: {other:?}"),
        }
    }

    /// The value of `let x = …`.
    fn expr(source: &str) -> String {
        let text = format!("let x = {source}");
        match module(&text).items.remove(0) {
            Item::Statement(Stmt::Let { value, .. }) => show_expr(&value),
            other => panic!("not a let: {other:?}"),
        }
    }

    fn show_stmt(statement: &Stmt) -> String {
        match statement {
            Stmt::Let { name, value, mutable, .. } => {
                format!("{} {} = {}", if *mutable { "var" } else { "let" }, name.name, show_expr(value))
            }
            Stmt::Return { value: Some(value), .. } => format!("return {}", show_expr(value)),
            Stmt::Return { value: None, .. } => "return".to_string(),
            Stmt::Expr(value) => show_expr(value),
            Stmt::Other { what, .. } => format!("<{what}>"),
        }
    }

    fn body(source: &str) -> Vec<String> {
        the_fn(&format!("fn f() {{\n{source}\n}}")).body.statements.iter().map(show_stmt).collect()
    }

    fn at(source: &str, span: Span) -> &str {
        &source[span.range()]
    }

    // ----- items -----

    #[test]
    fn imports_in_all_three_forms() {
        let source = "import \"std/tools\"\npub import { Widget, WidgetError, } from \"./types\"\nimport a::b::{c, d}\nimport std::json\n";
        let items = module(source).items;
        let imports: Vec<_> = items
            .iter()
            .map(|item| match item {
                Item::Import(i) => (
                    i.public,
                    i.path.clone(),
                    i.names.as_ref().map(|n| n.iter().map(|n| n.name.clone()).collect::<Vec<_>>()),
                    at(source, i.span),
                ),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            imports,
            [
                (false, "std/tools".to_string(), None, "import \"std/tools\""),
                (
                    true,
                    "./types".to_string(),
                    Some(vec!["Widget".to_string(), "WidgetError".to_string()]),
                    "pub import { Widget, WidgetError, } from \"./types\""
                ),
                (false, "a::b".to_string(), Some(vec!["c".to_string(), "d".to_string()]), "import a::b::{c, d}"),
                (false, "std::json".to_string(), None, "import std::json"),
            ]
        );
        assert_eq!(
            fails("import { a } \"x\"").message,
            "expected 'from' and a module path after the imported names, found string \"x\""
        );
        assert_eq!(fails("import 42").message, "expected a module path or '{' after 'import', found number '42'");
        assert!(fails("import \"a${b}\"").message.starts_with("expected a module path string"));
        let e = fails("import {\n} from \"x\"");
        assert_eq!(e.message, "expected a name to import, found '}'");
        assert_eq!(e.span, Span::new(9, 10));
        assert_eq!(fails("import a::{}").message, "expected a name to import, found '}'");
    }

    #[test]
    fn attributes_stack_with_named_positional_and_dict_arguments() {
        let source = "@annotations(readOnly: true, destructive: false, idempotent: nil)\n\n@job(\"nightly\")\n@limits(max: -3, ratio: 0.5, neg: -2.5, raw: r\"a\\b\", mode: fast, retry: {max: 3, backoff: {base: 2}},)\n@deprecated\npub fn f() {}";
        let f = the_fn(source);
        let rendered: Vec<String> = f
            .attributes
            .iter()
            .map(|a| {
                let args: Vec<String> = a
                    .args
                    .iter()
                    .map(|arg| match &arg.name {
                        Some(name) => format!("{}: {}", name.name, show_expr(&arg.value)),
                        None => show_expr(&arg.value),
                    })
                    .collect();
                format!("@{}({})", a.name.name, args.join(", "))
            })
            .collect();
        assert_eq!(
            rendered,
            [
                "@annotations(readOnly: true, destructive: false, idempotent: nil)",
                "@job(\"nightly\")",
                "@limits(max: -3, ratio: 0.5, neg: -2.5, raw: \"a\\\\b\", mode: fast, retry: {max: 3, backoff: {base: 2}})",
                "@deprecated()",
            ]
        );
        assert_eq!(at(source, f.attributes[1].span), "@job(\"nightly\")");
        assert_eq!(at(source, f.attributes[3].span), "@deprecated");
        assert_eq!(at(source, f.attributes[0].args[0].span), "readOnly: true");
        assert_eq!(at(source, f.span), "pub fn f() {}");
        // Attributes on a keyword-named attribute and a same-line declaration.
        assert_eq!(the_fn("@retry(max: 3) fn g() {}").attributes[0].name.name, "retry");
        assert_eq!(
            fails("@job\nlet x = 1").message,
            "expected a declaration after the attributes, found keyword 'let'"
        );
        assert_eq!(fails("@job").message, "expected a declaration after the attributes, found end of file");
        assert_eq!(fails("@(x) fn f() {}").message, "expected an attribute name after '@', found '('");
        assert_eq!(
            fails("@a(x: 1 y: 2)\nfn f() {}").message,
            "expected ',' or ')' to close the arguments of @a, found identifier 'y'"
        );
        assert_eq!(fails("@a(x: 1,, y)\nfn f() {}").message, "expected an expression, found ','");
    }

    #[test]
    fn functions_with_generics_params_defaults_and_rest() {
        let source = "pub gen fn pick<in T, out U, V: Bound>(harness: Harness, a: T, b: list<U> = [1, (2, 3)], c = f(x, y), untyped, ...rest: int,) -> U {}";
        let f = the_fn(source);
        assert!(f.public);
        assert_eq!(f.name.name, "pick");
        assert_eq!(f.generics.iter().map(|g| g.name.as_str()).collect::<Vec<_>>(), ["T", "U", "V"]);
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| {
                format!(
                    "{}{}{}{}",
                    if p.rest { "..." } else { "" },
                    p.name.name,
                    p.ty.as_ref().map(|t| format!(": {}", show_type(t))).unwrap_or_default(),
                    p.default.map(|d| format!(" = {}", at(source, d))).unwrap_or_default()
                )
            })
            .collect();
        assert_eq!(
            params,
            ["harness: Harness", "a: T", "b: List(U) = [1, (2, 3)]", "c = f(x, y)", "untyped", "...rest: int"]
        );
        assert_eq!(at(source, f.params[2].span), "b: list<U> = [1, (2, 3)]");
        assert_eq!(show_type(f.returns.as_ref().unwrap()), "U");
        assert_eq!(f.throws, None);
        assert_eq!(at(source, f.span), source);

        // `out` is only a variance marker before a name.
        assert_eq!(the_fn("fn f<out>() {}").generics[0].name, "out");
        // Parameters over several lines, keyword names.
        let f = the_fn("fn f(\n  type: string,\n  match: int = {a: 1}\n) {}");
        assert_eq!(f.params.len(), 2);
    }

    #[test]
    fn parameter_list_errors() {
        assert_eq!(fails("fn f(a: int {").message, "expected ',' or ')' to close the parameter list, found '{'");
        let e = fails("fn f(...rest: int, after: int) {}");
        assert_eq!(e.message, "the rest parameter `...rest` must be the last parameter");
        assert_eq!(e.span, Span::new(5, 17));
        assert_eq!(fails("fn f(a = ) {}").message, "expected a default value after '=', found ')'");
        // `{` after a complete default could be a trailing closure: the default is skipped
        // to the next `,` or `)`, which here swallows the body.
        assert_eq!(
            fails("fn f(a = (1, 2) {}").message,
            "expected ',' or ')' to close the parameter list, found end of file"
        );
        assert_eq!(
            fails("fn f(a = 1 2) {}").message,
            "expected ',' or ')' to close the parameter list, found number '2'"
        );
        let source = "fn f(a = fn() -> Pair<A, B> { x }, b: int = -1) {}";
        let f = the_fn(source);
        assert_eq!(
            f.params.iter().map(|p| at(source, p.default.unwrap())).collect::<Vec<_>>(),
            ["fn() -> Pair<A, B> { x }", "-1"]
        );
        assert_eq!(fails("fn (a) {}").message, "expected a function name after 'fn', found '('");
        assert_eq!(fails("fn if() {}").message, "expected a function name after 'fn', found keyword 'if'");
    }

    #[test]
    fn throws_with_or_without_return_type_and_around_where() {
        let cases = [
            ("fn f() -> Request throws InspectError {}", Some("Request"), Some("InspectError")),
            ("fn f(id: string) throws NotFound {}", None, Some("NotFound")),
            ("fn f<T>(x: T) -> T where T: Show throws E {}", Some("T"), Some("E")),
            ("fn f<T>(x: T) -> T throws E where T: Show + Eq, U: Other {}", Some("T"), Some("E")),
            ("fn f<T>(x: T) throws E where T: Show\n{}", None, Some("E")),
            (
                "fn f()\n  -> int\n  throws {variant: \"x\", callback: fn(int) -> int}\n{}",
                Some("int"),
                Some("{variant: \"x\", callback: fn(int) -> int}"),
            ),
        ];
        for (source, returns, throws) in cases {
            let f = the_fn(source);
            assert_eq!(f.returns.as_ref().map(show_type).as_deref(), returns, "{source}");
            assert_eq!(f.throws.as_ref().map(show_type).as_deref(), throws, "{source}");
        }
        assert_eq!(fails("fn f() throws A throws B {}").message, "`f` has a second 'throws' clause");
        assert_eq!(
            fails("fn f() -> int\nlet x = 1").message,
            "expected '{' to open the body of `f`, found keyword 'let'"
        );
        assert_eq!(fails("fn f()").message, "expected '{' to open the body of `f`, found end of file");
    }

    #[test]
    fn pipelines_typed_untyped_and_extending() {
        let source = "pipeline default(task) {\n  return task\n}\npub pipeline deploy(config: {env: \"prod\" | \"dev\", dry_run?: bool}) -> dict<string, list<int>> extends base {\n  return {}\n}";
        let items = module(source).items;
        let pipelines: Vec<&PipelineDecl> = items
            .iter()
            .map(|i| match i {
                Item::Pipeline(p) => p,
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(!pipelines[0].public);
        assert_eq!(pipelines[0].params[0].ty, None);
        assert_eq!(pipelines[0].body.statements.iter().map(show_stmt).collect::<Vec<_>>(), ["return task"]);
        assert!(pipelines[1].public);
        assert_eq!(
            show_type(pipelines[1].params[0].ty.as_ref().unwrap()),
            "{env: (\"prod\" | \"dev\"), dry_run?: bool}"
        );
        assert_eq!(show_type(pipelines[1].returns.as_ref().unwrap()), "Dict(string, List(int))");
        assert_eq!(pipelines[1].extends.as_ref().unwrap().name, "base");
        assert!(at(source, pipelines[1].span).starts_with("pub pipeline deploy"));
        assert!(at(source, pipelines[1].span).ends_with("return {}\n}"));
        assert_eq!(at(source, pipelines[1].body.span), "{\n  return {}\n}");
    }

    #[test]
    fn type_aliases_and_multi_line_unions() {
        let source = "type Outcome = \"ok\" | \"error\"\n  | \"rejected\"\ntype Msg =\n  {kind: \"a\"} |\n  {kind: \"b\"}\npub type Box<T> = {value: T}\nlet after = 1";
        let items = module(source).items;
        assert_eq!(items.len(), 4);
        let Item::TypeAlias(outcome) = &items[0] else { panic!() };
        assert_eq!(show_type(&outcome.ty), "(\"ok\" | \"error\" | \"rejected\")");
        assert_eq!(at(source, outcome.span), "type Outcome = \"ok\" | \"error\"\n  | \"rejected\"");
        let Item::TypeAlias(msg) = &items[1] else { panic!() };
        assert_eq!(show_type(&msg.ty), "({kind: \"a\"} | {kind: \"b\"})");
        let Item::TypeAlias(boxed) = &items[2] else { panic!() };
        assert!(boxed.public);
        assert_eq!(boxed.generics[0].name, "T");
        assert!(matches!(items[3], Item::Statement(Stmt::Let { .. })));
        assert_eq!(fails("type X int").message, "expected '=' after `type X`, found identifier 'int'");
        assert_eq!(
            fails("type X = int string").message,
            "expected a newline or ';' after the declaration or statement, found identifier 'string'"
        );
    }

    #[test]
    fn structs_with_newline_or_comma_separated_fields() {
        let source = "pub struct Page<T> {\n  items: list<T>\n  next?: string, cursor\n  type: \"page\"; total?: int\n}\nstruct Empty {}\nstruct Owner { login: string, id: int, }";
        let items = module(source).items;
        let Item::Struct(page) = &items[0] else { panic!() };
        assert!(page.public);
        let fields: Vec<String> = page
            .fields
            .iter()
            .map(|f| {
                format!(
                    "{}{}{}",
                    f.name.name,
                    if f.optional { "?" } else { "" },
                    f.ty.as_ref().map(|t| format!(": {}", show_type(t))).unwrap_or_default()
                )
            })
            .collect();
        assert_eq!(fields, ["items: List(T)", "next?: string", "cursor", "type: \"page\"", "total?: int"]);
        assert_eq!(at(source, page.fields[1].span), "next?: string");
        assert!(at(source, page.span).starts_with("pub struct Page<T> {") && at(source, page.span).ends_with('}'));
        let Item::Struct(empty) = &items[1] else { panic!() };
        assert!(empty.fields.is_empty());
        let Item::Struct(owner) = &items[2] else { panic!() };
        assert_eq!(owner.fields.len(), 2);
        assert_eq!(
            fails("struct S { a: int b: int }").message,
            "expected ',' or a newline after the field, found identifier 'b'"
        );
        let e = fails("struct S {\n  a: int\n");
        assert_eq!(
            e.message,
            "expected '}' to close the fields of `S` (opened at line 1, column 10), found end of file"
        );
        assert_eq!(e.span, Span::new(9, 10));
    }

    #[test]
    fn enums_with_unit_and_field_variants() {
        let source = "enum Shape { Circle(radius: float), Square(side: float), Empty }\nenum Outcome<T> {\n  Done(value: T)\n  Failed(message: string)\n  Pending,\n}";
        let items = module(source).items;
        let Item::Enum(shape) = &items[0] else { panic!() };
        let variants: Vec<String> = shape
            .variants
            .iter()
            .map(|v| {
                let fields: Vec<String> = v
                    .fields
                    .iter()
                    .map(|p| format!("{}: {}", p.name.name, show_type(p.ty.as_ref().unwrap())))
                    .collect();
                format!("{}({})", v.name.name, fields.join(", "))
            })
            .collect();
        assert_eq!(variants, ["Circle(radius: float)", "Square(side: float)", "Empty()"]);
        assert_eq!(at(source, shape.variants[0].span), "Circle(radius: float)");
        let Item::Enum(outcome) = &items[1] else { panic!() };
        assert_eq!(outcome.generics[0].name, "T");
        assert_eq!(
            outcome.variants.iter().map(|v| v.name.name.as_str()).collect::<Vec<_>>(),
            ["Done", "Failed", "Pending"]
        );
        assert_eq!(
            fails("enum E { A B }").message,
            "expected ',' or a newline after the variant, found identifier 'B'"
        );
    }

    #[test]
    fn other_declarations_are_skipped_balanced() {
        let source = "interface Named {\n  fn name() -> string\n}\nimpl Named for Widget { fn name() -> string { return \"}\" } }\npub tool read_file(path: string) -> {text: string} {\n  description \"Read\"\n}\nskill review\n{\n  prompt: \"x\"\n}\neval_pack checks { case \"a\" {} }\npub fn after() {}";
        let items = module(source).items;
        let others: Vec<(String, Option<String>, &str)> = items
            .iter()
            .filter_map(|i| match i {
                Item::Other { kind, name, span } => {
                    Some((kind.clone(), name.as_ref().map(|n| n.name.clone()), at(source, *span)))
                }
                _ => None,
            })
            .collect();
        assert_eq!(others.len(), 5);
        assert_eq!(
            others[0],
            ("interface".to_string(), Some("Named".to_string()), "interface Named {\n  fn name() -> string\n}")
        );
        assert_eq!(others[1].0, "impl");
        assert_eq!(others[2].0, "tool");
        assert!(others[2].2.starts_with("pub tool read_file") && others[2].2.ends_with("\"Read\"\n}"));
        assert_eq!(others[3].1.as_deref(), Some("review"));
        assert_eq!(others[4].2, "eval_pack checks { case \"a\" {} }");
        assert!(matches!(items.last(), Some(Item::Fn(f)) if f.name.name == "after"));
        assert_eq!(
            fails("interface Named\nfn x() {}").message,
            "expected '{' to open the body of `interface`, found a newline"
        );
        assert!(
            fails("tool t { ( }").message.starts_with("expected ')' to close the '(' at line 1, column 10, found '}'")
        );
    }

    #[test]
    fn items_need_separators_except_after_a_brace() {
        assert_eq!(module("fn a() {} fn b() {}; let c = 1; let d = 2").items.len(), 4);
        assert_eq!(
            fails("let a = 1 let b = 2").message,
            "expected a newline or ';' after the declaration or statement, found keyword 'let'"
        );
        assert_eq!(
            fails("let a = x ? 1 : 2 let b = 2").message,
            "expected a newline or ';' after the declaration or statement, found keyword 'let'"
        );
        // A `}` ends a statement, as it ends a declaration.
        assert_eq!(module("if a { b } return c").items.len(), 2);
        assert_eq!(
            fails("g() 1").message,
            "expected a newline or ';' after the declaration or statement, found number '1'"
        );
        assert_eq!(module("if a.type == b { c }").items.len(), 1);
        assert_eq!(module("\n\n;;\n").items.len(), 0);
        assert_eq!(module("").items.len(), 0);
        assert_eq!(module("#!/usr/bin/env harn\n/** doc */\n// c\n").items.len(), 0);
    }

    #[test]
    fn stray_and_unbalanced_tokens_are_located() {
        let e = fails("fn f() {\n  g()\n}\n}");
        assert_eq!(e.message, "expected a declaration or a statement, found '}'");
        assert_eq!(e.span, Span::new(17, 18));
        let e = fails("fn f() {\n  let x = [1, 2\n}");
        assert_eq!(e.message, "expected ',' or ']' to close the list, found '}'");
        let e = fails("fn f() {\n  if x { (1] }\n}");
        assert_eq!(e.message, "expected ')' to close the '(' at line 2, column 10, found ']'");
        assert_eq!(e.span, Span::new(20, 21));
        let e = fails("fn f() {\n  if x {\n");
        assert_eq!(e.message, "expected '}' to close the '{' at line 2, column 8, found end of file");
        assert_eq!(e.span, Span::new(16, 17));
        assert_eq!(
            fails("fn f() {\n  let x = 1\n").message,
            "expected '}' to close the body of `f` (opened at line 1, column 8), found end of file"
        );
        assert_eq!(fails("fn f() { g()) }").message, "unexpected ')': there is no open '(' for it to close");
        assert_eq!(fails("-> x").message, "expected a declaration or a statement, found '->'");
        assert_eq!(fails("fn f() { ) }").message, "expected a statement or '}', found ')'");
        assert_eq!(fails("pub let x = 1").message, "expected a declaration after 'pub', found keyword 'let'");
        assert_eq!(fails("let x = ").message, "expected an expression, found end of file");
        assert_eq!(fails("let x = a.").message, "expected a member name after '.', found end of file");
        // Lexical errors come through as parse errors, located.
        let e = fails("let x = \"abc\nlet y = 1");
        assert!(e.message.starts_with("unterminated string"));
        assert_eq!(e.span, Span::new(8, 12));
        assert!(fails("/* /* */").message.starts_with("unterminated block comment"));
        assert_eq!(
            fails("let x = 99999999999999999999").message,
            "integer literal '99999999999999999999' is out of range"
        );
        assert_eq!(
            fails("let x = -9223372036854775809").message,
            "integer literal '9223372036854775809' is out of range"
        );
        assert_eq!(fails("let x = 0xZZ").message, "integer literal '0xZZ' is not a valid integer");
    }

    // ----- types -----

    #[test]
    fn unions_intersections_and_optionals() {
        assert_eq!(ty("string | int | nil"), "(string | int | nil)");
        assert_eq!(ty("string?"), "(string | nil)");
        assert_eq!(ty("string? | nil"), "(string | nil)");
        assert_eq!(ty("nil | string?"), "(nil | string)");
        assert_eq!(ty("string??"), "(string | nil)");
        assert_eq!(ty("nil?"), "nil");
        assert_eq!(ty("(a | b)? | c"), "(a | b | nil | c)");
        assert_eq!(ty("{a: int} & {b: string}"), "({a: int} & {b: string})");
        assert_eq!(ty("a & (b & c) | d?"), "((a & b & c) | d | nil)");
        assert_eq!(ty("a & b?"), "(a & (b | nil))");
        // A `|` may also lead the first member.
        assert_eq!(ty("\n  | a\n  | b"), "(a | b)");
    }

    #[test]
    fn optional_is_a_union_with_nil() {
        // `optional` stays apart from `union` only to allocate less: the results agree.
        let named =
            |name: &str, at: usize| TypeExpr { kind: TypeKind::Named(name.to_string()), span: Span::new(at, at + 1) };
        let nil = |at: usize| TypeExpr { kind: TypeKind::Nil, span: Span::new(at, at + 1) };
        let question = Span::new(9, 10);
        for ty in [
            nil(0),
            named("a", 0),
            union(vec![named("a", 0), named("b", 2)]),
            union(vec![named("a", 0), nil(2)]),
            union(vec![nil(0), named("b", 2), named("c", 4)]),
        ] {
            let expected = union(vec![ty.clone(), nil(9)]);
            assert_eq!(optional(ty, question), expected);
        }
    }

    #[test]
    fn union_spans_cover_their_members() {
        let source = "type X = a |\n  b\n  | c?";
        let Item::TypeAlias(alias) = module(source).items.remove(0) else { panic!() };
        assert_eq!(at(source, alias.ty.span), "a |\n  b\n  | c?");
        let TypeKind::Union(members) = &alias.ty.kind else { panic!() };
        assert_eq!(members.len(), 4);
        assert_eq!(at(source, members[3].span), "?");
    }

    #[test]
    fn shapes_with_keyword_fields_and_open_tails() {
        assert_eq!(
            ty("{type: string, match: int, fn: bool, if?: nil, \"quoted-key\": int}"),
            "{type: string, match: int, fn: bool, if?: nil, quoted-key: int}"
        );
        assert_eq!(ty("{name: string, ...Rest}"), "{name: string, ...}");
        assert_eq!(ty("{...A, ...B}"), "{...}");
        assert_eq!(ty("{}"), "{}");
        assert_eq!(
            ty("{\n  schema: \"v2\",\n  outcome: \"ok\" | \"error\",\n  data: {count: int},\n}"),
            "{schema: \"v2\", outcome: (\"ok\" | \"error\"), data: {count: int}}"
        );
        assert_eq!(ty("{\n  a: int\n  b: string\n}"), "{a: int, b: string}");
        assert_eq!(
            fails("type X = {a: int b: int}").message,
            "expected ',' or '}' to close the shape type, found identifier 'b'"
        );
        assert_eq!(
            fails("type X = {a int}").message,
            "expected ':' and a type after the field `a`, found identifier 'int'"
        );
    }

    #[test]
    fn literal_and_function_types() {
        assert_eq!(
            ty("\"fast\" | r\"raw\\x\" | 1 | -2 | nil | true | false"),
            "(\"fast\" | \"raw\\\\x\" | 1 | -2 | nil | true | false)"
        );
        assert_eq!(ty("fn(int, string) -> bool"), "fn(int, string) -> bool");
        assert_eq!(ty("fn() -> fn(x: int) -> nil"), "fn() -> fn(int) -> nil");
        assert_eq!(ty("fn(int) -> int | nil"), "fn(int) -> (int | nil)");
        assert_eq!(
            fails("type X = fn(int)").message,
            "expected '->' and a return type after the parameters of a function type, found end of file"
        );
        assert_eq!(fails("type X = 1.5").message, "expected a type, found number '1.5'");
        assert_eq!(fails("type X = if").message, "expected a type, found keyword 'if'");
        assert_eq!(
            fails("type X = -x").message,
            "expected an integer after '-' in a literal type, found identifier 'x'"
        );
        assert_eq!(
            fails("type X = \"a${b}\"").message,
            "expected a type (a literal type cannot be interpolated), found string \"a${b}\""
        );
    }

    #[test]
    fn generic_names_are_classified() {
        assert_eq!(ty("list<string>"), "List(string)");
        assert_eq!(ty("[string]"), "List(string)");
        assert_eq!(ty("dict<string, list<int>>"), "Dict(string, List(int))");
        assert_eq!(
            ty("iter<int> | Iter<int> | Generator<int> | Stream<int>"),
            "(Seq:iter(int) | Seq:Iter(int) | Seq:Generator(int) | Seq:Stream(int))"
        );
        assert_eq!(ty("owned<Item>"), "Owned(Item)");
        assert_eq!(ty("never"), "never");
        assert_eq!(ty("Result<int, string>"), "Result<int, string>");
        assert_eq!(ty("Outcome<Envelope<string>>"), "Outcome<Envelope<string>>");
        assert_eq!(ty("list | dict | set | any | Widget"), "(list | dict | set | any | Widget)");
        // A built-in constructor with the wrong number of arguments stays applied.
        assert_eq!(ty("dict<int>"), "dict<int>");
        assert_eq!(ty("list<\n  int,\n>"), "List(int)");
    }

    #[test]
    fn double_close_of_generics() {
        assert_eq!(ty("list<list<list<int>>>"), "List(List(List(int)))");
        // `>=` after a generic splits into `>` and `=`.
        let f = the_fn("fn f(x: list<int>= [], y: dict<string, list<int>>= {}) {}");
        assert_eq!(f.params.len(), 2);
        assert_eq!(show_type(f.params[1].ty.as_ref().unwrap()), "Dict(string, List(int))");
        assert!(f.params[1].default.is_some());
        assert_eq!(body("let x: list<int>= [1]"), ["let x = [1]"]);
        assert_eq!(
            fails("type X = list<int").message,
            "expected ',' or '>' to close the type arguments of `list`, found end of file"
        );
    }

    // ----- statements and expressions -----

    #[test]
    fn body_statements() {
        let statements = body(
            "let w = harness.store.get(widget_id)\nvar n: int = 0\nif verbose { log(\"${w.name} ${\"nested ${1 + 2}\"}\") } else { x }\nfor x in xs {\n  n += x\n}\nwhile n > 0 { n -= 1 }\nmatch w {\n  nil -> { return 1 }\n}\ntry { risky() } catch e { log(e) }\nguard w else { return }\nn = n + 1\nw.count += 1\nlet {a, b} = pair\nlet [c] = xs\nthrow \"x\"\nfn helper() { return 1 }\nreturn\nreturn w",
        );
        assert_eq!(
            statements,
            [
                "let w = harness.store.get(widget_id)",
                "var n = 0",
                "<if>",
                "<for>",
                "<while>",
                "<match>",
                "<try>",
                "<guard>",
                "<assignment>",
                "<assignment>",
                "<let>",
                "<let>",
                "<throw>",
                "<fn>",
                "return",
                "return w",
            ]
        );
    }

    #[test]
    fn skipped_statements_continue_over_type_lines() {
        let statements =
            body("x = fn(a: int) -> int\n  | nil { return a }\nfor i in xs: list<int> |\n  nil {}\nreturn 1");
        assert_eq!(statements, ["<assignment>", "<for>", "return 1"]);
    }

    #[test]
    fn statement_spans() {
        let source = "fn f() {\n  if a {\n    b\n  }\n  else {\n    c\n  }\n  x = 1 +\n    2\n  return\n}";
        let f = the_fn(source);
        let spans: Vec<&str> = f.body.statements.iter().map(|s| at(source, s.span())).collect();
        assert_eq!(spans, ["if a {\n    b\n  }\n  else {\n    c\n  }", "x = 1 +\n    2", "return"]);
        assert_eq!(body("return; return 1; g()"), ["return", "return 1", "g()"]);
    }

    #[test]
    fn literals_and_names() {
        assert_eq!(expr("\"a\\n\""), "\"a\\n\"");
        assert_eq!(expr("r\"a\\n\""), "\"a\\\\n\"");
        assert_eq!(expr("\"\"\"\n  multi\n    line\n  \"\"\""), "\"multi\\n  line\"");
        assert_eq!(expr("\"hi ${name}\""), "interpolated");
        assert_eq!(expr("42"), "42");
        assert_eq!(expr("-42"), "-42");
        assert_eq!(expr("-9223372036854775808"), "-9223372036854775808");
        assert_eq!(expr("0x1F"), "31");
        assert_eq!(expr("1_000"), "1000");
        assert_eq!(expr("1.5"), "1.5");
        assert_eq!(expr("-2.5e3"), "-2500.0");
        assert_eq!(expr("-1.5.type"), "<a `-` operation>");
        assert_eq!(expr("-290[0]"), "<a `-` operation>");
        assert_eq!(expr("true"), "true");
        assert_eq!(expr("nil"), "nil");
        assert_eq!(expr("widget_id"), "widget_id");
        assert_eq!(expr("5s"), "<a duration literal>");
    }

    #[test]
    fn lists_dicts_and_trailing_commas() {
        assert_eq!(expr("[1, \"two\", [3],\n  nil,\n]"), "[1, \"two\", [3], nil]");
        assert_eq!(expr("[]"), "[]");
        assert_eq!(expr("{}"), "{}");
        assert_eq!(expr("{\n}"), "{}");
        assert_eq!(
            expr("{type: \"object\", \"$ref\": \"#/x\", match: 1,\n  nested: {a: [1]},\n}"),
            "{type: \"object\", $ref: \"#/x\", match: 1, nested: {a: [1]}}"
        );
        assert_eq!(expr("[...xs, 1]"), "[<a spread (`...`)>, 1]");
        assert_eq!(expr("{...base, a: 1}"), "<a dict with a spread (`...`)>");
        assert_eq!(expr("{a: 1, ...base}"), "<a dict with a spread (`...`)>");
        assert_eq!(expr("{\"${k}\": 1}"), "<a dict with a computed key>");
        assert_eq!(expr("{a: 1, \"${k}\": 1}"), "<a dict with a computed key>");
        let source = "let x = {name: \"w\", count: 2}";
        let Item::Statement(Stmt::Let { value, span, .. }) = module(source).items.remove(0) else { panic!() };
        assert_eq!(at(source, span), "let x = {name: \"w\", count: 2}");
        let ExprKind::Dict(entries) = value.kind else { panic!() };
        assert_eq!(at(source, entries[1].span), "count: 2");
        assert_eq!(at(source, entries[1].key.span), "count");
        assert_eq!(fails("let x = {a: 1 b: 2}").message, "expected ',' or '}' to close the dict, found identifier 'b'");
        assert_eq!(fails("let x = [1 2]").message, "expected ',' or ']' to close the list, found number '2'");
        assert_eq!(
            fails("let x = (1 2)").message,
            "expected ')' to close the parenthesized expression, found number '2'"
        );
        assert_eq!(
            fails("let x = {a: 1, b 2}").message,
            "expected ':' and a value after the key `b`, found number '2'"
        );
    }

    #[test]
    fn calls_members_indexing_and_parentheses() {
        assert_eq!(
            expr("tool_registry_from(specs(), {info: {name: \"w\"}})"),
            "tool_registry_from(specs(), {info: {name: \"w\"}})"
        );
        assert_eq!(expr("f(a, name: value, type: 1,\n)"), "f(a, name: value, type: 1)");
        assert_eq!(expr("harness.tools.mcp_tools(registry())"), "harness.tools.mcp_tools(registry())");
        assert_eq!(expr("xs[0].name"), "xs[0].name");
        assert_eq!(expr("a.type.emit"), "a.type.emit");
        assert_eq!(expr("(1)"), "1");
        assert_eq!(expr("((\"x\"))"), "\"x\"");
        assert_eq!(expr("(a, b)"), "<this expression>");
        assert_eq!(expr("a?.b"), "<an optional member access (`?.`)>");
        assert_eq!(expr("t.0"), "<a tuple member access>");
        assert_eq!(expr("f(...args)"), "f(<a spread (`...`)>)");
        assert_eq!(expr("items\n  .filter(keep)\n  .map(f)"), "items.filter(keep).map(f)");
        let source = "let x = f(a, b: 2)";
        let Item::Statement(Stmt::Let { value, .. }) = module(source).items.remove(0) else { panic!() };
        assert_eq!(at(source, value.span), "f(a, b: 2)");
        let ExprKind::Call { args, .. } = value.kind else { panic!() };
        assert_eq!(at(source, args[1].span), "b: 2");
        assert_eq!(
            fails("let x = f(a b)").message,
            "expected ',' or ')' to close the argument list, found identifier 'b'"
        );
        assert_eq!(expr("f(a as int, b)"), "f(<this expression>, b)");
        assert_eq!(expr("Shape::Circle(1)"), "<this expression>");
    }

    #[test]
    fn closures_versus_dicts_versus_blocks() {
        assert_eq!(expr("{ x -> x * 2 }"), "closure");
        assert_eq!(expr("{ x, y -> x + y }"), "closure");
        assert_eq!(expr("{ -> 1 }"), "closure");
        assert_eq!(expr("{\n  -> 1\n}"), "closure");
        assert_eq!(expr("{ x: int, y: list<string> -> x }"), "closure");
        assert_eq!(expr("{ args -> lookup({a: 1}) }"), "closure");
        assert_eq!(expr("fn(x) { return x }"), "closure");
        assert_eq!(expr("fn(x: int) -> {a: int} { return {a: x} }"), "closure");
        assert_eq!(expr("fn() throws E { }"), "closure");
        assert_eq!(expr("{handler: { args -> lookup(args) }, name: \"n\"}"), "{handler: closure, name: \"n\"}");
        assert_eq!(expr("{a: fn(x) -> int { x }}"), "{a: closure}");
        assert_eq!(expr("{a: b}"), "{a: b}");
        assert_eq!(expr("{\"a\": b}"), "{a: b}");
        assert_eq!(expr("{ foo() }"), "<a block>");
        let source = "let f = { x -> { y -> \"}\" } }\nlet g = 1";
        let items = module(source).items;
        let Item::Statement(Stmt::Let { value, .. }) = &items[0] else { panic!() };
        assert_eq!(at(source, value.span), "{ x -> { y -> \"}\" } }");
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn other_expressions_keep_their_span() {
        assert_eq!(expr("1 + 2 * 3"), "<a `+` operation>");
        assert_eq!(expr("a ** b ** c"), "<a `**` operation>");
        assert_eq!(expr("a == b && c"), "<a `&&` operation>");
        assert_eq!(expr("x in xs"), "<a `in` operation>");
        assert_eq!(expr("-x"), "<a `-` operation>");
        assert_eq!(expr("!!ok"), "<a `!` operation>");
        assert_eq!(expr("if a { 1 } else { 2 }"), "<an `if` expression>");
        assert_eq!(expr("match x { 1 -> \"a\" }"), "<a `match` expression>");
        assert_eq!(expr("Page { items: [], next: nil }"), "<a struct literal>");
        assert_eq!(expr("a ? b : c"), "<this expression>");
        assert_eq!(expr("[a ? b : c, 2]"), "[<this expression>, 2]");
        assert_eq!(expr("f(if a { b } else { c }, d)"), "f(<an `if` expression>, d)");
        assert_eq!(expr("xs\n  |> map(f)\n  |> sum"), "<a `|>` operation>");
        assert_eq!(expr("a +\n  b"), "<a `+` operation>");
        let source = "let x = 1 +\n  if a { 2 } else { 3 }\nlet y = a ? b : c\nreturn";
        let items = module(source).items;
        let spans: Vec<&str> = items
            .iter()
            .map(|i| match i {
                Item::Statement(Stmt::Let { value, .. }) => at(source, value.span),
                Item::Statement(other) => at(source, other.span()),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(spans, ["1 +\n  if a { 2 } else { 3 }", "a ? b : c", "return"]);
    }

    #[test]
    fn top_level_statements_are_items() {
        let items = module("let audiences = [\"mcp\"]\nmain()\nx = 1\nif a { b }").items;
        let rendered: Vec<String> = items
            .iter()
            .map(|i| match i {
                Item::Statement(s) => show_stmt(s),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(rendered, ["let audiences = [\"mcp\"]", "main()", "<assignment>", "<if>"]);
    }

    #[test]
    fn nesting_is_bounded_and_never_overflows() {
        // On a small stack, as a test thread or a worker of a pool might have.
        std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(|| {
                let deep =
                    |open: &str, close: &str, n: usize| format!("let x = {}1{}", open.repeat(n), close.repeat(n));
                for (open, close) in [("(", ")"), ("[", "]"), ("{a: ", "}"), ("f(", ")"), ("x[", "]")] {
                    assert!(parse(&deep(open, close, MAX_DEPTH - 2)).is_ok(), "{open}");
                    let e = parse(&deep(open, close, MAX_DEPTH + 1)).unwrap_err();
                    assert!(e.message.starts_with("nesting too deep"), "{open}: {}", e.message);
                    assert!(parse(&deep(open, close, 100_000)).is_err());
                }
                let types =
                    |open: &str, close: &str, n: usize| format!("type X = {}int{}", open.repeat(n), close.repeat(n));
                for (open, close) in [("list<", ">"), ("{a: ", "}"), ("[", "]"), ("fn() -> ", ""), ("(", ")")] {
                    assert!(parse(&types(open, close, MAX_DEPTH - 2)).is_ok(), "{open}");
                    assert!(
                        parse(&types(open, close, MAX_DEPTH + 1)).unwrap_err().message.starts_with("nesting too deep")
                    );
                }
                let skipped = format!("fn f() {{ if x {}{} }}", "{".repeat(100_000), "}".repeat(100_000));
                assert!(parse(&skipped).unwrap_err().message.starts_with("nesting too deep"));
                // Prefix and operator chains are read in loops.
                assert!(parse(&format!("let x = {}1", "- !".repeat(50_000))).is_ok());
                assert!(parse(&format!("let x = 1{}", " ** 1".repeat(50_000))).is_ok());
                assert!(parse(&format!("let x = a{}", ".b".repeat(MAX_DEPTH + 1))).is_err());
            })
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn fixtures_parse() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/harn");
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "harn") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    if let Err(e) = parse(&text) {
                        panic!("{}: {} at {:?}", path.display(), e.message, e.span);
                    }
                }
            }
        }
    }

    #[test]
    fn large_modules_parse_in_linear_time() {
        let unit = "/// Doc.\n@annotations(readOnly: true)\npub fn get_{i}(id: string, limit: int = 10, opts: {verbose?: bool, tags: list<string>}) -> Widget | nil throws NotFound {\n  let w = store.get(id, limit: limit)\n  if w == nil { return nil }\n  return {id: id, name: \"w ${id}\", tags: [\"a\", \"b\"], handler: { args -> run(args) }}\n}\n\n";
        let small: String = (0..500).map(|i| unit.replace("{i}", &i.to_string())).collect();
        let large: String = (0..5000).map(|i| unit.replace("{i}", &i.to_string())).collect();
        let time = |text: &str| {
            let start = std::time::Instant::now();
            let module = parse(text).unwrap();
            (start.elapsed(), module.items.len())
        };
        let (_, n) = time(&small);
        assert_eq!(n, 500);
        let (small_time, _) = time(&small);
        let (large_time, n) = time(&large);
        assert_eq!(n, 5000);
        // Ten times the input must not take anything like a hundred times as long.
        assert!(
            large_time < small_time * 40 + std::time::Duration::from_millis(50),
            "{small_time:?} vs {large_time:?}"
        );
    }
}
