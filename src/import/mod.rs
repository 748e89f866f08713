//! `harn-catalog import`: an MCP server's tools (a `tools/list` result, a JSON-RPC
//! response carrying one, an array of tools, a folder of one-tool files) or Docker's
//! MCP registry `tools.json`, written as a registry declaration (spec/decisions.md 1) that
//! compiles.
//!
//! Reading finds the tools ([`mcp`], [`docker`]); each becomes a tool spec, its
//! draft-04/06/07 schemas upgraded to Draft 2020-12 ([`crate::schema::upgrade`]); then
//! [`cli`] writes the `cli` metadata the generated CLI needs; [`render`] writes the
//! declaration as YAML, JSON or TOML. Everything reported is a diagnostic of the
//! [`rules`], located in the file read.

pub mod cli;
pub mod docker;
pub mod live;
pub mod mcp;
pub mod rules;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::diagnostics::{Diagnostic, Failed, Origin};
use crate::ingest::{self, Content, LoadError};
use crate::paths::Confinement;
use crate::pointer::Pointer;
use crate::schema::upgrade::{self, Change, Draft};
use crate::source::SourceFile;
pub use rules::{
    IMPORT_CLI_METADATA, IMPORT_NULL_SCHEMA, IMPORT_SHAPE, IMPORT_TOOL, IMPORT_UNKNOWN_KEY, IMPORT_UPGRADE,
};

/// What the importer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// MCP `Tool` objects.
    Mcp,
    /// Docker's MCP registry `tools.json` (`arguments` lists).
    Docker,
}

/// The outcome of one import.
pub struct Imported {
    /// The declaration, or how the import failed (the input could not be read at all:
    /// [`Failed::Unusable`], exit code 2).
    pub declaration: Result<Value, Failed>,
    pub diagnostics: Vec<Diagnostic>,
}

/// One tool read, before it is written: its spec and where it came from.
pub struct Read {
    pub spec: Map<String, Value>,
    pub source: Arc<SourceFile>,
    /// The tool in its file.
    pub at: Pointer,
    /// Where each input property was written, relative to `at`, when it is not under
    /// `inputSchema/properties` (Docker's `arguments`).
    pub arguments: Vec<(String, Pointer)>,
}

impl Read {
    /// Where `rest` (relative to the tool) was written.
    pub fn origin(&self, rest: &Pointer) -> Origin {
        Origin::value(&self.source, self.at.join(rest))
    }

    pub fn origin_key(&self, rest: &Pointer) -> Origin {
        Origin::key(&self.source, self.at.join(rest))
    }

    /// Where the input property `property` was written (its name).
    pub fn property_origin(&self, property: &str) -> Origin {
        match self.arguments.iter().find(|(name, _)| name == property) {
            Some((_, at)) => self.origin(at),
            None => self.origin_key(&Pointer::root().key("inputSchema").key("properties").key(property)),
        }
    }

    pub fn name(&self) -> &str {
        self.spec.get("name").and_then(Value::as_str).unwrap_or_default()
    }
}

/// Imports the tools at `path` as `kind`.
pub fn import(kind: Kind, path: &Path) -> Imported {
    let mut diagnostics = Vec::new();
    let read = match (kind, path.is_dir()) {
        (Kind::Mcp, true) => mcp::read_folder(path, &mut diagnostics),
        (_, false) => match load(path) {
            Ok(document) => match kind {
                Kind::Mcp => mcp::read(&document, &mut diagnostics),
                Kind::Docker => docker::read(&document, &mut diagnostics),
            },
            Err(Failure::Unreadable(d)) => {
                return Imported { declaration: Err(Failed::Unusable), diagnostics: vec![d] };
            }
            Err(Failure::Rejected(d)) => {
                return Imported { declaration: Err(Failed::Refused), diagnostics: vec![d] };
            }
        },
        (Kind::Docker, true) => {
            let d = crate::ingest::rules::unreadable_directory(path)
                .help("`import docker` reads one tools.json; a folder of one-tool files is read by `import mcp`");
            return Imported { declaration: Err(Failed::Unusable), diagnostics: vec![d] };
        }
    };
    let tools = match read {
        Ok(tools) => tools,
        Err(failure) => {
            let failed = if matches!(failure, Failure::Unreadable(_)) { Failed::Unusable } else { Failed::Refused };
            let (Failure::Unreadable(d) | Failure::Rejected(d)) = failure;
            diagnostics.push(d);
            return Imported { declaration: Err(failed), diagnostics };
        }
    };
    declare(tools, None, diagnostics)
}

