//! Rendering diagnostics: rustc-style for people, JSON lines for tools, GitHub
//! workflow commands for annotations on pull requests (spec/decisions.md 13).

use std::fmt::Write as _;

use annotate_snippets::{AnnotationKind, Group, Level, Snippet};

use super::{Diagnostic, Origin, Severity};
use crate::source::{ceil_char_boundary, floor_char_boundary};

/// The `--format` of diagnostics on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ErrorFormat {
    /// rustc-style, with the offending source line.
    Human,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow commands (`::error file=…`).
    Github,
    /// One SARIF 2.1.0 log of the whole run (for GitHub code scanning).
    Sarif,
}

/// Longest source line shown whole. A longer line (a minified multi-megabyte registry)
/// is shown as a window of about `WINDOW_BYTES` around the span, which annotate-snippets
/// then cuts to the terminal's width; the location line gives the true column.
const MAX_LINE_BYTES: usize = 4 * 1024;
const WINDOW_BYTES: usize = 1024;

/// Human output shows this many diagnostics of one rule; the rest are counted in one
/// line at the end (`--format json` and `github` list every one).
pub const SHOWN_PER_RULE: usize = 10;

/// Renders diagnostics in one of the [`ErrorFormat`]s.
pub struct Renderer {
    pub format: ErrorFormat,
    pub color: bool,
}

impl Renderer {
    pub fn new(format: ErrorFormat, color: bool) -> Self {
        Renderer { format, color }
    }

    /// The text for one diagnostic, ending with a newline.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        match self.format {
            ErrorFormat::Human => self.human(diagnostic),
            ErrorFormat::Json => json_line(diagnostic),
            ErrorFormat::Github => github_line(diagnostic),
            // A SARIF log is one document of the whole run, which the `Log` gathers.
            ErrorFormat::Sarif => {
                let mut log = super::SarifLog::new();
                log.diagnostic(diagnostic);
                log.finish(None)
            }
        }
    }

    /// The text for a run's diagnostics: each one rendered, except that human output
    /// shows at most `SHOWN_PER_RULE` (ten) of each rule and then counts the rest.
    pub fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        let mut out = String::new();
        if self.format == ErrorFormat::Sarif {
            let mut log = super::SarifLog::new();
            diagnostics.iter().for_each(|d| log.diagnostic(d));
            return log.finish(None);
        }
        if self.format != ErrorFormat::Human {
            diagnostics.iter().for_each(|d| out.push_str(&self.render(d)));
            return out;
        }
        // Per rule code, in order of first appearance: how many were seen, and the
        // severity of those left out.
        let mut seen: Vec<(&'static str, usize, Severity)> = Vec::new();
        for d in diagnostics {
            let count = match seen.iter_mut().find(|(code, ..)| *code == d.code()) {
                Some((_, count, severity)) => {
                    *severity = (*severity).max(d.severity);
                    count
                }
                None => {
                    seen.push((d.code(), 0, d.severity));
                    &mut seen.last_mut().expect("just pushed").1
                }
            };
            *count += 1;
            if *count <= SHOWN_PER_RULE {
                out.push_str(&self.render(d));
            }
        }
        for (code, count, severity) in seen.into_iter().filter(|(_, count, _)| *count > SHOWN_PER_RULE) {
            let more = count - SHOWN_PER_RULE;
            let what = if more == 1 { severity.as_str().to_owned() } else { format!("{}s", severity.as_str()) };
            let _ = writeln!(out, "note: and {} more `{code}` {what}; `--format json` lists all\n", thousands(more));
        }
        out
    }

    /// A closing line such as `error: 2 errors and 1 warning; nothing was written`.
    pub fn summary(&self, diagnostics: &[Diagnostic], outcome: &str) -> Option<String> {
        if self.format != ErrorFormat::Human || diagnostics.is_empty() {
            return None;
        }
        let count = |severity| diagnostics.iter().filter(|d| d.severity == severity).count();
        let (errors, warnings, notes) = (count(Severity::Error), count(Severity::Warning), count(Severity::Note));
        let mut parts = Vec::new();
        if errors > 0 {
            parts.push(plural(errors, "error"));
        }
        if warnings > 0 {
            parts.push(plural(warnings, "warning"));
        }
        if notes > 0 {
            parts.push(plural(notes, "note"));
        }
        let level = if errors > 0 {
            "error"
        } else if warnings > 0 {
            "warning"
        } else {
            "note"
        };
        let last = parts.pop().expect("diagnostics of some severity");
        let listed = if parts.is_empty() { last } else { format!("{} and {last}", parts.join(", ")) };
        Some(format!("{level}: {listed}{outcome}\n"))
    }

    fn human(&self, d: &Diagnostic) -> String {
        let level = level(d.severity);
        let title = level.primary_title(d.message.as_str()).id(d.code());
        let mut group = Group::with_title(title);
        let excerpt = d.origin.as_ref().map(Excerpt::new);
        if let Some(excerpt) = &excerpt {
            group = excerpt.push_into(group, AnnotationKind::Primary);
        }
        if let Some(help) = &d.help {
            group = group.element(Level::HELP.message(help.as_str()));
        }
        let related: Vec<(String, Excerpt)> =
            d.related.iter().map(|r| (r.message.clone(), Excerpt::new(&r.origin))).collect();
        let mut report = vec![group];
        for (message, excerpt) in &related {
            let note = Group::with_title(Level::NOTE.secondary_title(message.as_str()));
            report.push(excerpt.push_into(note, AnnotationKind::Context));
        }
        report_text(&report, excerpt.iter().chain(related.iter().map(|(_, e)| e)), self.color)
    }
}

