//! Finding a tool script's `--schema` document without running it: the literal body
//! of the quoted heredoc its `--schema` branch prints, or why there is none to take.
//!
//! The branch is the first `--schema` word that is a condition (a test's operand, a
//! case arm's pattern, a word of an `if` line) outside a heredoc's body, so that a
//! usage text naming the option first is passed over; failing that, the first
//! `--schema` word of a line of code, wherever it is.
//!
//! Hand-written rather than built on a shell parser (`brush-parser` reads bash): only
//! two things are looked for, the `--schema` branch and the first heredoc operator
//! after it, in scripts of any POSIX-family shell, and a whole-script parser would
//! refuse a tool over a construct of its dialect that has nothing to do with the schema.

use std::ops::Range;

/// Why a script's schema cannot be read from its text.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not text a script is made of: NUL bytes, not UTF-8, or an executable format's
    /// magic number.
    Binary,
    /// No line of code names `--schema`.
    NoBranch,
    /// The `--schema` branch (the token's place) prints no heredoc the file holds: the
    /// schema is computed (or the script is not a shell script).
    Computed(Range<usize>),
    /// The first heredoc after the `--schema` branch is unquoted (the operator and its
    /// word): the shell would expand `$…` and backticks in its body.
    Unquoted(Range<usize>),
}

/// How many leading bytes are looked at for a NUL byte, as `git` and `grep` judge a
/// file binary.
const SNIFF: usize = 8 * 1024;

/// The magic numbers of executable formats: ELF, Mach-O (both byte orders, 32 and 64
/// bits, universal), PE.
const MAGIC: &[&[u8]] = &[
    b"\x7fELF",
    b"\xfe\xed\xfa\xce",
    b"\xfe\xed\xfa\xcf",
    b"\xce\xfa\xed\xfe",
    b"\xcf\xfa\xed\xfe",
    b"\xca\xfe\xba\xbe",
    b"MZ",
];

/// The script's text, unless its bytes are a binary's.
pub fn text(bytes: Vec<u8>) -> Result<String, Refusal> {
    let head = &bytes[..bytes.len().min(SNIFF)];
    if head.contains(&0) || MAGIC.iter().any(|magic| bytes.starts_with(magic)) {
        return Err(Refusal::Binary);
    }
    String::from_utf8(bytes).map_err(|_| Refusal::Binary)
}

/// The byte range of the schema document in `text`: the body of the first heredoc
/// after the `--schema` branch, which must be quoted (`<<'EOF'`, `<<"EOF"`, `<<\EOF`,
/// `<<-'EOF'`) so that the shell prints it as written. Only a shell script's heredocs
/// count: another language's `--schema` branch is a computed schema.
pub fn schema(text: &str) -> Result<Range<usize>, Refusal> {
    let branch = branch(text).ok_or(Refusal::NoBranch)?;
    if !is_shell(text) {
        return Err(Refusal::Computed(branch));
    }
    let Some(heredoc) = heredoc_after(text, branch.end) else {
        return Err(Refusal::Computed(branch));
    };
    if !heredoc.quoted {
        return Err(Refusal::Unquoted(heredoc.operator));
    }
    Ok(heredoc.body)
}

/// Whether a script is run by a POSIX-family shell: its `#!` line names one (directly
/// or through `env`), or it has none (a shell runs it then).
fn is_shell(text: &str) -> bool {
    let Some(line) = text.lines().next().and_then(|line| line.strip_prefix("#!")) else {
        return true;
    };
    let mut words = line.split_whitespace();
    let mut program = words.next().unwrap_or("");
    if basename(program) == "env" {
        program = words.find(|word| !word.starts_with('-') && !word.contains('=')).unwrap_or("");
    }
    matches!(basename(program), "sh" | "bash" | "dash" | "zsh" | "ksh" | "mksh" | "ash" | "yash")
}

