//! A compilation end to end: read an input, normalise or read it as a catalog,
//! validate it (catalog phase), prepare it for its adapters (prepare phase), and keep
//! the tools of the `catalog` audience for emission.

use std::path::Path;

use crate::check::schema::Wording;
use crate::contract::{ToolAudience, ToolCatalog};
use crate::diagnostics::{Diagnostic, Diagnostics, Failed, Log};
use crate::ingest::harn::Surface;
use crate::ingest::{self, Content, InputFile, LoadError, Loaded};
use crate::paths::Confinement;
use crate::pointer::Pointer;
use crate::prepare::{CliArguments, McpDocuments, Prepared};
use crate::provenance::Provenance;

/// What a compilation produced: every diagnostic it raised, and the compiled catalog
/// or how the compilation failed (the input could not be read: [`Failed::Unusable`];
/// it was refused: [`Failed::Refused`]).
pub struct Compilation {
    pub diagnostics: Diagnostics,
    pub result: Result<Compiled, Failed>,
}

/// A catalog that passed every check.
pub struct Compiled {
    /// The catalog to emit.
    pub catalog: ToolCatalog,
    /// Where its parts came from.
    pub provenance: Provenance,
    /// The catalog prepared for its adapters (CLI, MCP); `None` only when the prepare
    /// phase did not run ([`Options::catalog_phase_only`]).
    pub prepared: Option<Prepared>,
}

impl Compilation {
    fn failed(diagnostic: Diagnostic, failed: Failed) -> Self {
        let mut diagnostics = Diagnostics::default();
        diagnostics.push(diagnostic);
        Compilation { diagnostics, result: Err(failed) }
    }

    /// The compiled catalog, when nothing was refused.
    pub fn compiled(&self) -> Option<&Compiled> {
        self.result.as_ref().ok()
    }

    /// The catalog to emit, when nothing was refused.
    pub fn catalog(&self) -> Option<&ToolCatalog> {
        self.compiled().map(|c| &c.catalog)
    }

    /// The compiled catalog, its provenance and its preparation, when nothing was
    /// refused and the prepare phase ran (see [`prepared`]).
    pub fn prepared(&self) -> Option<(&ToolCatalog, &Provenance, &Prepared)> {
        prepared(&self.result).ok()
    }

    /// Whether the input could not be read at all (a usage error rather than a
    /// rejection).
    pub fn unreadable(&self) -> bool {
        self.result.as_ref().err() == Some(&Failed::Unusable)
    }

    /// The prepared catalog, once the diagnostics are logged; without one (the input
    /// was refused, or the prepare phase did not run), how the compilation failed.
    pub fn into_prepared(self, log: &mut Log<'_>) -> Result<Prepared, Failed> {
        let prepared = self.result.and_then(|c| c.prepared.ok_or(Failed::Refused));
        log.outcome(self.diagnostics.as_slice(), prepared)
    }
}

/// The catalog, provenance and preparation of a compile `result`, or how it failed: a
/// catalog that was not prepared (only the catalog phase ran) counts as refused.
pub fn prepared(result: &Result<Compiled, Failed>) -> Result<(&ToolCatalog, &Provenance, &Prepared), Failed> {
    let compiled = result.as_ref().map_err(|failed| *failed)?;
    let prepared = compiled.prepared.as_ref().ok_or(Failed::Refused)?;
    Ok((&compiled.catalog, &compiled.provenance, prepared))
}

/// Options of a compilation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Treat warnings as errors.
    pub deny_warnings: bool,
    /// Stop after the catalog phase (`--phase catalog`), for byte-parity with
    /// upstream's emitter, which does not prepare the catalog.
    pub catalog_phase_only: bool,
    /// Which registry a `.harn` module stands for.
    pub surface: Surface,
    /// Whether the prepare phase builds the MCP `tools/list` entries (`harn-catalog
    /// mcp`); the projection is always checked, but only its documents cost memory.
    pub mcp_documents: McpDocuments,
    /// The MCP protocol version the `tools/list` entries are written for.
    pub protocol_version: crate::prepare::mcp::ProtocolVersion,
    /// Whether the prepare phase keeps the prepared CLI arguments (`harn-catalog
    /// completions`); they are always checked.
    pub cli_arguments: CliArguments,
    /// Keep every tool in the compiled catalog, not only those of the `catalog`
    /// audience (`harn-catalog diff`, for which every audience is a contract).
    pub every_audience: bool,
    /// Read the input path as a directory whose harness scopes are compiled together
    /// (`--scopes DIR`, see [`ingest::harness::scopes`]).
    pub scopes: bool,
}

