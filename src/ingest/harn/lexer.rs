//! The lexer for the Harn subset (spec/exports.md a.1).
//!
//! It is written by hand rather than generated. Several rules are simple as code but
//! hard to state exactly as a lexer generator's regular expressions:
//! - block comments nest;
//! - `${…}` interpolation holds a whole expression, with its own braces, strings and
//!   further interpolations;
//! - `"""…"""` strings span lines and have their indentation stripped;
//! - a newline is a token, except right after a backslash, which joins two lines;
//! - a `#!` shebang may open the file;
//! - inside a `${…}`, `\"…\"` is a string (its quotes escaped for the string around it).
//!
//! The output is a flat list of [`Token`]s, each carrying its byte span and ending
//! with [`TokenKind::Eof`].
//! - Keywords are lexed as [`TokenKind::Ident`]; [`is_reserved`] tells them apart.
//! - A string is a single token, interpolated or not. Its cooked text is in
//!   [`Lexed::strings`]. An interpolated string says so, and its `${…}` pieces are
//!   lexed only to find where they end.
//! - There is no `>>` token, so `list<list<int>>` closes with two `>`.
//!
//! Errors are located [`LexError`]s, never panics:
//! - an unterminated string, block comment or interpolation;
//! - an unescaped newline in a `"…"` or `r"…"` string;
//! - a stray character;
//! - a number with an unknown suffix;
//! - interpolation nested more than [`MAX_INTERPOLATION_DEPTH`] levels deep.

use super::ast::Span;

/// How deeply `${…}` interpolations may nest inside one another.
pub const MAX_INTERPOLATION_DEPTH: usize = 64;

/// The units a duration literal (`5s`, `100ms`) may carry.
pub const DURATION_UNITS: &[&str] = &["ms", "s", "m", "h", "d", "w"];

/// Whether `word` is reserved (spec/exports.md a.1). `where`, `out` and `gen` are not:
/// they are contextual.
pub fn is_reserved(word: &str) -> bool {
    matches!(
        word,
        "pub"
            | "fn"
            | "pipeline"
            | "extends"
            | "type"
            | "struct"
            | "enum"
            | "interface"
            | "impl"
            | "tool"
            | "import"
            | "from"
            | "nil"
            | "true"
            | "false"
            | "in"
            | "throw"
            | "throws"
            | "let"
            | "var"
            | "if"
            | "else"
            | "for"
            | "match"
            | "return"
            | "try"
            | "catch"
            | "finally"
            | "while"
            | "retry"
            | "parallel"
            | "defer"
            | "spawn"
            | "emit"
            | "guard"
            | "require"
            | "each"
            | "settle"
            | "deadline"
            | "yield"
            | "mutex"
            | "break"
            | "continue"
            | "select"
            | "to"
            | "exclusive"
            | "eval_pack"
            | "skill"
    )
}

/// What a token is. Identifiers, numbers and strings get their text from their span
/// (and, for strings, from [`Lexed::strings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or a keyword: `[A-Za-z_][A-Za-z0-9_]*`.
    Ident,
    /// `42`, `1_000`, `0xff`.
    Int,
    /// `1.5`, `2e10`.
    Float,
    /// `5s`, `100ms`, `1.5h`.
    Duration,
    /// A string of any form; the index into [`Lexed::strings`].
    Str(u32),
    /// A line break (not one joined by a backslash).
    Newline,
    Semi,
    Comma,
    Colon,
    ColonColon,
    Dot,
    DotDotDot,
    Question,
    QuestionDot,
    QuestionQuestion,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Arrow,
    Eq,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    Pipe,
    PipeGt,
    Amp,
    Bang,
    Plus,
    Minus,
    Star,
    StarStar,
    Slash,
    Percent,
    PlusEq,
    MinusEq,
    StarEq,
    StarStarEq,
    SlashEq,
    PercentEq,
    QuestionQuestionEq,
    At,
    /// The end of the input; always the last token.
    Eof,
}

