//! `.harn` modules, read statically and never executed (spec/exports.md, spec/decisions.md 2).

pub mod ast;
pub mod docs;
mod exports;
pub mod imports;
pub mod lexer;
pub mod parser;
mod rules;
mod script;
mod serve;
mod spanned;
pub mod types;

use std::sync::Arc;

use super::Document;
use crate::diagnostics::Diagnostic;
use crate::paths::Confinement;
use crate::source::SourceFile;

/// Which registry a `.harn` module stands for (spec/decisions.md 2); the variants'
/// docs are `--surface`'s help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Surface {
    /// Exports when the module has a `pub fn` or `pub pipeline`, else script.
    #[default]
    Auto,
    /// The module's public functions and pipelines, projected from their signatures and docs.
    Exports,
    /// The registry `main` publishes, evaluated statically.
    Script,
}

/// A `.harn` module read into a document: a catalog (exports surface) or a registry
/// declaration (script surface), with the diagnostics reading it raised. Its imports
/// must stay inside its own project.
pub fn load(source: Arc<SourceFile>, surface: Surface) -> Result<(Document, Vec<Diagnostic>), Diagnostic> {
    load_confined(source, surface, &Confinement::default())
}

/// [`load`], with the imports confined by `paths`.
pub fn load_confined(
    source: Arc<SourceFile>,
    surface: Surface,
    paths: &Confinement,
) -> Result<(Document, Vec<Diagnostic>), Diagnostic> {
    let module = parser::parse(&source.text).map_err(|e| rules::harn_syntax::harn_syntax(&source, e))?;
    let surface = match surface {
        Surface::Auto if exports::has_exports(&module) => Surface::Exports,
        Surface::Auto => Surface::Script,
        chosen => chosen,
    };
    let mut diagnostics = Vec::new();
    let spanned = match surface {
        Surface::Script => script::registry(&module, &source, &mut diagnostics)?,
        _ => {
            let imported = imports::imported_modules(&module, &source, paths, &mut diagnostics);
            let declarations = imports::declarations(&imported, &module);
            let unavailable = imports::unavailable_imports(&module);
            rules::unresolved_import::warn_unresolved_types(
                &module,
                &unavailable,
                &declarations,
                &source,
                &mut diagnostics,
            );
            let projector = types::Projector::new(&declarations, &module);
            exports::catalog(&module, &projector, &source, &mut diagnostics)
        }
    };
    let (value, spans) = spanned.into_parts();
    source.set_spans(spans);
    Ok((Document { source, value }, diagnostics))
}
