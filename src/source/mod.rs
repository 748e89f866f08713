//! Source files: their text, their format, and where a JSON Pointer sits in them.
//!
//! Locations are computed lazily for JSON and TOML: the fast path parses with serde and
//! never builds a span tree. For JSON, each pointer is located by reading only the
//! containers on its way (see `json_locate`); for TOML, the first diagnostic that needs
//! a line and column parses the file again with a span-preserving parser (see `spans`).
//! YAML and Harn readers take positions as they read, and attach their span tree
//! (`set_spans`).

mod json_locate;

pub use json_locate::{skip_string, skip_value, skip_whitespace};
#[cfg(test)]
mod json_spans;
mod line_index;
mod spans;
mod toml_spans;

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use line_index::{LineCol, LineIndex, ceil_char_boundary, floor_char_boundary};
pub use spans::{SpanNode, SpanTree};

use crate::pointer::{Part, Pointer};

/// The syntaxes harn-catalog reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
    Toml,
    /// A Harn module: its values come from the front end, with spans attached.
    Harn,
}

impl Format {
    /// The format a file's extension names, if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "yaml" | "yml" => Some(Format::Yaml),
            "toml" => Some(Format::Toml),
            "harn" => Some(Format::Harn),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::Yaml => "YAML",
            Format::Toml => "TOML",
            Format::Harn => "Harn",
        }
    }
}

/// `text` without a leading UTF-8 byte order mark, which some editors write: it is no
/// part of the document (JSON parsers may ignore it, RFC 8259 §8.1; YAML and TOML
/// readers do), nor a column of its first line. Every input is read as if it were
/// absent, so that offsets, lines and columns count from the document's first character.
pub fn without_bom(mut text: String) -> String {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// One file read into memory, with lazily built indexes for locating values in it.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user gave it; used verbatim in diagnostics.
    pub path: PathBuf,
    pub text: String,
    pub format: Format,
    lines: OnceLock<LineIndex>,
    spans: OnceLock<Option<SpanTree>>,
    /// Used for JSON sources instead of `spans`.
    json: json_locate::JsonLocator,
}

impl SourceFile {
    /// A file's text, without the byte order mark it may start with (see [`without_bom`]).
    pub fn new(path: impl Into<PathBuf>, text: String, format: Format) -> Self {
        let text = without_bom(text);
        SourceFile {
            path: path.into(),
            text,
            format,
            lines: OnceLock::new(),
            spans: OnceLock::new(),
            json: Default::default(),
        }
    }

    /// Attaches the span tree of a source whose reader took positions as it read (once).
    pub fn set_spans(&self, spans: SpanTree) {
        let _ = self.spans.set(Some(spans));
    }

    pub fn display_path(&self) -> String {
        self.path.display().to_string()
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(&self.text))
    }

    /// Line and column (both 1-based, the column counted in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> LineCol {
        self.lines().line_col(&self.text, offset)
    }

    /// The byte range of the value or of the member name (`part`) that `pointer`
    /// names. When the exact place does not exist in the text (a synthesised default,
    /// say), the range of its nearest existing ancestor is returned instead.
    pub fn locate(&self, pointer: &Pointer, part: Part) -> Option<Range<usize>> {
        if self.format == Format::Json {
            return self.json.locate(&self.text, pointer, part);
        }
        let tree = self
            .spans
            .get_or_init(|| match self.format {
                Format::Toml => toml_spans::build(&self.text),
                // Set by the reader, which builds the values (see `set_spans`); JSON is
                // located without a tree, above.
                Format::Yaml | Format::Harn | Format::Json => None,
            })
            .as_ref()?;
        Some(tree.locate(pointer, part))
    }
}
