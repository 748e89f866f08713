//! One `SKILL.md`: its frontmatter split from its body by the `---` lines, read as
//! YAML by the project's reader (located diagnostics), and its fields checked.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::rules::{SKILL_FIELD, SKILL_MANIFEST};
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::yaml;
use crate::pointer::Pointer;
use crate::source::{Format, SourceFile};

/// Where the parts of a `SKILL.md` lie in its text: the four ranges follow each
/// other and cover it all.
#[derive(Debug, PartialEq, Eq)]
pub struct Split {
    /// The opening `---` line, with its line ending.
    pub open: Range<usize>,
    /// The frontmatter: every line between the marker lines, each with its line ending.
    pub manifest: Range<usize>,
    /// The closing `---` line, with its line ending when it has one.
    pub close: Range<usize>,
    /// Everything after the closing line.
    pub body: Range<usize>,
}

/// Why a text has no frontmatter.
#[derive(Debug, PartialEq, Eq)]
pub enum NoFrontmatter {
    /// The first line is not `---`.
    NoOpening,
    /// No line after the first is `---`.
    Unclosed,
}

/// The line that starts at `at`: its range without its line ending (`\n` or `\r\n`),
/// and where the next line starts.
fn line(text: &str, at: usize) -> (Range<usize>, usize) {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let next = if end < text.len() { end + 1 } else { end };
    let content_end = if text[at..end].ends_with('\r') { end - 1 } else { end };
    (at..content_end, next)
}

/// Whether a line is a frontmatter marker: `---`, trailing spaces or tabs allowed.
fn is_marker(line: &str) -> bool {
    line.trim_end_matches([' ', '\t']) == "---"
}

/// Splits a `SKILL.md` text (without its byte order mark) into its parts.
pub fn split(text: &str) -> Result<Split, NoFrontmatter> {
    let (first, mut at) = line(text, 0);
    if !is_marker(&text[first]) {
        return Err(NoFrontmatter::NoOpening);
    }
    let start = at;
    while at < text.len() {
        let (content, next) = line(text, at);
        if is_marker(&text[content]) {
            return Ok(Split { open: 0..start, manifest: start..at, close: at..next, body: next..text.len() });
        }
        at = next;
    }
    Err(NoFrontmatter::Unclosed)
}

/// A frontmatter's fields as the index reads them.
#[derive(Debug)]
pub struct Manifest {
    pub name: String,
    /// Where the name is (`/name`, or `/id`), for the diagnostics that name it.
    pub name_at: Origin,
    pub title: Option<String>,
    pub description: String,
    pub tags: Vec<String>,
    pub disable_model_invocation: bool,
    /// The whole frontmatter, as JSON.
    pub value: Value,
}

/// Reads the frontmatter of `text` (the file at `path`, split as `parts`): the
/// manifest, or the warnings that leave the skill out.
pub fn read(path: &Path, text: &str, parts: &Split) -> Result<Manifest, Vec<Diagnostic>> {
    // The parser reads the opening line and the frontmatter, so that its positions
    // are the file's own: `---` is YAML's own marker of a document's start.
    let source = Arc::new(SourceFile::new(path, text[..parts.close.start].to_owned(), Format::Yaml));
    let blank = text[parts.manifest.clone()].lines().all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    if blank {
        let at = Origin::span(&source, parts.open.start..parts.open.start + 3);
        let message = "the frontmatter is empty: a skill needs a `name` and a `description`";
        return Err(vec![SKILL_FIELD.diag(message).at(at).help(MISSING_HELP)]);
    }
    let value = match yaml::parse(&source) {
        // Warnings about rounded numbers do not concern a manifest: they are dropped.
        Ok((value, _rounded)) => value,
        Err(refused) => {
            // Located in the whole file: the reader stops at the end of what it read,
            // which is the closing `---` line.
            let whole = Arc::new(SourceFile::new(path, text.to_owned(), Format::Yaml));
            let at = refused.origin.and_then(|origin| origin.range()).map(|range| Origin::span(&whole, range));
            let reason = refused.message.strip_prefix("invalid YAML: ").unwrap_or(&refused.message);
            let message = format!("the frontmatter is not valid YAML: {reason}");
            let help = refused.help.unwrap_or_else(|| "correct the YAML between the two `---` lines".to_owned());
            return Err(vec![SKILL_MANIFEST.diag(message).at_opt(at).help(help)]);
        }
    };
    let Value::Object(fields) = &value else {
        let at = Origin::value(&source, Pointer::root());
        let message = format!("the frontmatter is {}, not a mapping of fields", kind_of(&value));
        return Err(vec![SKILL_MANIFEST.diag(message).at(at).help(MISSING_HELP)]);
    };
    let mut problems = Vec::new();
    let mut check = Fields { source: &source, fields, problems: &mut problems };
    let name_key = if fields.contains_key("name") || !fields.contains_key("id") { "name" } else { "id" };
    let name = check.name(name_key);
    let description = check.required_text("description");
    let title = check.optional_text("title");
    let disable_model_invocation = check.switch("disable-model-invocation");
    let tags = check.tags("tags");
    match (name, description) {
        (Some(name), Some(description)) if problems.is_empty() => Ok(Manifest {
            name,
            name_at: Origin::value(&source, Pointer::root().key(name_key)),
            title,
            description,
            tags,
            disable_model_invocation,
            value,
        }),
        _ => Err(problems),
    }
}