impl TokenKind {
    /// The spelling of a punctuation token; `None` for the others.
    pub fn symbol(self) -> Option<&'static str> {
        use TokenKind::*;
        Some(match self {
            Ident | Int | Float | Duration | Str(_) | Newline | Eof => return None,
            Semi => ";",
            Comma => ",",
            Colon => ":",
            ColonColon => "::",
            Dot => ".",
            DotDotDot => "...",
            Question => "?",
            QuestionDot => "?.",
            QuestionQuestion => "??",
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            Arrow => "->",
            Eq => "=",
            EqEq => "==",
            NotEq => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            AndAnd => "&&",
            OrOr => "||",
            Pipe => "|",
            PipeGt => "|>",
            Amp => "&",
            Bang => "!",
            Plus => "+",
            Minus => "-",
            Star => "*",
            StarStar => "**",
            Slash => "/",
            Percent => "%",
            PlusEq => "+=",
            MinusEq => "-=",
            StarEq => "*=",
            StarStarEq => "**=",
            SlashEq => "/=",
            PercentEq => "%=",
            QuestionQuestionEq => "??=",
            At => "@",
        })
    }
}

/// A token and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The contents of a string token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrLit {
    /// The text with escapes resolved (and, for `"""`, indentation stripped). Each
    /// `${…}` piece of an interpolated string stays as written.
    pub value: String,
    /// Whether the string holds a `${…}` interpolation.
    pub interpolated: bool,
}

/// The result of lexing a whole source.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// Every token in order, ending with [`TokenKind::Eof`].
    pub tokens: Vec<Token>,
    /// The strings that [`TokenKind::Str`] tokens index.
    pub strings: Vec<StrLit>,
}

impl Lexed {
    /// The string a token holds, if it is a string token.
    pub fn string(&self, token: Token) -> Option<&StrLit> {
        match token.kind {
            TokenKind::Str(index) => self.strings.get(index as usize),
            _ => None,
        }
    }
}

/// A lexical error and where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub message: String,
    pub span: Span,
}

impl std::fmt::Display for LexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LexError {}

/// Lexes a whole source.
pub fn tokenize(source: &str) -> Result<Lexed, LexError> {
    let mut lexer =
        Lexer { src: source, bytes: source.as_bytes(), pos: 0, strings: Vec::new(), interpolation_depth: 0 };
    lexer.skip_preamble();
    let mut tokens = Vec::with_capacity(source.len() / 4 + 1);
    loop {
        let token = lexer.next_token()?;
        tokens.push(token);
        if token.kind == TokenKind::Eof {
            break;
        }
    }
    Ok(Lexed { tokens, strings: lexer.strings })
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    strings: Vec<StrLit>,
    interpolation_depth: usize,
}

fn is_ident_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