/// `report` rendered by annotate-snippets, its location lines corrected for the
/// `excerpts` it shows (in order), and a blank line after it, as rustc separates
/// diagnostics.
pub(crate) fn report_text<'a>(
    report: &[Group<'_>],
    excerpts: impl Iterator<Item = &'a Excerpt>,
    color: bool,
) -> String {
    let renderer = if color { annotate_snippets::Renderer::styled() } else { annotate_snippets::Renderer::plain() };
    let mut out = renderer.render(report);
    // annotate-snippets counts the column of a window from the window's start; put
    // the true one in each location line, which come in the order of the excerpts.
    let mut from = 0;
    for excerpt in excerpts.filter(|e| e.window) {
        let shown =
            format!("{}:{}:{}", excerpt.path, excerpt.line, excerpt.text[..excerpt.span.start].chars().count() + 1);
        if let Some(at) = out[from..].find(&shown).map(|i| from + i) {
            let true_location = format!("{}:{}:{}", excerpt.path, excerpt.line, excerpt.column);
            out.replace_range(at..at + shown.len(), &true_location);
            from = at + true_location.len();
        }
    }
    out.push_str("\n\n");
    out
}

/// `text` cut to its first `max` characters (on a char boundary) and `…`, for a
/// message that quotes a value.
pub(crate) fn shortened(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// `1 word` or `2,345 words`.
pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{} {word}s", thousands(n)) }
}

/// `n` with a comma between groups of three digits (`199,990`), as counts and bounds
/// are written in messages.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// The source line a diagnostic shows (or a window of a long one), with the span
/// relative to it.
pub(crate) struct Excerpt {
    path: String,
    line: usize,
    column: usize,
    /// Empty when there is nothing to show (no location).
    text: String,
    /// Whether the place is a whole file, shown as its path alone (no line, column
    /// or snippet).
    whole_file: bool,
    span: std::ops::Range<usize>,
    /// Whether `text` is a window cut from a longer line, whose column annotate-snippets
    /// cannot know (see `Renderer::human`).
    window: bool,
}