/// Imports the tools a running server listed (see [`live::list_tools`]), the registry
/// named `name` (else the server's `serverInfo.name`) at the server's version. The
/// listing is shown in diagnostics as the file `shown`, pretty-printed, as if it had
/// been saved there.
pub fn import_listing(listing: &live::Listing, shown: &str, name: Option<&str>) -> Imported {
    let text = serde_json::to_string_pretty(&listing.result).expect("JSON serialises") + "\n";
    let source = Arc::new(SourceFile::new(PathBuf::from(shown), text, crate::source::Format::Json));
    let document = Loaded { source, value: listing.result.clone() };
    let mut diagnostics = Vec::new();
    let tools = match mcp::read(&document, &mut diagnostics) {
        Ok(tools) => tools,
        Err(Failure::Unreadable(d) | Failure::Rejected(d)) => {
            diagnostics.push(d);
            return Imported { declaration: Err(Failed::Refused), diagnostics };
        }
    };
    let mut info = Map::new();
    if let Some(name) = name.map(str::to_owned).or_else(|| listing.name.clone()) {
        info.insert("name".into(), Value::String(name));
    }
    if let Some(version) = &listing.version {
        info.insert("version".into(), Value::String(version.clone()));
    }
    declare(tools, (!info.is_empty()).then_some(info), diagnostics)
}

/// The declaration of the tools read, headed by `info`; refused when reading them
/// found an error.
fn declare(mut tools: Vec<Read>, info: Option<Map<String, Value>>, mut diagnostics: Vec<Diagnostic>) -> Imported {
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Imported { declaration: Err(Failed::Refused), diagnostics };
    }
    cli::resolve(&mut tools, &mut diagnostics);
    let mut declaration = Map::new();
    if let Some(info) = info {
        declaration.insert("info".into(), Value::Object(info));
    }
    declaration.insert("tools".into(), Value::Array(tools.into_iter().map(|t| Value::Object(t.spec)).collect()));
    Imported { declaration: Ok(Value::Object(declaration)), diagnostics }
}

/// Why a file gave no document.
pub enum Failure {
    Unreadable(Diagnostic),
    Rejected(Diagnostic),
}

/// A parsed input file.
pub struct Loaded {
    pub source: Arc<SourceFile>,
    pub value: Value,
}

/// Reads one file into its value, as every other command reads inputs.
pub fn load(path: &Path) -> Result<Loaded, Failure> {
    // The reader's own rules (a syntax error, say) carry no help line of their own.
    let rejected = |mut d: Diagnostic| {
        d.help.get_or_insert_with(|| {
            "fix the file where shown: the importer reads the tools as the server returned them, in JSON (or YAML or TOML)"
                .to_owned()
        });
        Failure::Rejected(d)
    };
    let loaded = ingest::load(path, ingest::harn::Surface::Auto, &Confinement::Anywhere).map_err(|e| match e {
        LoadError::Unreadable(d) => Failure::Unreadable(d),
        LoadError::Rejected(d) => rejected(d),
    })?;
    match loaded.content {
        Content::Document(document) => Ok(Loaded { source: document.source, value: document.value }),
        // A large `tools/list` result has the shape of a large registry: read whole.
        Content::Split(split) => {
            let (document, _) = split.read().map_err(rejected)?;
            Ok(Loaded { source: document.source, value: document.value })
        }
        Content::Catalog(..) => {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let source = Arc::new(SourceFile::new(path, text, crate::source::Format::Json));
            Err(Failure::Rejected(
                IMPORT_SHAPE
                    .diag(format!("{} is a harn-tools catalog, not a list of MCP tools", path.display()))
                    .at(Origin::value(&source, Pointer::root()))
                    .help("a catalog needs no import: `harn-catalog schema` and `harn-catalog mcp` read it as it is"),
            ))
        }
        Content::Normalized(..) => Err(Failure::Rejected(
            IMPORT_SHAPE.diag(format!("{} is a harness directory, not a list of MCP tools", path.display())).help(
                "a harness directory needs no import: `harn-catalog schema` and `harn-catalog mcp` read it as it is",
            ),
        )),
    }
}

