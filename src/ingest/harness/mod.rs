//! Harness directories as input (issue 13): the tools of a `.harness/` directory (the
//! executables of its `tools/` and `plugins/<pack>/tools/`), each described by the
//! JSON its `--schema` option prints, found without running anything: a committed
//! sidecar `<tool>.schema.json`, or the quoted heredoc the script's `--schema` branch
//! prints. Each document is one tool spec, normalised as a registry's
//! (`registry::define_tool`) with locations in its own file; together they make one
//! catalog, named after the folder holding the harness.
//!
//! [`discovery`] finds the directories and tools, [`heredoc`] reads a script's
//! schema, [`rules`] are the diagnostics of both.

pub mod discovery;
pub mod heredoc;
pub mod rules;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use serde_json::Value;

use discovery::Tool;
pub use discovery::{HARNESS, resolve, scopes};

use super::registry::{self, Normalized};
use super::rules::inexact_number;
use crate::contract::{NonBlank, ToolCatalog, ToolCatalogSchemaVersion, ToolRegistryInfo};
use crate::diagnostics::Diagnostic;
use crate::pointer::Pointer;
use crate::provenance::Provenance;
use crate::source::{Format, SourceFile};

/// A file of a harness directory as an editor holds it, unsaved: read in place of the
/// file at `path` (a tool's sidecar or its script).
#[derive(Clone, Copy, Debug)]
pub struct Unsaved<'a> {
    pub path: &'a Path,
    pub text: &'a str,
}

/// Reads the harness directories `scopes` (most local first) into one catalog, named
/// `provider`. A tool name defined in several scopes is read from the most local one,
/// each other definition noted.
pub fn load(scopes: &[PathBuf], provider: &str) -> Normalized {
    load_with(scopes, provider, None)
}

/// [`load`], with the file `unsaved` names read from its text rather than from disk.
pub fn load_with(scopes: &[PathBuf], provider: &str, unsaved: Option<Unsaved<'_>>) -> Normalized {
    let mut diagnostics = Vec::new();
    let mut chosen: Vec<Tool> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for scope in scopes {
        for tool in discovery::tools(scope, &mut diagnostics) {
            match by_name.get(&tool.name) {
                Some(&winner) => {
                    diagnostics.push(rules::overridden(&tool.name, tool.definition(), chosen[winner].definition()))
                }
                None => {
                    by_name.insert(tool.name.clone(), chosen.len());
                    chosen.push(tool);
                }
            }
        }
    }
    let read: Vec<(Option<registry::Entry>, Vec<Diagnostic>)> = chosen
        .par_iter()
        .map(|tool| {
            let mut found = Vec::new();
            (read_tool(tool, unsaved, &mut found), found)
        })
        .collect();
    let here = scopes.first().map_or_else(|| PathBuf::from(HARNESS), PathBuf::clone);
    let mut provenance = Provenance::identity(rules::file_only(&here), 0);
    let mut catalog = ToolCatalog {
        schema_version: ToolCatalogSchemaVersion::V2,
        info: Some(ToolRegistryInfo { name: NonBlank::from(provider), version: None, description: None }),
        cli: None,
        tools: Vec::with_capacity(read.len()),
        components: None,
    };
    for (tool, found) in read {
        diagnostics.extend(found);
        if let Some((entry, origin)) = tool {
            catalog.tools.push(entry);
            provenance.tools.push(origin);
        }
    }
    Normalized { catalog, provenance, superseded: Vec::new(), diagnostics }
}

/// Reads the harness directory at `path` (a `.harness` directory, or one holding a
/// `.harness/`), named after the folder that holds it.
pub fn load_dir(path: &Path) -> Option<Normalized> {
    load_dir_with(path, None)
}

/// [`load_dir`], with the file `unsaved` names read from its text (the language
/// server's open document).
pub fn load_dir_with(path: &Path, unsaved: Option<Unsaved<'_>>) -> Option<Normalized> {
    let harness = resolve(path)?;
    let provider = discovery::provider(&harness);
    Some(load_with(&[harness], &provider, unsaved))
}

/// Reads every harness directory in scope at `dir` ([`scopes`]), named after the
/// folder that holds the most local one; `None` when there is none.
pub fn load_scopes(dir: &Path) -> Option<Normalized> {
    let scopes = scopes(dir);
    let provider = discovery::provider(scopes.first()?);
    Some(load(&scopes, &provider))
}

