//! Imports (spec/exports.md a.4): the type declarations a module's signatures may name,
//! from the module itself and the modules it imports, read from disk without
//! running anything.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::ast::{Import, Item, Module};
use super::rules::unresolved_import::unreadable_import;
use super::types::{Declaration, Declarations};
use crate::diagnostics::{Diagnostic, Origin};
use crate::paths::{self, Confinement};
use crate::source::{Format, SourceFile};

/// Where an import points.
pub enum Target {
    /// A file relative to the importing one.
    Relative(PathBuf),
    /// Source that is not available offline: the standard library or a package.
    Unavailable,
}

pub fn target(import: &Import, folder: &Path) -> Target {
    match written(import) {
        Some(file) => Target::Relative(folder.join(file)),
        None => Target::Unavailable,
    }
}

/// The file a relative import names, relative to the importing module's folder.
fn written(import: &Import) -> Option<PathBuf> {
    let path = &import.path;
    if !(path.starts_with("./") || path.starts_with("../") || path.starts_with('/')) {
        return None;
    }
    let mut file = PathBuf::from(path.strip_prefix("./").unwrap_or(path));
    if file.extension().is_none_or(|e| e != "harn") {
        file.set_extension("harn");
    }
    Some(file)
}

/// Why the imported modules could not all be read.
enum Failure {
    /// An import leads outside the project: refused, nothing outside read.
    Outside(Vec<Diagnostic>),
    /// An import could not be read or parsed.
    Unreadable(String),
}

/// The modules whose declarations the main module sees: each directly imported
/// module, and the modules their `pub import`s re-export, transitively. Empty (with
/// a warning) when any relative import cannot be read or parsed; empty (with an
/// error) when one leads outside the project `paths` confines them to, each
/// module's imports checked before any of them is read.
pub fn imported_modules(
    main: &Module,
    source: &Arc<SourceFile>,
    paths: &Confinement,
    out: &mut Vec<Diagnostic>,
) -> Vec<Module> {
    let folder = source.path.parent().map(Path::to_path_buf).unwrap_or_default();
    let root = paths.root_for(&folder);
    let read = |import: &&Import| written(import).is_some();
    let refused = outside(imports(main).filter(read), source, &folder, root.as_deref());
    if !refused.is_empty() {
        out.extend(refused);
        return Vec::new();
    }
    let mut modules = Vec::new();
    // Compared with canonical paths, so that a chain leading back here stops.
    let mut seen: Vec<PathBuf> = vec![source.path.canonicalize().unwrap_or_else(|_| source.path.clone())];
    for import in imports(main) {
        if let Target::Relative(file) = target(import, &folder) {
            match load_chain(&file, root.as_deref(), &mut seen, &mut modules) {
                Ok(()) => {}
                Err(Failure::Outside(refused)) => {
                    out.extend(refused);
                    return Vec::new();
                }
                Err(Failure::Unreadable(reason)) => {
                    out.push(unreadable_import(import, source, &reason));
                    return Vec::new();
                }
            }
        }
    }
    modules
}

/// The refusals of the `imports` of the module in `source` (in `folder`) that lead
/// outside `root`; none when there is no root to stay inside.
fn outside<'a>(
    imports: impl Iterator<Item = &'a Import>,
    source: &Arc<SourceFile>,
    folder: &Path,
    root: Option<&Path>,
) -> Vec<Diagnostic> {
    let Some(root) = root else { return Vec::new() };
    imports
        .filter_map(|import| {
            let escape = paths::escape(root, folder, &written(import)?)?;
            Some(paths::rules::path_outside_project::outside_import(
                &escape,
                &import.path,
                Origin::span(source, import.span.range()),
            ))
        })
        .collect()
}

fn imports(module: &Module) -> impl Iterator<Item = &Import> {
    module.items.iter().filter_map(|item| match item {
        Item::Import(import) => Some(import),
        _ => None,
    })
}

/// Reads `file`, then the modules it re-exports with `pub import`, once their paths
/// are known to stay inside `root`.
fn load_chain(
    file: &Path,
    root: Option<&Path>,
    seen: &mut Vec<PathBuf>,
    modules: &mut Vec<Module>,
) -> Result<(), Failure> {
    let unreadable = |e: std::io::Error| Failure::Unreadable(format!("cannot read {}: {e}", file.display()));
    let canonical = file.canonicalize().map_err(unreadable)?;
    if seen.contains(&canonical) {
        return Ok(());
    }
    seen.push(canonical);
    let text = crate::source::without_bom(std::fs::read_to_string(file).map_err(unreadable)?);
    let module = super::parser::parse(&text).map_err(|e| {
        let lines = crate::source::LineIndex::new(&text);
        let at = lines.line_col(&text, e.span.start);
        Failure::Unreadable(format!("{}:{}:{}: {}", file.display(), at.line, at.column, e.message))
    })?;
    let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let reexported = || imports(&module).filter(|i| i.public && written(i).is_some());
    if root.is_some() {
        let source = Arc::new(SourceFile::new(file, text, Format::Harn));
        let refused = outside(reexported(), &source, &folder, root);
        if !refused.is_empty() {
            return Err(Failure::Outside(refused));
        }
    }
    let reexports: Vec<PathBuf> = reexported().filter_map(written).map(|f| folder.join(f)).collect();
    modules.push(module);
    for path in reexports {
        load_chain(&path, root, seen, modules)?;
    }
    Ok(())
}

/// The declaration table: imported declarations first, local ones last, so that a
/// local declaration shadows an imported one of the same name.
pub fn declarations<'a>(imported: &'a [Module], main: &'a Module) -> Declarations<'a> {
    let mut table = Declarations::default();
    for module in imported.iter().chain(std::iter::once(main)) {
        for item in &module.items {
            match item {
                Item::TypeAlias(alias) => table.add(&alias.name.name, Declaration::Alias(alias)),
                Item::Struct(decl) => table.add(&decl.name.name, Declaration::Struct(decl)),
                Item::Enum(decl) => table.add(&decl.name.name, Declaration::Enum(decl)),
                _ => {}
            }
        }
    }
    table
}

/// Whether the module imports anything harn-catalog cannot read offline.
pub fn unavailable_imports(main: &Module) -> Vec<&Import> {
    imports(main).filter(|i| matches!(target(i, Path::new("")), Target::Unavailable)).collect()
}
