use crate::contract::NonBlank;
use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::{Part, Pointer};
use crate::provenance::Provenance;

declare_rule! {
    /// ## What it checks
    /// That the catalog's names and texts are not blank (empty after trimming Unicode
    /// white space): `info.name`, `info.version`, `info.description`; each tool's
    /// `name`, `title`, `description`, `namespace` and `annotations.title`; each icon's
    /// `src`, `mimeType` and `sizes` entries; `source.kind` and `source.id`; and every
    /// component name.
    ///
    /// `annotations.title` is not checked by upstream's validator, but the published
    /// envelope schema requires a non-blank value there, so harn-catalog checks it too.
    ///
    /// ## Why
    /// A blank value would be shown to people and models as nothing at all. Registry
    /// normalisation already refuses `""`; white-space-only values are caught here.
    ///
    /// ## Example
    /// ```json
    /// {"name": "lookup_widget", "title": "   "}
    /// ```
    pub static BLANK_STRING = {
        code: "blank-string",
        phase: Catalog,
        severity: Error,
        summary: "a name or text of the catalog is blank",
    }
}

/// `<label> must not be empty` when `text` is blank.
pub fn check(
    label: impl std::fmt::Display,
    text: Option<&str>,
    origin: impl FnOnce() -> Origin,
    out: &mut Vec<Diagnostic>,
) {
    if text.is_some_and(NonBlank::is_blank) {
        out.push(BLANK_STRING.diag(format!("{label} must not be empty")).at(origin()));
    }
}

/// Reports a blank component name, at the name; whether the name is sound.
pub fn check_component_name(name: &str, provenance: &Provenance, out: &mut Vec<Diagnostic>) -> bool {
    if NonBlank::is_blank(name) {
        let origin = provenance.component(name, &Pointer::root(), Part::Key);
        out.push(BLANK_STRING.diag("components.schemas key must not be empty").at(origin));
        return false;
    }
    true
}