/// The JSON files of a folder, sorted by name.
fn json_files(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "json") && !path.is_dir() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The schema at `rest` of a tool (an input or output schema), upgraded when it
/// declares an older draft, each change reported at its pointer.
pub fn schema(read: &Read, rest: &Pointer, value: &Value, diagnostics: &mut Vec<Diagnostic>) -> Value {
    let Some(draft) = Draft::of(value) else {
        return value.clone();
    };
    let upgraded = upgrade::upgrade(value, draft);
    for change in &upgraded.changes {
        let at = rest.join(change.pointer());
        let message = match change {
            Change::Dropped { keyword, reason, .. } => format!(
                "tool {:?}: the {} schema's `{keyword}` at {} is dropped: {reason}",
                read.name(),
                draft.name(),
                at
            ),
            Change::Inexact { reason, .. } => {
                format!(
                    "tool {:?}: the {} schema at {at} cannot be upgraded exactly: {reason}",
                    read.name(),
                    draft.name()
                )
            }
        };
        let part = matches!(change, Change::Dropped { .. });
        let origin = if part { read.origin_key(&at) } else { read.origin(&at) };
        diagnostics.push(IMPORT_UPGRADE.diag(message).at(origin));
    }
    upgraded.schema
}

/// Whether `key` can name a `_meta` entry as it is (spec/contract.md b.2, a name without a
/// prefix): letters, digits, `-`, `_` and `.`, starting and ending with a letter or
/// digit.
pub fn meta_name(key: &str) -> bool {
    let bytes = key.as_bytes();
    let edge = |b: &u8| b.is_ascii_alphanumeric();
    bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge)
        && bytes.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// A tool's `name`; `None`, with an error, when it has none or not a non-empty string.
pub fn tool_name(read: &Read, tool: &Map<String, Value>, diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
    let (message, at) = match tool.get("name") {
        Some(Value::String(name)) if !name.trim().is_empty() => return Some(name.clone()),
        Some(_) => (
            format!("the tool at {} has a \"name\" that is not a non-empty string", mcp::shown(&read.at)),
            Pointer::root().key("name"),
        ),
        None => (format!("the tool at {} has no \"name\"", mcp::shown(&read.at)), Pointer::root()),
    };
    diagnostics.push(IMPORT_TOOL.diag(message).at(read.origin(&at)));
    None
}

/// Keeps a tool's unknown `key` (none of `known`) under `meta` when it can, saying so
/// either way, and which known key it most likely misspells.
pub fn keep_unknown(
    read: &mut Read,
    (key, value): (&str, Value),
    (what, known): (&str, &[&str]),
    diagnostics: &mut Vec<Diagnostic>,
) {
    let at = Pointer::root().key(key);
    let meta_has = read.spec.get("meta").and_then(|m| m.get(key)).is_some();
    let name = read.name().to_owned();
    let diagnostic = if meta_name(key) && !meta_has {
        let meta = read.spec.entry("meta").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(meta) = meta {
            meta.insert(key.to_owned(), value);
        }
        IMPORT_UNKNOWN_KEY
            .diag(format!("tool {name:?}: {key:?} is no key of {what}; kept as meta.{key} (the tool's _meta)"))
    } else {
        let why = if meta_has { "meta already has that key" } else { "_meta cannot hold that name" };
        IMPORT_UNKNOWN_KEY.diag(format!("tool {name:?}: {key:?} is no key of {what}; left out, as {why}"))
    };
    let diagnostic = match crate::diagnostics::suggest(key, known.iter().copied()) {
        Some(meant) => diagnostic.help(format!("did you mean {meant:?}? Rename the key in the server's tool")),
        None => diagnostic,
    };
    diagnostics.push(diagnostic.at(read.origin_key(&at)));
}

/// The syntax a declaration is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    Yaml,
    Json,
    Toml,
}

impl Output {
    /// The syntax a file name's extension names.
    pub fn from_path(path: &Path) -> Option<Output> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "yaml" | "yml" => Some(Output::Yaml),
            "json" => Some(Output::Json),
            "toml" => Some(Output::Toml),
            _ => None,
        }
    }

    /// The syntax to write: the one `to` names and the extension of `path` (the file
    /// written) names, which must agree, else YAML; why neither can be used.
    pub fn choose(path: Option<&Path>, to: Option<Output>) -> Result<Output, OutputError> {
        let from_path = match path {
            None => None,
            Some(path) => match Output::from_path(path) {
                Some(output) => Some(output),
                None => return Err(OutputError::UnknownExtension { path: path.to_path_buf() }),
            },
        };
        match (from_path, to) {
            (Some(a), Some(b)) if a != b => Err(OutputError::SyntaxesDisagree),
            (Some(output), _) | (None, Some(output)) => Ok(output),
            (None, None) => Ok(Output::Yaml),
        }
    }
}

