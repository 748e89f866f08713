//! `unresolved-import`: the imports of a `.harn` module whose type declarations the
//! catalog cannot see, and the types left unresolved for want of them.

use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::ingest::harn::ast::{Import, Module};
use crate::ingest::harn::types;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// The imports of a `.harn` module whose types the catalog may need. A relative
    /// import (`"./types"`) is read from disk; when one cannot be read or parsed,
    /// upstream drops the declarations of every import, and so does the compiler, with
    /// this warning. A `std/…` or package import names source harn-catalog does not
    /// have offline; the warning names the types the exported signatures use that are
    /// therefore left unresolved (they project as `{}` on input and vanish on output).
    ///
    /// ## Why
    /// A type that silently erases to `{}` changes what a tool accepts.
    ///
    /// ## Example
    /// ```harn
    /// import { Widget } from "./missing"
    /// pub fn get(id: string) -> Widget { … }
    /// ```
    pub static UNRESOLVED_IMPORT = {
        code: "unresolved-import",
        phase: Catalog,
        severity: Warning,
        summary: "an import's type declarations are not available to the catalog",
    }
}

/// The warning for a relative `import` of the module in `source` that could not be
/// read or parsed, for `reason`: upstream then drops the declarations of every import.
pub fn unreadable_import(import: &Import, source: &Arc<SourceFile>, reason: &str) -> Diagnostic {
    UNRESOLVED_IMPORT
        .diag(format!(
            "import {:?}: {reason}; as upstream does, the declarations of every import are left out",
            import.path
        ))
        .at(Origin::span(source, import.span.range()))
}

/// With imports that are not available offline (`unavailable`: `std/…`, packages),
/// names the types that exported signatures use but nothing declares.
pub fn warn_unresolved_types(
    module: &Module,
    unavailable: &[&Import],
    declarations: &types::Declarations<'_>,
    source: &Arc<SourceFile>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(first) = unavailable.first() else { return };
    let mut unresolved: Vec<&str> = Vec::new();
    for callable in crate::ingest::harn::exports::exported(module) {
        let signature = callable.signature();
        let named =
            signature.params.iter().filter_map(|p| p.ty.as_ref()).chain(signature.returns).chain(signature.throws);
        for name in named.flat_map(types::names) {
            let generic = signature.generics.iter().any(|g| g.name == name);
            let known = types::is_builtin(name) || declarations.declares(name) || name.starts_with("Harness");
            if !generic && !known && !unresolved.contains(&name) {
                unresolved.push(name);
            }
        }
    }
    if unresolved.is_empty() {
        return;
    }
    let paths: Vec<String> = unavailable.iter().map(|i| format!("{:?}", i.path)).collect();
    out.push(
        UNRESOLVED_IMPORT
            .diag(format!(
                "{} cannot be read offline, so these types stay unresolved (`{{}}` as input, no output schema): {}",
                paths.join(", "),
                unresolved.join(", ")
            ))
            .at(Origin::span(source, first.span.range())),
    );
}