fn is_ident_continue(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

fn error(message: impl Into<String>, start: usize, end: usize) -> LexError {
    LexError { message: message.into(), span: Span::new(start, end) }
}

impl Lexer<'_> {
    fn at(&self, index: usize) -> u8 {
        self.bytes.get(index).copied().unwrap_or(0)
    }

    /// A byte-order mark, then a `#!` line, may open the file.
    fn skip_preamble(&mut self) {
        if self.src.starts_with('\u{feff}') {
            self.pos = '\u{feff}'.len_utf8();
        }
        if self.src[self.pos..].starts_with("#!") {
            self.skip_line_comment();
        }
    }

    fn skip_line_comment(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    /// Skips a block comment, counting nested `/*` and `*/`.
    fn skip_block_comment(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        self.pos += 2;
        let mut depth = 1usize;
        while depth > 0 {
            match self.bytes.get(self.pos) {
                None => {
                    return Err(error(
                        "unterminated block comment: expected '*/' before the end of the file",
                        start,
                        start + 2,
                    ));
                }
                Some(b'/') if self.at(self.pos + 1) == b'*' => {
                    depth += 1;
                    self.pos += 2;
                }
                Some(b'*') if self.at(self.pos + 1) == b'/' => {
                    depth -= 1;
                    self.pos += 2;
                }
                Some(_) => self.pos += 1,
            }
        }
        Ok(())
    }

    fn next_token(&mut self) -> Result<Token, LexError> {
        use TokenKind::*;
        loop {
            let start = self.pos;
            let Some(&byte) = self.bytes.get(start) else {
                return Ok(Token { kind: Eof, span: Span::new(start, start) });
            };
            let kind = match byte {
                b' ' | b'\t' | b'\r' => {
                    self.pos += 1;
                    continue;
                }
                b'\n' => {
                    self.pos += 1;
                    Newline
                }
                // In a `${…}` of a string, `\"` quotes a string: the expression is written
                // inside the quotes of the string around it.
                b'\\' if self.interpolation_depth > 0 && self.at(start + 1) == b'"' => {
                    return self.escaped_string(start);
                }
                b'\\' => {
                    if self.at(start + 1) == b'\n' {
                        self.pos += 2;
                        continue;
                    }
                    if self.at(start + 1) == b'\r' && self.at(start + 2) == b'\n' {
                        self.pos += 3;
                        continue;
                    }
                    return Err(error(
                        "unexpected '\\': outside a string a backslash may only end a line, to join it with the next",
                        start,
                        start + 1,
                    ));
                }
                b'/' => match self.at(start + 1) {
                    b'/' => {
                        self.skip_line_comment();
                        continue;
                    }
                    b'*' => {
                        self.skip_block_comment()?;
                        continue;
                    }
                    b'=' => {
                        self.pos += 2;
                        SlashEq
                    }
                    _ => {
                        self.pos += 1;
                        Slash
                    }
                },
                b'"' => return self.string(start),
                b'r' if self.at(start + 1) == b'"' => return self.raw_string(start),
                _ if is_ident_start(byte) => {
                    self.pos += 1;
                    while is_ident_continue(self.at(self.pos)) {
                        self.pos += 1;
                    }
                    Ident
                }
                b'0'..=b'9' => self.number(start)?,
                _ => self.punctuation(start)?,
            };
            return Ok(Token { kind, span: Span::new(start, self.pos) });
        }
    }

    fn punctuation(&mut self, start: usize) -> Result<TokenKind, LexError> {
        use TokenKind::*;
        let next = self.at(start + 1);
        let third = self.at(start + 2);
        let (kind, len) = match self.bytes[start] {
            b'(' => (LParen, 1),
            b')' => (RParen, 1),
            b'[' => (LBracket, 1),
            b']' => (RBracket, 1),
            b'{' => (LBrace, 1),
            b'}' => (RBrace, 1),
            b',' => (Comma, 1),
            b';' => (Semi, 1),
            b'@' => (At, 1),
            b'-' => match next {
                b'>' => (Arrow, 2),
                b'=' => (MinusEq, 2),
                _ => (Minus, 1),
            },
            b'?' => match (next, third) {
                (b'.', _) => (QuestionDot, 2),
                (b'?', b'=') => (QuestionQuestionEq, 3),
                (b'?', _) => (QuestionQuestion, 2),
                _ => (Question, 1),
            },
            b'.' if next == b'.' && third == b'.' => (DotDotDot, 3),
            b'.' => (Dot, 1),
            b':' if next == b':' => (ColonColon, 2),
            b':' => (Colon, 1),
            b'=' if next == b'=' => (EqEq, 2),
            b'=' => (Eq, 1),
            b'!' if next == b'=' => (NotEq, 2),
            b'!' => (Bang, 1),
            b'<' if next == b'=' => (Le, 2),
            b'<' => (Lt, 1),
            b'>' if next == b'=' => (Ge, 2),
            b'>' => (Gt, 1),
            b'&' if next == b'&' => (AndAnd, 2),
            b'&' => (Amp, 1),
            b'|' => match next {
                b'|' => (OrOr, 2),
                b'>' => (PipeGt, 2),
                _ => (Pipe, 1),
            },
            b'*' => match (next, third) {
                (b'*', b'=') => (StarStarEq, 3),
                (b'*', _) => (StarStar, 2),
                (b'=', _) => (StarEq, 2),
                _ => (Star, 1),
            },
            b'+' if next == b'=' => (PlusEq, 2),
            b'+' => (Plus, 1),
            b'%' if next == b'=' => (PercentEq, 2),
            b'%' => (Percent, 1),
            _ => {
                let c = self.src[start..].chars().next().unwrap_or('\u{fffd}');
                return Err(error(format!("unexpected character {c:?}"), start, start + c.len_utf8()));
            }
        };
        self.pos = start + len;
        Ok(kind)
    }

    /// `42`, `1_000`, `0xff`, `1.5`, `2e-3`, and durations such as `5s` or `1.5h`.
    fn number(&mut self, start: usize) -> Result<TokenKind, LexError> {
        let mut kind = TokenKind::Int;
        let radix_prefix =
            self.bytes[start] == b'0' && matches!(self.at(start + 1), b'x' | b'X' | b'b' | b'B' | b'o' | b'O');
        if radix_prefix && self.at(start + 2).is_ascii_alphanumeric() {
            // The digits are checked when the parser reads the value.
            self.pos = start + 2;
            while is_ident_continue(self.at(self.pos)) {
                self.pos += 1;
            }
            return Ok(kind);
        }
        self.pos = start;
        self.digits();
        if self.at(self.pos) == b'.' && self.at(self.pos + 1).is_ascii_digit() {
            kind = TokenKind::Float;
            self.pos += 1;
            self.digits();
        }
        if matches!(self.at(self.pos), b'e' | b'E') {
            let sign = usize::from(matches!(self.at(self.pos + 1), b'+' | b'-'));
            if self.at(self.pos + 1 + sign).is_ascii_digit() {
                kind = TokenKind::Float;
                self.pos += 1 + sign;
                self.digits();
            }
        }
        if is_ident_start(self.at(self.pos)) {
            let suffix_start = self.pos;
            while is_ident_continue(self.at(self.pos)) {
                self.pos += 1;
            }
            let suffix = &self.src[suffix_start..self.pos];
            if !DURATION_UNITS.contains(&suffix) {
                return Err(error(
                    format!(
                        "invalid suffix '{suffix}' on a number (a duration takes one of {})",
                        DURATION_UNITS.join(", ")
                    ),
                    start,
                    self.pos,
                ));
            }
            kind = TokenKind::Duration;
        }
        Ok(kind)
    }

    fn digits(&mut self) {
        while self.at(self.pos).is_ascii_digit() || self.at(self.pos) == b'_' {
            self.pos += 1;
        }
    }

    fn push_string(&mut self, start: usize, value: String, interpolated: bool) -> Token {
        let index = u32::try_from(self.strings.len()).unwrap_or(u32::MAX);
        self.strings.push(StrLit { value, interpolated });
        Token { kind: TokenKind::Str(index), span: Span::new(start, self.pos) }
    }

    /// `"…"` (one line) or `"""…"""` (several).
    fn string(&mut self, start: usize) -> Result<Token, LexError> {
        if self.src[start..].starts_with("\"\"\"") {
            return self.triple_string(start);
        }
        self.pos = start + 1;
        let mut value = String::new();
        let mut interpolated = false;
        loop {
            // A run of ordinary characters (NUL is one), up to a byte that means more.
            let run = self.pos;
            self.pos = self.bytes[run..]
                .iter()
                .position(|b| matches!(b, b'"' | b'\\' | b'$' | b'\n'))
                .map_or(self.bytes.len(), |offset| run + offset);
            value.push_str(&self.src[run..self.pos]);
            match self.bytes.get(self.pos) {
                Some(b'\n') => {
                    return Err(error(
                        "unterminated string: expected a closing '\"' before the end of the line (a \"…\" string \
                         is one line; use \\n or a \"\"\"…\"\"\" string)",
                        start,
                        self.pos,
                    ));
                }
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => match escape(self.at(self.pos + 1)) {
                    Some(c) => {
                        value.push(c);
                        self.pos += 2;
                    }
                    None => {
                        value.push('\\');
                        self.pos += 1;
                    }
                },
                Some(b'$') if self.at(self.pos + 1) == b'{' => {
                    let open = self.pos;
                    self.pos += 2;
                    self.interpolation(open, true)?;
                    value.push_str(&self.src[open..self.pos]);
                    interpolated = true;
                }
                Some(b'$') => {
                    value.push('$');
                    self.pos += 1;
                }
                // The scan stops at the bytes above or at the end of the file.
                _ => {
                    return Err(error(
                        "unterminated string: expected a closing '\"' before the end of the file",
                        start,
                        self.pos,
                    ));
                }
            }
        }
        Ok(self.push_string(start, value, interpolated))
    }

    /// `\"…\"` inside a `${…}`: a string whose quotes are escaped, as in
    /// `"${name ?? \"anonymous\"}"`, up to the next `\"` on the same line. Upstream
    /// keeps an interpolation's text as written and reads it on its own, so that its
    /// escapes are resolved first (burin-labs/harn, crates/harn-lexer/src/lexer.rs,
    /// e45362cf). Its value is not needed: only where it ends.
    fn escaped_string(&mut self, start: usize) -> Result<Token, LexError> {
        self.pos = start + 2;
        loop {
            match self.bytes.get(self.pos) {
                None | Some(b'\n') => {
                    return Err(error(
                        "unterminated string: expected a closing '\\\"' before the end of the line",
                        start,
                        self.pos.min(self.bytes.len()),
                    ));
                }
                Some(b'\\') if self.at(self.pos + 1) == b'"' => break,
                Some(b'\\') if !matches!(self.at(self.pos + 1), b'\n' | 0) => self.pos += 2,
                Some(_) => self.pos += 1,
            }
        }
        self.pos += 2;
        // The interpolation drops the strings inside it: the value is never read.
        Ok(self.push_string(start, String::new(), false))
    }

    /// `r"…"`: everything up to the next `"` on the same line, as written.
    fn raw_string(&mut self, start: usize) -> Result<Token, LexError> {
        self.pos = start + 2;
        loop {
            match self.bytes.get(self.pos) {
                None | Some(b'\n') => {
                    return Err(error(
                        "unterminated raw string: expected a closing '\"' before the end of the line",
                        start,
                        self.pos,
                    ));
                }
                Some(b'"') => break,
                Some(_) => self.pos += 1,
            }
        }
        let value = self.src[start + 2..self.pos].to_string();
        self.pos += 1;
        Ok(self.push_string(start, value, false))
    }

    /// `"""…"""`: up to the next `"""`, stepping over `\"` and `${…}`.
    fn triple_string(&mut self, start: usize) -> Result<Token, LexError> {
        self.pos = start + 3;
        let body_start = self.pos;
        let mut interpolated = false;
        loop {
            match self.bytes.get(self.pos) {
                None => {
                    return Err(error(
                        "unterminated multi-line string: expected a closing '\"\"\"' before the end of the file",
                        start,
                        start + 3,
                    ));
                }
                Some(b'"') if self.bytes[self.pos..].starts_with(b"\"\"\"") => break,
                Some(b'\\') => {
                    self.pos += 1;
                    if self.at(self.pos).is_ascii() && self.pos < self.bytes.len() {
                        self.pos += 1;
                    }
                }
                Some(b'$') if self.at(self.pos + 1) == b'{' => {
                    let open = self.pos;
                    self.pos += 2;
                    self.interpolation(open, false)?;
                    interpolated = true;
                }
                Some(_) => self.pos += 1,
            }
        }
        let body = &self.src[body_start..self.pos];
        self.pos += 3;
        let dedented = dedent(body);
        let value = if interpolated { dedented } else { unescape(&dedented) };
        Ok(self.push_string(start, value, interpolated))
    }

    /// Steps over the expression of a `${…}` whose `${` starts at `open`, up to and
    /// including its closing `}`. The expression is lexed like code, so its braces,
    /// strings, comments and nested interpolations are all understood.
    fn interpolation(&mut self, open: usize, single_line: bool) -> Result<(), LexError> {
        if self.interpolation_depth >= MAX_INTERPOLATION_DEPTH {
            return Err(error(
                format!("string interpolation nested more than {MAX_INTERPOLATION_DEPTH} levels deep"),
                open,
                open + 2,
            ));
        }
        self.interpolation_depth += 1;
        let mark = self.strings.len();
        let mut depth = 0usize;
        loop {
            let token = self.next_token()?;
            match token.kind {
                TokenKind::LBrace => depth += 1,
                TokenKind::RBrace if depth == 0 => break,
                TokenKind::RBrace => depth -= 1,
                TokenKind::Newline if single_line => {
                    return Err(error(
                        "unterminated interpolation: expected '}' to close '${' before the end of the line",
                        open,
                        open + 2,
                    ));
                }
                TokenKind::Eof => {
                    return Err(error(
                        "unterminated interpolation: expected '}' to close '${' before the end of the file",
                        open,
                        open + 2,
                    ));
                }
                _ => {}
            }
        }
        // Strings inside the interpolation are not tokens of their own.
        self.strings.truncate(mark);
        self.interpolation_depth -= 1;
        Ok(())
    }
}

/// The character an escape `\c` stands for, if `c` makes an escape.
fn escape(c: u8) -> Option<char> {
    match c {
        b'n' => Some('\n'),
        b't' => Some('\t'),
        b'\\' => Some('\\'),
        b'"' => Some('"'),
        b'$' => Some('$'),
        _ => None,
    }
}

/// Resolves the escapes `\n \t \\ \" \$`; a backslash before anything else stays.
fn unescape(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let resolved =
            if c == '\\' { chars.peek().and_then(|&next| u8::try_from(next).ok()).and_then(escape) } else { None };
        match resolved {
            Some(resolved) => {
                out.push(resolved);
                chars.next();
            }
            None => out.push(c),
        }
    }
    out
}