const MISSING_HELP: &str = "give the skill a frontmatter such as `name: release-notes` and `description: Writes release notes from merged pull requests.`";

/// What a JSON value is, in words.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

/// Why a skill's ID (`skill:<name>`, `skill:<pack>/<name>`) or a search cannot stand
/// for the skill named `name`, if it cannot: whitespace (an ID is one word), `/` (it
/// separates the pack), a control or invisible formatting character (what is shown
/// is not what is matched), or no letter or digit at all (the `lexical-v1` analyzer
/// turns everything else into spaces, so no query finds it by its name).
pub fn unrepresentable(name: &str) -> Option<&'static str> {
    /// Characters that show as nothing: soft hyphen, zero-width spaces and joiners,
    /// direction marks and embeddings, word joiner and invisible operators, the
    /// byte order mark.
    fn invisible(c: char) -> bool {
        matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
    }
    if name.contains(char::is_whitespace) {
        Some("holds whitespace, which a skill's ID cannot")
    } else if name.contains('/') {
        Some("holds `/`, which separates a plugin's pack from the name in a skill's ID")
    } else if name.contains(|c: char| c.is_control() || invisible(c)) {
        Some("holds a control or invisible character, so what is shown is not the skill's ID")
    } else if !name.contains(char::is_alphanumeric) {
        Some("holds no letter or digit, so no search finds the skill by its name")
    } else {
        None
    }
}

/// The checks of a frontmatter's fields, each adding its warnings to `problems`.
struct Fields<'f> {
    source: &'f Arc<SourceFile>,
    fields: &'f Map<String, Value>,
    problems: &'f mut Vec<Diagnostic>,
}