fn basename(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// Whether `c` can continue a word such as an option name, so that `--schema-file`
/// or `x--schema` is not the `--schema` token.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The `--schema` branch: the first `--schema` token that is a branch's condition
/// ([`is_condition`]) on a line of code outside any heredoc's body, so that a usage
/// or help text naming the option before the branch is passed over; else, as
/// written anywhere, the first token on a line of code.
fn branch(text: &str) -> Option<Range<usize>> {
    let mut first = None;
    let mut skip_to = 0;
    for token in tokens(text) {
        first = first.or_else(|| Some(token.clone()));
        // Heredoc bodies up to this token's line are passed over: text, not code.
        while let Some(heredoc) = heredoc_after(text, skip_to).filter(|h| h.operator.start < token.line.start) {
            skip_to = heredoc.body.end.max(heredoc.operator.end);
        }
        if token.at.start >= skip_to && is_condition(&text[token.line.clone()], token.at.start - token.line.start) {
            return Some(token.at);
        }
    }
    first.map(|token| token.at)
}

/// The option a tool prints its schema for.
const TOKEN: &str = "--schema";

/// A `--schema` token (`at`) and the line it is on.
#[derive(Clone)]
struct Token {
    at: Range<usize>,
    line: Range<usize>,
}

/// Every `--schema` token on a line of code: not in the `#!` line, not in a line
/// that is a comment (`#` first), not part of a longer word (`--schema-file`).
fn tokens(text: &str) -> Vec<Token> {
    let mut found = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        // A comment, the `#!` line among them.
        if !line.trim_start().starts_with('#') {
            for (at, _) in line.match_indices(TOKEN) {
                let before = line[..at].chars().next_back();
                let after = line[at + TOKEN.len()..].chars().next();
                if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
                    let at = start + at;
                    found.push(Token { at: at..at + TOKEN.len(), line: start..start + line.len() });
                }
            }
        }
        start += line.len();
    }
    found
}

/// Whether the `--schema` token at byte `at` of `line` is a branch's condition, not
/// a word of a string: a test's operand (`[ "$1" = --schema ]`, `[[ $1 == "--schema" ]]`,
/// `test "$1" = --schema`), a case arm's pattern (`--schema)`, `-s|--schema)`,
/// `"--schema")`), or any word of an `if`/`elif` line outside a string.
fn is_condition(line: &str, at: usize) -> bool {
    let end = at + TOKEN.len();
    // Quoted as a word of its own (`"--schema"`), or not quoted at all.
    let (open, close) = (line[..at].chars().next_back(), line[end..].chars().next());
    let wrapped = matches!(open, Some('"' | '\'')) && open == close;
    let (word_start, word_end) = if wrapped { (at - 1, end + 1) } else { (at, end) };
    if in_string(&line[..word_start]) {
        return false;
    }
    let before = line[..word_start].trim_end();
    let code = line.trim_start();
    let tested =
        before.ends_with('=') && !before.ends_with("!=") && (before.contains('[') || code.starts_with("test "));
    // A case arm: the blank-delimited word holding the token is a pattern of
    // alternatives closed by `)` (`-s|--schema)`, `(--schema)`), not a usage's
    // brackets (`[--schema|--help]`).
    let word_from = line[..word_start].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word_to = line[word_end..].find(char::is_whitespace).map_or(line.len(), |i| word_end + i);
    let (ahead, behind) = (&line[word_end..word_to], &line[word_from..word_start]);
    let arm = !line[word_from..word_to].contains(['[', ']'])
        && (behind.is_empty() || behind == "(" || behind.ends_with('|'))
        && (ahead.starts_with(')') || (ahead.starts_with('|') && ahead.contains(')')));
    let branch_line = code.starts_with("if ") || code.starts_with("elif ");
    tested || arm || branch_line
}

/// Whether a double- or single-quoted string is open at the end of `text` (a line
/// up to a point), as the shell reads quotes: `\` escapes outside single quotes.
fn in_string(text: &str) -> bool {
    let mut open: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (open, c) {
            (None, '"' | '\'') => open = Some(c),
            (Some(q), c) if c == q => open = None,
            (Some('\''), _) => {}
            (_, '\\') => {
                chars.next();
            }
            _ => {}
        }
    }
    open.is_some()
}