/// Strips the indentation of a `"""` body:
/// - a first line holding only blanks (the rest of the opening line) is dropped;
/// - so is a last line holding only blanks (the indentation before the closing `"""`);
/// - the smallest indentation of the non-blank lines is removed from every line;
/// - blank lines become empty, and CRLF line ends become LF.
fn dedent(body: &str) -> String {
    let mut lines: Vec<&str> = body.split('\n').map(|line| line.strip_suffix('\r').unwrap_or(line)).collect();
    let blank = |line: &str| line.bytes().all(|b| b == b' ' || b == b'\t');
    if lines.len() > 1 && blank(lines[0]) {
        lines.remove(0);
    }
    if lines.len() > 1 && lines.last().is_some_and(|line| blank(line)) {
        lines.pop();
    }
    let indent = lines
        .iter()
        .filter(|line| !blank(line))
        .map(|line| line.bytes().take_while(|&b| b == b' ' || b == b'\t').count())
        .min()
        .unwrap_or(0);
    let mut out = String::with_capacity(body.len());
    for (index, line) in lines.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        if !blank(line) {
            out.push_str(&line[indent..]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::TokenKind::*;
    use super::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        tokenize(source).unwrap().tokens.iter().map(|t| t.kind).collect()
    }

    fn texts(source: &str) -> Vec<&str> {
        tokenize(source).unwrap().tokens.iter().map(|t| &source[t.span.range()]).collect()
    }

    fn only_string(source: &str) -> StrLit {
        let lexed = tokenize(source).unwrap();
        assert_eq!(lexed.tokens.len(), 2, "{:?}", lexed.tokens);
        lexed.string(lexed.tokens[0]).unwrap().clone()
    }

    fn fails(source: &str) -> LexError {
        tokenize(source).unwrap_err()
    }

    #[test]
    fn identifiers_keywords_and_spans() {
        let lexed = tokenize("pub fn  lookup_2(x)").unwrap();
        let spans: Vec<_> = lexed.tokens.iter().map(|t| (t.kind, t.span.start, t.span.end)).collect();
        assert_eq!(
            spans,
            [
                (Ident, 0, 3),
                (Ident, 4, 6),
                (Ident, 8, 16),
                (LParen, 16, 17),
                (Ident, 17, 18),
                (RParen, 18, 19),
                (Eof, 19, 19)
            ]
        );
        assert!(is_reserved("fn") && is_reserved("eval_pack") && !is_reserved("where") && !is_reserved("out"));
    }

    #[test]
    fn nested_block_comments() {
        assert_eq!(texts("a /* x /* y */ still comment */ b"), ["a", "b", ""]);
        assert_eq!(texts("a /**/ b /*/**/*/ c"), ["a", "b", "c", ""]);
        let err = fails("a /* x /* y */ b");
        assert_eq!(err.span, Span::new(2, 4));
        assert!(err.message.contains("unterminated block comment"), "{}", err.message);
    }

    #[test]
    fn line_comments_doc_comments_and_shebang() {
        assert_eq!(
            texts("#!/usr/bin/env harn\n/// doc\nx // trailing\n/** block */ y"),
            ["\n", "\n", "x", "\n", "y", ""]
        );
        assert_eq!(fails("x\n#!not first").message, "unexpected character '#'");
        assert_eq!(texts("\u{feff}#!harn\nx"), ["\n", "x", ""]);
    }

    #[test]
    fn newlines_and_backslash_joins() {
        assert_eq!(kinds("a\nb;c"), [Ident, Newline, Ident, Semi, Ident, Eof]);
        assert_eq!(kinds("a + \\\n b"), [Ident, Plus, Ident, Eof]);
        assert_eq!(kinds("a + \\\r\n b\r\n"), [Ident, Plus, Ident, Newline, Eof]);
        assert!(fails("a \\ b").message.contains("backslash"));
    }

    #[test]
    fn numbers_and_durations() {
        assert_eq!(kinds("42 1_000 0xff 1.5 2e10 3E-2 5s 100ms 1.5h 2d"), {
            let mut k = vec![Int, Int, Int, Float, Float, Float, Duration, Duration, Duration, Duration];
            k.push(Eof);
            k
        });
        assert_eq!(kinds("1..2"), [Int, Dot, Dot, Int, Eof]);
        assert_eq!(kinds("x.0"), [Ident, Dot, Int, Eof]);
        let err = fails("let x = 12abc");
        assert_eq!(err.span, Span::new(8, 13));
        assert!(err.message.contains("invalid suffix 'abc'"));
    }

    #[test]
    fn multi_character_operators() {
        assert_eq!(
            texts("-> ?. ?? ??= ... :: == != <= >= && || |> ** += -= *= /= %= **="),
            [
                "->", "?.", "??", "??=", "...", "::", "==", "!=", "<=", ">=", "&&", "||", "|>", "**", "+=", "-=", "*=",
                "/=", "%=", "**=", ""
            ]
        );
        assert_eq!(texts("@a ? . : | & ! < > = + - * / %").len(), 17);
    }

    #[test]
    fn no_shift_token_so_generics_close_twice() {
        assert_eq!(kinds("list<list<int>>"), [Ident, Lt, Ident, Lt, Ident, Gt, Gt, Eof]);
        assert_eq!(kinds("a>>=b"), [Ident, Gt, Ge, Ident, Eof]);
    }

    #[test]
    fn plain_strings_and_escapes() {
        let s = only_string(r#""a\nb\t\\ \" \$x \q \u{1} $ 5""#);
        assert_eq!(s.value, "a\nb\t\\ \" $x \\q \\u{1} $ 5");
        assert!(!s.interpolated);
        assert_eq!(only_string(r#""\${not interpolated}""#).value, "${not interpolated}");
        assert_eq!(only_string("\"héllo ✓\"").value, "héllo ✓");
        assert_eq!(only_string("\"\"").value, "");
        assert_eq!(only_string("\"a\0b\0\"").value, "a\0b\0");
        let err = fails("x = \"a\0");
        assert_eq!(err.span, Span::new(4, 7));
        assert!(err.message.contains("end of the file"));
    }

    #[test]
    fn raw_strings() {
        let s = only_string(r#"r"C:\path\${x}\n""#);
        assert_eq!(s.value, r"C:\path\${x}\n");
        assert!(!s.interpolated);
        assert!(fails("r\"abc\n\"").message.contains("unterminated raw string"));
        assert_eq!(kinds("r + r2"), [Ident, Plus, Ident, Eof]);
    }

    #[test]
    fn interpolation_with_braces_and_strings_inside() {
        let source = r#""a ${ f({"k": "}"}) } b""#;
        let s = only_string(source);
        assert!(s.interpolated);
        assert_eq!(s.value, r#"a ${ f({"k": "}"}) } b"#);

        let nested = r#"log("${w.name} ${"nested ${1 + 2}"}")"#;
        assert_eq!(kinds(nested), [Ident, LParen, Str(0), RParen, Eof]);
        let lexed = tokenize(nested).unwrap();
        assert_eq!(lexed.strings.len(), 1, "strings inside interpolations are not tokens");

        // An escaped quote inside an interpolation quotes a string there.
        let s = only_string(r#""- ${m ?? \"unknown }\"} and ${a[\"k\\n\"]}""#);
        assert!(s.interpolated);
        assert_eq!(kinds(r#"x = "${f(\"a\")}""#), [Ident, Eq, Str(0), Eof]);
        assert_eq!(
            fails(r#""${ \"open }""#).message,
            "unterminated string: expected a closing '\\\"' before the end of the line"
        );
        assert!(tokenize(r#"x = \"a\""#).is_err(), "outside an interpolation a backslash only joins lines");
        // A backslash that ends the line does not carry an escaped string onto the next.
        let err = fails("\"${ f(\\\"a\\\n\\\") }\"");
        assert_eq!(err.message, "unterminated string: expected a closing '\\\"' before the end of the line");
        assert_eq!(err.span, Span::new(6, 10));

        // A brace inside a raw string, a comment and a triple-quoted string inside an interpolation.
        let s = only_string(r#""${ r"}" /* } */ + """}""" }""#);
        assert!(s.interpolated);
    }

    #[test]
    fn interpolation_errors() {
        let err = fails("\"a ${ b \n }\"");
        assert_eq!(err.span, Span::new(3, 5));
        assert!(err.message.contains("unterminated interpolation"));
        assert!(fails("\"a ${ b").message.contains("unterminated"));
        let deep = format!("{}{}", "\"${".repeat(200), "}\"".repeat(200));
        assert!(fails(&deep).message.contains("nested more than 64"));
        let fine = format!("{}{}", "\"${".repeat(30), "}\"".repeat(30));
        assert_eq!(kinds(&fine), [Str(0), Eof]);
    }

    #[test]
    fn unterminated_strings() {
        let err = fails("let x = \"abc\nlet y = 1");
        assert_eq!(err.span, Span::new(8, 12));
        assert!(err.message.contains("end of the line"));
        assert!(fails("x = \"abc").message.contains("end of the file"));
        assert!(fails("x = \"abc\\\n\"").message.contains("unterminated string"));
        let err = fails("x = \"\"\"abc\n");
        assert_eq!(err.span, Span::new(4, 7));
    }

    #[test]
    fn triple_quoted_strings_strip_indentation() {
        let s = only_string("\"\"\"\n    first\n      indented\n\n    last \\\"q\\\"\n    \"\"\"");
        assert_eq!(s.value, "first\n  indented\n\nlast \"q\"");
        assert_eq!(only_string("\"\"\"one line\"\"\"").value, "one line");
        assert_eq!(only_string("\"\"\"a \"quoted\" b\"\"\"").value, "a \"quoted\" b");
        // An escaped quote does not start the closing `"""`.
        assert_eq!(only_string("\"\"\"a \\\"\"\" b\"\"\"").value, "a \"\"\" b");
        let s = only_string("\"\"\"\r\n  a ${ {x: \"\"\"in}\"\"\"} } b\r\n  \"\"\"");
        assert!(s.interpolated);
        assert_eq!(s.value, "a ${ {x: \"\"\"in}\"\"\"} } b");
    }

    /// Braces inside an interpolation nest: the one that closes `{a: 1}` does not
    /// close `${`, so the quotes after it are a string inside the interpolation.
    #[test]
    fn braces_nest_inside_an_interpolation() {
        let s = only_string("\"${ f({a: 1}, \"x\") } y\"");
        assert!(s.interpolated);
        assert_eq!(s.value, "${ f({a: 1}, \"x\") } y");
    }

    #[test]
    fn stray_characters_are_located() {
        let err = fails("fn f() { x ~ y }");
        assert_eq!(err.span, Span::new(11, 12));
        assert_eq!(err.message, "unexpected character '~'");
        let err = fails("a é b");
        assert_eq!(err.span, Span::new(2, 4));
        assert!(fails("`x`").message.contains('`'));
        assert!(fails("x = 'a'").message.contains('\''));
    }

    #[test]
    fn non_ascii_in_comments_and_strings_is_fine() {
        assert_eq!(texts("/* ✓ é */ x // ünïcode\n\"→\""), ["x", "\n", "\"→\"", ""]);
    }
}