/// Compiles the registry declaration or catalog at `path`; a `.harn` module's imports
/// stay inside its own project.
pub fn compile_file(path: &Path, options: Options) -> Compilation {
    compile_file_in(path, options, &Confinement::default())
}

/// [`compile_file`], with a `.harn` module's imports confined by `paths` (a
/// configuration's project, or anywhere when the user allows it).
pub fn compile_file_in(path: &Path, options: Options, paths: &Confinement) -> Compilation {
    compile_input(&InputFile::Path(path.to_path_buf()), options, paths)
}

/// [`compile_file_in`] of an input a command was given: a file or directory, or
/// standard input.
pub fn compile_input(input: &InputFile, options: Options, paths: &Confinement) -> Compilation {
    compile_input_emitting(input, options, paths, |_| ()).0
}

/// [`compile_input`], with `emit` run on the catalog to be emitted while the
/// catalog is being checked, on another thread: the checks and the emission of a
/// large catalog each take a good part of a compile. `emit` runs only when the
/// normalised catalog is already the one to emit (every tool is of the `catalog`
/// audience, nothing refused so far); its result is `None` otherwise. A compile that
/// then refuses the catalog still returns it: the caller must throw it away, so
/// `emit` should produce something that is only published afterwards (a staged file).
pub fn compile_input_emitting<T: Send>(
    input: &InputFile,
    options: Options,
    paths: &Confinement,
    emit: impl FnOnce(&ToolCatalog) -> T + Send,
) -> (Compilation, Option<T>) {
    match ingest::load_input(input, options.surface, paths, options.scopes) {
        Ok(loaded) => compile_loaded_emitting(loaded, options, emit),
        Err(LoadError::Unreadable(d)) => (Compilation::failed(d, Failed::Unusable), None),
        Err(LoadError::Rejected(d)) => (Compilation::failed(d, Failed::Refused), None),
    }
}

/// Compiles a source file already in memory (its format given by the source).
pub fn compile_source(source: crate::source::SourceFile, options: Options) -> Compilation {
    match ingest::parse(source, options.surface, &Confinement::default()) {
        Ok(loaded) => compile_loaded(loaded, options),
        Err(d) => Compilation::failed(d, Failed::Refused),
    }
}

/// Compiles a parsed document, after the diagnostics reading it raised.
pub fn compile_loaded(loaded: Loaded, options: Options) -> Compilation {
    compile_loaded_emitting(loaded, options, |_| ()).0
}