impl Fields<'_> {
    fn warn(&mut self, pointer: Pointer, message: String, help: String) {
        let at = Origin::value(self.source, pointer);
        self.problems.push(SKILL_FIELD.diag(message).at(at).help(help));
    }

    /// A required string, not blank.
    fn required_text(&mut self, key: &str) -> Option<String> {
        if !self.fields.contains_key(key) {
            let message = format!("the frontmatter has no `{key}`; a skill needs one");
            self.warn(Pointer::root(), message, format!("add `{key}: …` to the frontmatter"));
            return None;
        }
        self.optional_text(key)
    }

    /// A string, not blank, when present.
    fn optional_text(&mut self, key: &str) -> Option<String> {
        let value = self.fields.get(key)?;
        match value.as_str() {
            Some(text) if !text.trim().is_empty() => Some(text.to_owned()),
            Some(_) => {
                let message = format!("`{key}` is empty");
                self.warn(Pointer::root().key(key), message, format!("write the skill's {key}"));
                None
            }
            None => {
                let message = format!("`{key}` is {}, not a string", kind_of(value));
                let help = format!("write `{key}` as text (quote it if YAML reads it as something else)");
                self.warn(Pointer::root().key(key), message, help);
                None
            }
        }
    }

    /// The name (under `key`): a string its ID and a search can stand for
    /// ([`unrepresentable`]).
    fn name(&mut self, key: &str) -> Option<String> {
        if !self.fields.contains_key(key) {
            let message = "the frontmatter has no `name` (nor `id`); a skill needs one".to_owned();
            self.warn(Pointer::root(), message, "add `name: <the skill's folder name>` to the frontmatter".to_owned());
            return None;
        }
        let name = self.optional_text(key)?;
        if let Some(what) = unrepresentable(&name) {
            let message = format!("the skill's {key} {name:?} {what}");
            let help = match super::rules::portable_name(&name) {
                Some(portable) => format!("name the skill {portable:?}: lower-case letters, digits and hyphens"),
                None => "name the skill in one word, such as `release-notes`: lower-case letters, digits and hyphens"
                    .to_owned(),
            };
            self.warn(Pointer::root().key(key), message, help);
            return None;
        }
        Some(name)
    }

    /// A boolean, `false` when absent.
    fn switch(&mut self, key: &str) -> bool {
        match self.fields.get(key) {
            None => false,
            Some(Value::Bool(on)) => *on,
            Some(other) => {
                let message = format!("`{key}` is {}, not `true` or `false`", kind_of(other));
                self.warn(Pointer::root().key(key), message, format!("write `{key}: true` or `{key}: false`"));
                false
            }
        }
    }

    /// A list of non-empty strings, none when absent.
    fn tags(&mut self, key: &str) -> Vec<String> {
        let Some(value) = self.fields.get(key) else {
            return Vec::new();
        };
        let Some(items) = value.as_array() else {
            let message = format!("`{key}` is {}, not a list of strings", kind_of(value));
            self.warn(Pointer::root().key(key), message, format!("write `{key}: [one, two]`"));
            return Vec::new();
        };
        let mut tags = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match item.as_str() {
                Some(tag) if !tag.trim().is_empty() => tags.push(tag.to_owned()),
                _ => {
                    let what = if item.is_string() { "an empty string" } else { kind_of(item) };
                    let message = format!("`{key}[{i}]` is {what}, not a tag");
                    self.warn(Pointer::root().key(key).index(i), message, "write each tag as a word".to_owned());
                }
            }
        }
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_an_id_or_a_search_cannot_stand_for() {
        for name in
            ["release notes", "notes\t", "docs/notes", "notes\u{7}", "no\u{200d}tes", "\u{202e}seton", "---", "_.!"]
        {
            assert!(unrepresentable(name).is_some(), "{name:?}");
        }
        // What only the Agent Skills rules refuse is still a name (`skill-name`).
        for name in ["notes", "Release_Notes", "v2.1", "über-blick", "9", "a:b"] {
            assert_eq!(unrepresentable(name), None, "{name:?}");
        }
    }

    #[test]
    fn the_four_parts_cover_the_text() {
        let text = "---\r\nname: a\n---  \nbody\n";
        let parts = split(text).unwrap();
        assert_eq!(&text[parts.open.clone()], "---\r\n");
        assert_eq!(&text[parts.manifest.clone()], "name: a\n");
        assert_eq!(&text[parts.close.clone()], "---  \n");
        assert_eq!(&text[parts.body.clone()], "body\n");
        let bare = split("---\n---").unwrap();
        assert_eq!((bare.manifest, bare.close, bare.body), (4..4, 4..7, 7..7));
    }

    #[test]
    fn no_opening_or_no_closing_line_is_no_frontmatter() {
        assert_eq!(split("name: a\n---\n"), Err(NoFrontmatter::NoOpening));
        assert_eq!(split("----\nname: a\n---\n"), Err(NoFrontmatter::NoOpening));
        assert_eq!(split("---\nname: a\n--- x\n"), Err(NoFrontmatter::Unclosed));
        assert_eq!(split("---"), Err(NoFrontmatter::Unclosed));
    }
}