/// Why a declaration cannot be written as asked.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum OutputError {
    #[error("cannot tell the syntax of {} from its extension; name it .yaml, .yml, .json or .toml", path.display())]
    UnknownExtension { path: std::path::PathBuf },
    #[error("--to and the extension of -o name different syntaxes; give one of them")]
    SyntaxesDisagree,
    #[error("TOML has no null, which the declaration holds at {at}; write YAML or JSON")]
    NullInToml { at: Pointer },
    /// The serializer of the syntax refused the value.
    #[error("{0}")]
    Unwritable(String),
}

/// The declaration as text in `output`, ending with one newline; why it cannot be
/// written in that syntax (TOML has no null).
pub fn render(declaration: &Value, output: Output) -> Result<String, OutputError> {
    let unwritable = |e: &dyn std::fmt::Display| OutputError::Unwritable(e.to_string());
    match output {
        Output::Json => {
            let mut text = serde_json::to_string_pretty(declaration).map_err(|e| unwritable(&e))?;
            text.push('\n');
            Ok(text)
        }
        Output::Toml => {
            if let Some(at) = null_at(declaration, &Pointer::root()) {
                return Err(OutputError::NullInToml { at });
            }
            toml::to_string_pretty(declaration).map_err(|e| unwritable(&e))
        }
        Output::Yaml => {
            let mut text = String::new();
            let mut emitter = saphyr::YamlEmitter::new(&mut text);
            emitter.multiline(true);
            emitter.dump(&yaml(declaration)).map_err(|e| unwritable(&e))?;
            // Only the document marker goes, and a last line break is added: trimming
            // blanks from the end cut the tab or spaces that end the last string when it
            // is written as a literal block (the import_docker fuzz target found it).
            let mut text = text.strip_prefix("---\n").unwrap_or(&text).to_owned();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
    }
}

/// Where the first null of `value` is.
fn null_at(value: &Value, at: &Pointer) -> Option<Pointer> {
    match value {
        Value::Null => Some(at.clone()),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| null_at(v, &at.index(i))),
        Value::Object(members) => members.iter().find_map(|(k, v)| null_at(v, &at.key(k))),
        _ => None,
    }
}

/// A JSON value as a YAML node; numbers keep the text JSON gives them.
fn yaml(value: &Value) -> saphyr::Yaml<'static> {
    use saphyr::{Scalar, Yaml};
    match value {
        Value::Null => Yaml::Value(Scalar::Null),
        Value::Bool(b) => Yaml::Value(Scalar::Boolean(*b)),
        Value::Number(n) => Yaml::Representation(n.to_string().into(), saphyr_parser::ScalarStyle::Plain, None),
        Value::String(s) => Yaml::Value(Scalar::String(s.clone().into())),
        Value::Array(items) => Yaml::Sequence(items.iter().map(yaml).collect()),
        Value::Object(members) => Yaml::Mapping(
            members.iter().map(|(k, v)| (Yaml::Value(Scalar::String(k.clone().into())), yaml(v))).collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_of_several_lines_read_back_from_yaml_as_they_were() {
        // Each is the declaration's last value, so a block of it ends the document.
        let texts = [
            "G\n widg\t",
            "a\tb\nc",
            "first \nsecond",
            "  indented\nline",
            "plain\nlines\n",
            "kept\nbreaks\n\n",
            "last  \nline  ",
            "one line\t",
        ];
        for text in texts {
            let declaration = serde_json::json!({ "tools": [{ "name": "t", "description": text }] });
            let yaml = render(&declaration, Output::Yaml).unwrap();
            let source = SourceFile::new("t.yaml", yaml.clone(), crate::source::Format::Yaml);
            let (value, _) = crate::ingest::yaml::parse(&Arc::new(source)).unwrap();
            assert_eq!(value, declaration, "{text:?} written as:\n{yaml}");
        }
    }

    #[test]
    fn the_syntax_comes_from_the_extension_or_to_which_must_agree() {
        let json = Path::new("out/tools.json");
        assert_eq!(Output::choose(None, None), Ok(Output::Yaml));
        assert_eq!(Output::choose(None, Some(Output::Toml)), Ok(Output::Toml));
        assert_eq!(Output::choose(Some(Path::new("a.YML")), None), Ok(Output::Yaml));
        assert_eq!(Output::choose(Some(json), Some(Output::Json)), Ok(Output::Json));
        assert_eq!(Output::choose(Some(json), Some(Output::Yaml)), Err(OutputError::SyntaxesDisagree));
        let unknown = Output::choose(Some(Path::new("tools.txt")), Some(Output::Json)).unwrap_err();
        assert_eq!(unknown, OutputError::UnknownExtension { path: "tools.txt".into() });
        assert!(unknown.to_string().starts_with("cannot tell the syntax of tools.txt"), "{unknown}");
    }
}
