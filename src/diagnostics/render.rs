//! Rendering diagnostics: rustc-style for people, JSON lines for tools, GitHub
//! workflow commands for annotations on pull requests (DECISIONS.md 13).

use std::fmt::Write as _;

use annotate_snippets::{AnnotationKind, Group, Level, Snippet};

use super::{Diagnostic, Origin, Severity};

/// The `--format` of diagnostics on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorFormat {
    /// rustc-style, with the offending source line.
    Human,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow commands (`::error file=…`).
    Github,
}

/// Longest source line shown; annotate-snippets cuts long lines to the terminal's
/// width around the span itself. A longer line (a minified multi-megabyte registry)
/// is not shown at all: the diagnostic names the file, line and column only.
const MAX_LINE_BYTES: usize = 64 * 1024;

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
        }
    }

    /// A closing line such as `error: 2 errors and 1 warning; nothing was written`.
    pub fn summary(&self, diagnostics: &[Diagnostic], outcome: &str) -> Option<String> {
        if self.format != ErrorFormat::Human || diagnostics.is_empty() {
            return None;
        }
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = diagnostics.len() - errors;
        let mut parts = Vec::new();
        if errors > 0 {
            parts.push(plural(errors, "error"));
        }
        if warnings > 0 {
            parts.push(plural(warnings, "warning"));
        }
        let level = if errors > 0 { "error" } else { "warning" };
        Some(format!("{level}: {}{outcome}\n", parts.join(" and ")))
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
        let renderer =
            if self.color { annotate_snippets::Renderer::styled() } else { annotate_snippets::Renderer::plain() };
        // A blank line after each diagnostic, as rustc separates them.
        let mut out = renderer.render(&report);
        out.push_str("\n\n");
        out
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    }
}

/// The source line a diagnostic shows, with the span relative to it.
struct Excerpt {
    path: String,
    line: usize,
    column: usize,
    /// Empty when there is nothing to show (no location, or too long a line).
    text: String,
    span: std::ops::Range<usize>,
}

impl Excerpt {
    fn new(origin: &Origin) -> Excerpt {
        let source = &origin.source;
        let path = source.display_path();
        let Some(range) = origin.range() else {
            return Excerpt { path, line: 1, column: 1, text: String::new(), span: 0..0 };
        };
        let lines = source.lines();
        let line_range = lines.line_range(&source.text, lines.line_of(range.start));
        let position = source.line_col(range.start);
        if line_range.len() > MAX_LINE_BYTES {
            return Excerpt { path, line: position.line, column: position.column, text: String::new(), span: 0..0 };
        }
        // Only the first line of a multi-line value is shown, cut on char boundaries.
        let text = &source.text;
        let start = crate::source::floor_char_boundary(text, range.start.clamp(line_range.start, line_range.end));
        let end = crate::source::ceil_char_boundary(text, range.end.clamp(start, line_range.end));
        Excerpt {
            path,
            line: position.line,
            column: position.column,
            text: text[line_range.clone()].to_owned(),
            span: start - line_range.start..end - line_range.start,
        }
    }

    fn push_into<'a>(&'a self, group: Group<'a>, kind: AnnotationKind) -> Group<'a> {
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
fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a workflow-command property value.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}
