//! Reading inputs: files (or standard input) into JSON values (from JSON, YAML or
//! TOML), and those values into a catalog, either read strictly as one or normalised
//! from a registry declaration.

pub mod catalog;
pub mod harn;
pub mod harness;
mod json;
mod read;
pub mod registry;
pub mod rules;
pub mod skills;
mod toml;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::contract::ToolCatalog;
use crate::diagnostics::Diagnostic;
use crate::paths::Confinement;
use crate::provenance::Provenance;
use crate::source::{Format, SourceFile};
use rules::inexact_number;

pub use rules::{EMPTY_INPUT, INVALID_UTF8, UNKNOWN_FORMAT, UNREADABLE_INPUT};

/// Deepest nesting of arrays and objects accepted in any input format, as [`depth`]
/// counts it: the JSON, YAML and TOML readers and the Harn front end all hold to it, so
/// that nothing downstream recurses deeper than this.
pub const MAX_DEPTH: usize = 128;

/// Whether JSON's parallel reader, run on `text` whatever its size (it runs only on
/// large files otherwise), reads what the whole-document reader reads, or leaves the
/// text to it: what the fuzz targets hold it to.
#[doc(hidden)]
pub fn parallel_json_agrees(text: &str) -> bool {
    json::parallel_agrees(text)
}

/// How many levels of arrays and objects `value` nests (0 for a scalar): the measure
/// [`MAX_DEPTH`] bounds. Safe on any depth (the stack grows as needed).
pub fn depth(value: &Value) -> usize {
    crate::stack::grow(|| match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(members) => 1 + members.values().map(depth).max().unwrap_or(0),
        _ => 0,
    })
}

/// A parsed input file: its source and its value.
pub struct Document {
    pub source: Arc<SourceFile>,
    pub value: Value,
}

/// Why an input could not be turned into a document.
#[derive(Clone, Debug)]
pub enum LoadError {
    /// The file could not be read at all (missing, a directory, no permission, unknown
    /// format): a usage problem, exit code 2.
    Unreadable(Diagnostic),
    /// The file was read but its content is not a valid document: exit code 1.
    Rejected(Diagnostic),
}

/// What an input was read into.
pub enum Content {
    /// A parsed document: a registry declaration, or a catalog still to be read.
    Document(Document),
    /// A JSON catalog read straight into its records ([`catalog::read_json`]).
    Catalog(Box<ToolCatalog>, Provenance),
    /// A catalog already normalised from several files: a harness directory's tools
    /// ([`harness`]), each from its own schema document.
    Normalized(Box<registry::Normalized>),
    /// A large JSON registry declaration whose tools are read as they are normalised
    /// ([`registry::normalize_split`]), or all at once by [`SplitDocument::read`].
    Split(Box<SplitDocument>),
}

/// A JSON document of 1 MiB or more that is an object with a `tools` array and no
/// `schema_version` (not a catalog): its other members read, its tools only found.
/// Read whole, a large registry's parsed tools all existed at once beside the entries
/// normalised from them, and the memory each left was not reused.
pub struct SplitDocument {
    pub source: Arc<SourceFile>,
    split: json::Split,
}

impl SplitDocument {
    /// The document read whole, with what reading it raised (as [`parse`] reads any
    /// other JSON document), or why it cannot be read.
    pub fn read(self) -> Result<(Document, Vec<Diagnostic>), Diagnostic> {
        read_json_document(self.source)
    }
}

/// An input read and the diagnostics reading it raised (warnings of the Harn front
/// end, say); what made reading fail is a [`LoadError`] instead.
pub struct Loaded {
    pub content: Content,
    pub diagnostics: Vec<Diagnostic>,
}

/// What stands for standard input in place of a FILE argument.
pub const STDIN: &str = "-";

/// An input a command was given: a file or directory, or standard input.
#[derive(Clone, Debug)]
pub enum InputFile {
    /// A file or a directory, read when the input is loaded.
    Path(PathBuf),
    /// Standard input (`-`), read whole when the input was named ([`InputFile::stdin`]).
    Stdin {
        /// The name `--stdin-filename` gave it: its extension names the format, and it
        /// stands for the input's path, in diagnostics and as the folder a module's
        /// imports are found from and confined to.
        name: Option<PathBuf>,
        /// Its text, or why it could not be read.
        read: Result<Arc<SourceFile>, LoadError>,
    },
}

impl InputFile {
    /// Standard input under `name`, read whole now; refused unread when `name` gives
    /// no format.
    pub fn stdin(name: Option<PathBuf>) -> InputFile {
        let read = read::read_stdin(name.as_deref()).map(Arc::new);
        InputFile::Stdin { name, read }
    }

    /// The path the input stands for: the file's, or the name standard input was given
    /// (`-` without one).
    pub fn path(&self) -> &Path {
        match self {
            InputFile::Path(path) => path,
            InputFile::Stdin { name, .. } => name.as_deref().unwrap_or(Path::new(STDIN)),
        }
    }

    pub fn is_stdin(&self) -> bool {
        matches!(self, InputFile::Stdin { .. })
    }
}