impl Excerpt {
    pub(crate) fn new(origin: &Origin) -> Excerpt {
        let source = &origin.source;
        let path = source.display_path();
        let whole_file = matches!(origin.place, super::Place::File);
        let Some(range) = origin.range() else {
            return Excerpt { path, line: 1, column: 1, text: String::new(), whole_file, span: 0..0, window: false };
        };
        let lines = source.lines();
        let mut shown = lines.line_range(&source.text, lines.line_of(range.start));
        let position = source.line_col(range.start);
        // Only the first line of a multi-line value is shown, cut on char boundaries.
        let text = &source.text;
        let start = floor_char_boundary(text, range.start.clamp(shown.start, shown.end));
        let mut end = ceil_char_boundary(text, range.end.clamp(start, shown.end));
        let window = shown.len() > MAX_LINE_BYTES;
        if window {
            end = end.min(ceil_char_boundary(text, start + WINDOW_BYTES / 2));
            shown = floor_char_boundary(text, start.saturating_sub(WINDOW_BYTES / 2)).max(shown.start)
                ..ceil_char_boundary(text, end + WINDOW_BYTES / 2).min(shown.end);
        }
        Excerpt {
            path,
            line: position.line,
            column: position.column,
            text: text[shown.clone()].to_owned(),
            whole_file,
            span: start - shown.start..end - shown.start,
            window,
        }
    }

    pub(crate) fn push_into<'a>(&'a self, group: Group<'a>, kind: AnnotationKind) -> Group<'a> {
        if self.whole_file {
            return group.element(annotate_snippets::Origin::path(self.path.as_str()));
        }
        if self.text.is_empty() {
            return group
                .element(annotate_snippets::Origin::path(self.path.as_str()).line(self.line).char_column(self.column));
        }
        let snippet = Snippet::source(self.text.as_str())
            .line_start(self.line)
            .path(self.path.as_str())
            .annotation(kind.span(self.span.clone()));
        group.element(snippet)
    }
}

fn json_line(d: &Diagnostic) -> String {
    let mut object = serde_json::Map::new();
    object.insert("code".into(), d.code().into());
    object.insert("severity".into(), d.severity.as_str().into());
    object.insert("phase".into(), d.phase().as_str().into());
    object.insert("message".into(), d.message.clone().into());
    if let Some(origin) = &d.origin {
        let at = origin.line_col();
        object.insert("file".into(), origin.source.display_path().into());
        object.insert("line".into(), at.line.into());
        object.insert("column".into(), at.column.into());
        object.insert("pointer".into(), origin.pointer().map(|p| p.to_string()).into());
    } else {
        for key in ["file", "line", "column", "pointer"] {
            object.insert(key.into(), serde_json::Value::Null);
        }
    }
    if let Some(finding) = &d.profile {
        // The pointer of a profile finding names the place in the tool's `tools/list`
        // entry; the place in the source stays as `source_pointer`.
        let source_pointer = object.insert("pointer".into(), finding.pointer.clone().into());
        object.insert("source_pointer".into(), source_pointer.unwrap_or(serde_json::Value::Null));
        object.insert("profile".into(), finding.profile.into());
        object.insert("tool".into(), finding.tool.clone().into());
    }
    if let Some(help) = &d.help {
        object.insert("help".into(), help.clone().into());
    }
    if !d.related.is_empty() {
        let related = d
            .related
            .iter()
            .map(|r| {
                let at = r.origin.line_col();
                serde_json::json!({
                    "message": r.message,
                    "file": r.origin.source.display_path(),
                    "line": at.line,
                    "column": at.column,
                    "pointer": r.origin.pointer().map(|p| p.to_string()),
                })
            })
            .collect::<Vec<_>>();
        object.insert("related".into(), related.into());
    }
    let mut line = serde_json::Value::Object(object).to_string();
    line.push('\n');
    line
}

fn github_line(d: &Diagnostic) -> String {
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = Vec::new();
    if let Some(origin) = &d.origin {
        let at = origin.line_col();
        properties.push(format!("file={}", escape_property(&origin.source.display_path())));
        properties.push(format!("line={}", at.line));
        properties.push(format!("col={}", at.column));
    }
    properties.push(format!("title={}", escape_property(d.code())));
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        let _ = write!(message, "\nhelp: {help}");
    }
    format!("::{command} {}::{}\n", properties.join(","), escape_data(&message))
}