/// One tool's schema document, read and normalised as a registry's tool spec; its
/// origin records the document's file.
fn read_tool(tool: &Tool, unsaved: Option<Unsaved<'_>>, found: &mut Vec<Diagnostic>) -> Option<registry::Entry> {
    let (source, start) = document(tool, unsaved, found)?;
    let source = Arc::new(source);
    if let Err(empty) = super::rules::check_not_empty(&source) {
        let what = if tool.sidecar.is_some() { "" } else { "the --schema heredoc of " };
        found.push(empty.at(crate::diagnostics::Origin::span(&source, start..start)).message(format!(
            "{what}{} is empty; a tool's schema document ({{\"name\", \"description\", \"input_schema\"}}) is expected",
            source.display_path()
        )).help(format!("write the schema of tool {:?} there", tool.name)));
        return None;
    }
    let (mut value, floats) = match super::json::parse(&source) {
        Ok(read) => read,
        Err(refused) => {
            found.push(refused);
            return None;
        }
    };
    if floats {
        found.extend(inexact_number::in_json(&source));
    }
    if let (Value::Object(spec), Some(pack)) = (&mut value, &tool.pack) {
        // A plugin pack's tools are in its namespace, unless the document names one.
        if !spec.contains_key("namespace") {
            spec.insert("namespace".into(), Value::String(pack.clone()));
        }
    }
    let (named, more) = registry::define_tool(&source, value, Pointer::root());
    found.extend(more);
    let registry::Named { name, name_at, entry } = named?;
    if name != tool.name {
        found.push(rules::name_mismatch(&source, &name, name_at, &tool.name));
    }
    let (entry, mut origin) = entry?;
    origin.source = Some(source);
    Some((entry, origin))
}

/// The source of a tool's schema document: its sidecar, or its script's text with
/// everything outside the heredoc's body blanked (and nothing after it), so that the
/// JSON reader sees the document alone while every offset, line and column is the
/// script's. With the offset the document starts at.
fn document(tool: &Tool, unsaved: Option<Unsaved<'_>>, found: &mut Vec<Diagnostic>) -> Option<(SourceFile, usize)> {
    let unsaved = |path: &Path| unsaved.filter(|u| u.path == path).map(|u| u.text.to_owned());
    if let Some(sidecar) = &tool.sidecar {
        if let Some(text) = unsaved(sidecar) {
            return Some((SourceFile::new(sidecar, text, Format::Json), 0));
        }
        return match super::read::read_text(sidecar, Format::Json) {
            Ok(text) => Some((SourceFile::new(sidecar, text, Format::Json), 0)),
            Err(super::read::ReadError::Io(d) | super::read::ReadError::Content(d)) => {
                found.push(d);
                None
            }
        };
    }
    let script = &tool.executable;
    let bytes = match unsaved(script).map(String::into_bytes).map_or_else(|| std::fs::read(script), Ok) {
        Ok(bytes) => bytes,
        Err(error) => {
            found.push(super::rules::unreadable_file(script, &error));
            return None;
        }
    };
    let Ok(text) = heredoc::text(bytes) else {
        found.push(rules::binary(script));
        return None;
    };
    let text = crate::source::without_bom(text);
    let body = match heredoc::schema(&text) {
        Ok(body) => body,
        Err(refusal) => {
            let source = Arc::new(SourceFile::new(script, text, Format::Json));
            found.push(match refusal {
                heredoc::Refusal::Binary => rules::binary(script),
                heredoc::Refusal::NoBranch => rules::schema_missing(&source),
                heredoc::Refusal::Computed(at) => rules::computed(&source, at),
                heredoc::Refusal::Unquoted(at) => rules::unquoted(&source, at),
            });
            return None;
        }
    };
    // Every character before the body becomes as many spaces as it has bytes, so
    // that byte offsets stay the script's; line breaks stay, so that lines do too.
    let mut masked = String::with_capacity(body.end);
    for c in text[..body.start].chars() {
        match c {
            '\n' => masked.push('\n'),
            other => masked.extend(std::iter::repeat_n(' ', other.len_utf8())),
        }
    }
    masked.push_str(&text[body.clone()]);
    Some((SourceFile::new(script, masked, Format::Json), body.start))
}