/// [`compile_loaded`], with `emit` as in [`compile_input_emitting`].
fn compile_loaded_emitting<T: Send>(
    loaded: Loaded,
    options: Options,
    emit: impl FnOnce(&ToolCatalog) -> T + Send,
) -> (Compilation, Option<T>) {
    let Loaded { content, diagnostics: read } = loaded;
    let mut diagnostics = Diagnostics::default();
    diagnostics.extend(read);
    let (catalog, mut provenance, superseded, wording) = match content {
        Content::Catalog(catalog, provenance) => (*catalog, provenance, Vec::new(), Wording::Catalog),
        Content::Document(document) if ingest::catalog::is_catalog(&document.value) => {
            match ingest::catalog::read(document) {
                Ok((catalog, provenance)) => (catalog, provenance, Vec::new(), Wording::Catalog),
                Err(d) => return (Compilation::failed(d, Failed::Refused), None),
            }
        }
        Content::Document(document) => {
            let normalized = ingest::registry::normalize(document);
            diagnostics.extend(normalized.diagnostics);
            (normalized.catalog, normalized.provenance, normalized.superseded, Wording::Registry)
        }
        Content::Split(split) => match ingest::registry::normalize_split(*split) {
            Ok(normalized) => {
                diagnostics.extend(normalized.diagnostics);
                (normalized.catalog, normalized.provenance, normalized.superseded, Wording::Registry)
            }
            // A tool that does not read: the whole-document reader words the error.
            Err(source) => {
                return match ingest::read_json_document(source) {
                    Ok((document, read)) => compile_loaded_emitting(
                        Loaded { content: Content::Document(document), diagnostics: read },
                        options,
                        emit,
                    ),
                    Err(d) => (Compilation::failed(d, Failed::Refused), None),
                };
            }
        },
        Content::Normalized(normalized) => {
            let normalized = *normalized;
            diagnostics.extend(normalized.diagnostics);
            (normalized.catalog, normalized.provenance, normalized.superseded, Wording::Registry)
        }
    };
    let mcp_projection_follows = !options.catalog_phase_only;
    let emitted_as_is =
        !diagnostics.has_errors() && catalog.tools.iter().all(|tool| tool.governance.includes(ToolAudience::Catalog));
    let check = || {
        let mut found = crate::check::validate(&catalog, &provenance, wording, &superseded, mcp_projection_follows);
        let prepare = |catalog: &ToolCatalog, provenance: &Provenance| {
            crate::prepare::prepare(
                catalog,
                provenance,
                options.mcp_documents,
                options.protocol_version,
                options.cli_arguments,
            )
        };
        let mut prepared = None;
        let sound = !diagnostics.has_errors() && !found.iter().any(Diagnostic::is_error);
        if options.catalog_phase_only {
            // Upstream's emitter: no prepare phase.
        } else if sound {
            let (ready, more) = prepare(&catalog, &provenance);
            found.extend(more);
            prepared = Some(ready);
        } else if let Some(clean) = clean_tools(&provenance, diagnostics.iter().chain(&found)) {
            // The catalog is refused, but the prepare phase still checks the tools no
            // error was found in, so that one run shows the errors of both phases. Run
            // on the others, it would report the consequences of errors already
            // reported.
            let mut subset = catalog.clone();
            let mut index = 0;
            subset.tools.retain(|_| {
                index += 1;
                clean.binary_search(&(index - 1)).is_ok()
            });
            let mut origins = provenance.clone();
            origins.retain_tools(&clean);
            found.extend(prepare(&subset, &origins).1);
        }
        (found, prepared)
    };
    let ((found, prepared), emitted) = if emitted_as_is {
        let (checked, emitted) = rayon::join(check, || emit(&catalog));
        (checked, Some(emitted))
    } else {
        (check(), None)
    };
    diagnostics.extend(found);
    if options.deny_warnings {
        diagnostics.deny_warnings();
    }
    if diagnostics.has_errors() {
        return (Compilation { diagnostics, result: Err(Failed::Refused) }, emitted);
    }
    let catalog = if options.every_audience {
        catalog
    } else {
        let (catalog, kept) = for_audience(catalog, ToolAudience::Catalog);
        provenance.retain_tools(&kept);
        catalog
    };
    let compiled = Compiled { catalog, provenance, prepared };
    (Compilation { diagnostics, result: Ok(compiled) }, emitted)
}

/// The catalog indices of the tools no error was found in, when every error lies
/// inside some tool spec (in the input's own file, or in the file a tool was read
/// from; the errors of specs that normalisation refused concern no catalog tool);
/// `None` when an error lies anywhere else (a component, the registry's `cli`, a file
/// no tool came from, a syntax error), since it may concern every tool.
fn clean_tools<'d>(provenance: &Provenance, found: impl Iterator<Item = &'d Diagnostic>) -> Option<Vec<usize>> {
    use std::sync::Arc;
    // Each spec keyed by its file (by address: the same `Arc`) and its place in it.
    let key = |source: &Arc<crate::source::SourceFile>| Arc::as_ptr(source) as usize;
    let specs: crate::maps::HashMap<(usize, &Pointer), usize> = provenance
        .tools
        .iter()
        .enumerate()
        .map(|(i, origin)| ((key(origin.source_or(&provenance.source)), &origin.at), i))
        .collect();
    let files: crate::maps::HashSet<usize> = specs.keys().map(|(file, _)| *file).collect();
    let tools = Pointer::root().key("tools");
    let mut dirty = vec![false; provenance.tools.len()];
    for error in found.filter(|d| d.is_error()) {
        let origin = error.origin.as_ref()?;
        let pointer = origin.pointer()?;
        let file = key(&origin.source);
        let own = Arc::ptr_eq(&origin.source, &provenance.source);
        if (own && !pointer.segments().starts_with(tools.segments())) || (!own && !files.contains(&file)) {
            return None;
        }
        let segments = pointer.segments();
        let spec =
            (0..=segments.len()).find_map(|n| specs.get(&(file, &Pointer::from_segments(&segments[..n]))).copied());
        if let Some(i) = spec {
            dirty[i] = true;
        }
    }
    Some((0..dirty.len()).filter(|i| !dirty[*i]).collect())
}

/// The catalog restricted to the tools of one audience, with the indices they had.
pub fn for_audience(mut catalog: ToolCatalog, audience: ToolAudience) -> (ToolCatalog, Vec<usize>) {
    let mut kept = Vec::with_capacity(catalog.tools.len());
    let mut index = 0;
    catalog.tools.retain(|tool| {
        let keep = tool.governance.includes(audience);
        if keep {
            kept.push(index);
        }
        index += 1;
        keep
    });
    (catalog, kept)
}