/// A heredoc: its operator and word, whether the word is quoted, and its body.
struct Heredoc {
    operator: Range<usize>,
    quoted: bool,
    body: Range<usize>,
}

/// The first heredoc whose operator starts at or after `from`: `<<` (not `<<<`),
/// an optional `-`, blanks, and a word, quoted in part or whole or not at all. Its
/// body runs from the next line to the line that is the word (with `<<-`, after
/// leading tabs), or to the end of the file as the shell reads an unterminated one.
fn heredoc_after(text: &str, from: usize) -> Option<Heredoc> {
    let bytes = text.as_bytes();
    let mut at = from;
    while let Some(found) = text[at..].find("<<") {
        let start = at + found;
        if bytes.get(start + 2) == Some(&b'<') {
            // A here-string (`<<<`).
            at = start + 3;
            continue;
        }
        let mut i = start + 2;
        let tabs = bytes.get(i) == Some(&b'-');
        if tabs {
            i += 1;
        }
        while matches!(bytes.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let (word, quoted, end) = word(text, i);
        if word.is_empty() {
            at = start + 2;
            continue;
        }
        let body_start = text[end..].find('\n').map_or(text.len(), |n| end + n + 1);
        let mut line_start = body_start;
        let mut body_end = text.len();
        for line in text[body_start..].split_inclusive('\n') {
            let content = line.strip_suffix('\n').unwrap_or(line);
            let content = if tabs { content.trim_start_matches('\t') } else { content };
            if content == word {
                body_end = line_start;
                break;
            }
            line_start += line.len();
        }
        return Some(Heredoc { operator: start..end, quoted, body: body_start..body_end });
    }
    None
}

/// The heredoc word starting at `start`, with its quotes removed; whether any part was
/// quoted or escaped; and where it ends.
fn word(text: &str, start: usize) -> (String, bool, usize) {
    let mut word = String::new();
    let mut quoted = false;
    let mut chars = text[start..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\'' | '"' => {
                quoted = true;
                for (_, inner) in chars.by_ref() {
                    if inner == c {
                        break;
                    }
                    word.push(inner);
                }
            }
            '\\' => {
                quoted = true;
                if let Some((_, escaped)) = chars.next() {
                    word.push(escaped);
                }
            }
            c if c.is_whitespace() || ";|&<>()".contains(c) => return (word, quoted, start + i),
            c => word.push(c),
        }
    }
    (word, quoted, text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Result<&str, Refusal> {
        schema(text).map(|range| &text[range])
    }

    #[test]
    fn takes_the_body_of_a_quoted_heredoc_in_every_spelling() {
        for operator in ["<<'EOF'", "<<\"EOF\"", "<< 'EOF'", "<<\\EOF", "<<E'OF'", "<<-'EOF'"] {
            let script =
                format!("#!/bin/bash\nif [ \"$1\" = --schema ]; then\n  cat {operator}\n{{\"a\": 1}}\nEOF\nfi\n");
            assert_eq!(body(&script), Ok("{\"a\": 1}\n"), "{operator}");
        }
        let tabs = "#!/bin/sh\ncase $1 in --schema) cat <<-'END'\n\t{}\n\tEND\n;; esac\n";
        assert_eq!(body(tabs), Ok("\t{}\n"));
    }

    #[test]
    fn refuses_what_it_cannot_take_as_written() {
        let unquoted = "#!/bin/sh\n[ \"$1\" = --schema ] && cat <<EOF\n{}\nEOF\n";
        let at = unquoted.find("<<EOF").unwrap();
        assert_eq!(schema(unquoted), Err(Refusal::Unquoted(at..at + 5)));
        let computed = "#!/usr/bin/env python3\nif sys.argv[1] == \"--schema\": print(json.dumps(S))\n";
        let at = computed.find("--schema").unwrap();
        assert_eq!(schema(computed), Err(Refusal::Computed(at..at + 8)));
        // A here-string is no heredoc.
        let here_string = "#!/bin/bash\n--schema) cat <<< '{}' ;;\n";
        assert!(matches!(schema(here_string), Err(Refusal::Computed(_))));
        // `--schema-file` and a comment are not the branch.
        assert_eq!(schema("#!/bin/sh\n# --schema prints it\necho --schema-file\n"), Err(Refusal::NoBranch));
        assert_eq!(text(b"\x7fELF\x02\x01".to_vec()), Err(Refusal::Binary));
        assert_eq!(text(b"#!/bin/sh\n\0".to_vec()), Err(Refusal::Binary));
        assert_eq!(text(b"#!/bin/sh\n\xff".to_vec()), Err(Refusal::Binary));
    }

    #[test]
    fn a_usage_text_naming_the_option_first_is_passed_over() {
        let json = "{\"name\": \"resize\"}\n";
        // An echo, then an unquoted usage heredoc: the case arm is the branch.
        let echoed = format!(
            "#!/bin/sh\nusage() {{\n  echo \"usage: resize [--schema|--help] WIDTH\"\n  cat <<EOF\nScales to WIDTH; --schema prints the schema.\nEOF\n}}\ncase \"$1\" in\n  -s|--schema) cat <<'JSON'\n{json}JSON\n  ;;\nesac\n"
        );
        assert_eq!(body(&echoed), Ok(json));
        // A usage heredoc whose text reads like a condition (`if --schema ...`) is
        // text: the banner's heredoc after it is not the schema.
        let told = format!(
            "#!/bin/bash\ncat >&2 <<'USAGE'\nif --schema is given, the schema is printed\nUSAGE\ncat <<'BANNER'\nresize 1.0\nBANNER\nif [[ $1 == \"--schema\" ]]; then\n  cat <<'JSON'\n{json}JSON\nfi\n"
        );
        assert_eq!(body(&told), Ok(json));
        // A string on an `if` line is no condition; the test after it is.
        let said = format!(
            "#!/bin/sh\nif [ -z \"$1\" ]; then echo \"try --schema\" >&2; cat <<EOF\n$0\nEOF\nfi\ntest \"$1\" = --schema && cat <<'JSON'\n{json}JSON\n"
        );
        assert_eq!(body(&said), Ok(json));
        // With no condition anywhere, the first token is the branch, as before.
        let named = format!("#!/bin/sh\nflag=--schema\nif [ \"$1\" = \"$flag\" ]; then cat <<'JSON'\n{json}JSON\nfi\n");
        assert_eq!(body(&named), Ok(json));
        let refused = "#!/bin/sh\necho \"usage: [--schema]\"\ncat <<EOF\n$0\nEOF\n";
        let at = refused.find("<<EOF").unwrap();
        assert_eq!(schema(refused), Err(Refusal::Unquoted(at..at + 5)));
    }

    #[test]
    fn tells_a_condition_from_a_mention() {
        let condition = |line: &str| is_condition(line, line.find("--schema").unwrap());
        for line in [
            "if [ \"$1\" = --schema ]; then",
            "[ \"${1:-}\" = \"--schema\" ] && cat <<'EOF'",
            "if [[ $1 == '--schema' ]]; then",
            "test \"$1\" = --schema && exec cat \"$0.json\"",
            "  --schema) cat <<'EOF'",
            "  -s|--schema)",
            "  --schema|-s) cat <<'EOF'",
            "  \"--schema\")",
            "case $1 in (--schema) cat <<'EOF'",
            "elif printf %s \"$1\" | grep -qx -- --schema; then",
        ] {
            assert!(condition(line), "{line}");
        }
        for line in [
            "echo \"usage: resize [--schema|--help]\"",
            "echo usage: resize [--schema] WIDTH",
            "printf '%s\\n' \"(--schema) prints the schema\"",
            "if [ -z \"$1\" ]; then echo \"try --schema\"; fi",
            "[ \"$1\" != --schema ] || exit 0",
            "  --schema   print the schema",
        ] {
            assert!(!condition(line), "{line}");
        }
    }

    #[test]
    fn an_unterminated_heredoc_runs_to_the_end() {
        assert_eq!(body("--schema) cat <<'X'\n{}\n"), Ok("{}\n"));
    }
}