/// Escapes a workflow-command message.
pub(crate) fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a workflow-command property value.
pub(crate) fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::rules::{DUPLICATE_KEY, SYNTAX_ERROR};

    #[test]
    fn groups_digits_by_three() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(199_990), "199,990");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }

    #[test]
    fn counts_only_what_is_left_out_per_rule() {
        let mut diagnostics: Vec<Diagnostic> = (0..SHOWN_PER_RULE).map(|_| DUPLICATE_KEY.diag("a")).collect();
        diagnostics.extend((0..=SHOWN_PER_RULE).map(|_| SYNTAX_ERROR.diag("b")));
        let human = Renderer::new(ErrorFormat::Human, false).render_all(&diagnostics);
        assert_eq!(human.matches("error[duplicate-key]").count(), SHOWN_PER_RULE);
        assert_eq!(human.matches("error[syntax-error]").count(), SHOWN_PER_RULE);
        assert!(!human.contains("more `duplicate-key`"), "{human}");
        assert!(human.ends_with("note: and 1 more `syntax-error` error; `--format json` lists all\n\n"), "{human}");
        let json = Renderer::new(ErrorFormat::Json, false).render_all(&diagnostics);
        assert_eq!(json.lines().count(), 2 * SHOWN_PER_RULE + 1);
    }

    #[test]
    fn a_whole_file_is_shown_as_its_path_alone() {
        use crate::ingest::harness::rules::HARNESS_OVERRIDE;
        let path = std::path::Path::new("outer/.harness/tools/search");
        let d = HARNESS_OVERRIDE
            .diag("overridden")
            .at(Origin::file(path))
            .help("rename it")
            .related(Origin::file(std::path::Path::new("inner/.harness/tools/search")), "the definition compiled");
        let human = Renderer::new(ErrorFormat::Human, false).render(&d);
        assert_eq!(
            human,
            "note[harness-override]: overridden\n --> outer/.harness/tools/search\n  = help: rename it\n\
             note: the definition compiled\n --> inner/.harness/tools/search\n\n"
        );
        // Alone, it shows no empty snippet either.
        let alone = Renderer::new(ErrorFormat::Human, false).render(&HARNESS_OVERRIDE.diag("o").at(Origin::file(path)));
        assert_eq!(alone, "note[harness-override]: o\n --> outer/.harness/tools/search\n\n");
        // Tools still get a line and a column: the file's start.
        let json: serde_json::Value =
            serde_json::from_str(&Renderer::new(ErrorFormat::Json, false).render(&d)).unwrap();
        assert_eq!(
            (&json["file"], &json["line"], &json["column"], &json["pointer"]),
            (&"outer/.harness/tools/search".into(), &1.into(), &1.into(), &serde_json::Value::Null)
        );
        assert_eq!(json["related"][0]["line"], 1);
    }

    #[test]
    fn notes_are_counted_apart_and_deny_warnings_leaves_them_notes() {
        use crate::diagnostics::Diagnostics;
        use crate::ingest::skills::{SKILL_FIELD, SKILL_SHADOWED};
        let human = Renderer::new(ErrorFormat::Human, false);
        let mut found = Diagnostics::default();
        found.push(SKILL_SHADOWED.diag("n"));
        assert_eq!(human.summary(found.as_slice(), "").unwrap(), "note: 1 note\n");
        found.push(SKILL_FIELD.diag("w"));
        found.push(DUPLICATE_KEY.diag("e"));
        assert_eq!(human.summary(found.as_slice(), "").unwrap(), "error: 1 error, 1 warning and 1 note\n");
        found.deny_warnings();
        let severities: Vec<Severity> = found.iter().map(|d| d.severity).collect();
        assert_eq!(severities, [Severity::Note, Severity::Error, Severity::Error]);
        assert!(human.render(&found.as_slice()[0]).starts_with("note[skill-shadowed]: n"));
        let github = Renderer::new(ErrorFormat::Github, false).render(&found.as_slice()[0]);
        assert!(github.starts_with("::notice title=skill-shadowed::n"), "{github}");
    }
}