/// Reads and parses one input: a file or directory as [`load`] does (or, with
/// `scopes`, a directory as [`load_scopes`] does), standard input as it was read.
pub fn load_input(
    input: &InputFile,
    surface: harn::Surface,
    paths: &Confinement,
    scopes: bool,
) -> Result<Loaded, LoadError> {
    match input {
        InputFile::Path(path) if scopes => load_scopes(path),
        InputFile::Path(path) => load(path, surface, paths),
        InputFile::Stdin { read, .. } => {
            let source = read.clone()?;
            parse_shared(source, surface, paths).map_err(LoadError::Rejected)
        }
    }
}

/// Reads and parses one input file; a `.harn` module is read on `surface`, its
/// imports confined by `paths`. A directory is read as a harness directory when it is
/// one or holds one ([`harness::resolve`]).
pub fn load(path: &Path, surface: harn::Surface, paths: &Confinement) -> Result<Loaded, LoadError> {
    if path.is_dir() {
        return match harness::load_dir(path) {
            Some(normalized) => Ok(harness_loaded(normalized)),
            None => Err(LoadError::Unreadable(rules::unreadable_directory(path))),
        };
    }
    let format = rules::format_of(path).map_err(LoadError::Unreadable)?;
    let text = read::read_text(path, format).map_err(|e| match e {
        read::ReadError::Io(d) => LoadError::Unreadable(d),
        read::ReadError::Content(d) => LoadError::Rejected(d),
    })?;
    parse(SourceFile::new(path, text, format), surface, paths).map_err(LoadError::Rejected)
}

/// Reads the harness directory `dir` (as [`load`] reads a directory), one of its files
/// from the text an editor holds (`unsaved`) rather than from disk.
pub fn load_harness_with(dir: &Path, unsaved: harness::Unsaved<'_>) -> Result<Loaded, LoadError> {
    match harness::load_dir_with(dir, Some(unsaved)) {
        Some(normalized) => Ok(harness_loaded(normalized)),
        None => Err(LoadError::Unreadable(rules::unreadable_directory(dir))),
    }
}

/// Reads every harness directory in scope at `dir` (`--scopes DIR`, see
/// [`harness::scopes`]) into one catalog; a usage error when there is none.
pub fn load_scopes(dir: &Path) -> Result<Loaded, LoadError> {
    harness::load_scopes(dir).map(harness_loaded).ok_or_else(|| LoadError::Unreadable(rules::no_harness_scope(dir)))
}

fn harness_loaded(normalized: registry::Normalized) -> Loaded {
    Loaded { content: Content::Normalized(Box::new(normalized)), diagnostics: Vec::new() }
}

/// Parses text that is already in memory (a file as it was at a git revision, tests).
pub fn parse(source: SourceFile, surface: harn::Surface, paths: &Confinement) -> Result<Loaded, Diagnostic> {
    parse_shared(Arc::new(source), surface, paths)
}

/// [`parse`], of a source already shared.
fn parse_shared(source: Arc<SourceFile>, surface: harn::Surface, paths: &Confinement) -> Result<Loaded, Diagnostic> {
    rules::check_not_empty(&source)?;
    // Only a literal read as a float can be rounded: the readers say whether they met
    // one, and the literals are compared with what the catalog writes only then.
    let in_json = |source: &Arc<SourceFile>, floats| if floats { inexact_number::in_json(source) } else { Vec::new() };
    let (value, diagnostics) = match source.format {
        Format::Json => {
            if let Some((catalog, floats)) = catalog::read_json(&source) {
                let diagnostics = in_json(&source, floats);
                let provenance = Provenance::identity(source, catalog.tools.len());
                return Ok(Loaded { content: Content::Catalog(Box::new(catalog), provenance), diagnostics });
            }
            if source.text.len() >= json::SPLIT_FROM_BYTES {
                if let Some(split) = json::split(&source.text).filter(|s| !s.root.contains_key("schema_version")) {
                    let content = Content::Split(Box::new(SplitDocument { source, split }));
                    return Ok(Loaded { content, diagnostics: Vec::new() });
                }
            }
            let (document, diagnostics) = read_json_document(source)?;
            return Ok(Loaded { content: Content::Document(document), diagnostics });
        }
        Format::Yaml => yaml::parse(&source)?,
        Format::Toml => match toml::parse(&source)? {
            (value, false) => (value, Vec::new()),
            (value, true) => (value, inexact_number::in_toml(&source)),
        },
        Format::Harn => {
            let (document, diagnostics) = harn::load_confined(source, surface, paths)?;
            return Ok(Loaded { content: Content::Document(document), diagnostics });
        }
    };
    Ok(Loaded { content: Content::Document(Document { source, value }), diagnostics })
}

/// A JSON document that is not read straight into a catalog, read whole, with what
/// reading it raised.
pub fn read_json_document(source: Arc<SourceFile>) -> Result<(Document, Vec<Diagnostic>), Diagnostic> {
    let (value, floats) = json::parse(&source)?;
    let diagnostics = if floats { inexact_number::in_json(&source) } else { Vec::new() };
    Ok((Document { source, value }, diagnostics))
}
