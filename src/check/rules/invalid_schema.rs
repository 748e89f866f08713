use crate::check::schema::{Role, Subject, Wording};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::registry::Failure;

declare_rule! {
    /// ## What it checks
    /// That a schema is a valid Draft 2020-12 JSON Schema: it passes the Draft 2020-12
    /// meta-schema and compiles (every `pattern` is a valid regular expression, for
    /// instance).
    ///
    /// ## Why
    /// A schema that does not compile fails in every validator that loads the catalog.
    /// From a registry declaration the message is upstream's per-entry one (`tool "t"
    /// input schema is invalid: …`); from a catalog it is the validator's (`tools[0].
    /// inputSchema is not a valid Draft 2020-12 JSON Schema: …`).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "not": 7}
    /// ```
    pub static INVALID_SCHEMA = {
        code: "invalid-schema",
        phase: Catalog,
        severity: Error,
        summary: "a schema is not a valid Draft 2020-12 JSON Schema",
    }
}

pub fn check(
    subject: &Subject<'_>,
    compiled: &Result<(), Failure>,
    wording: Wording,
    uses_components: bool,
    out: &mut Vec<Diagnostic>,
) {
    let (detail, at, part) = match compiled {
        Err(Failure::Meta { detail, at }) => (detail, at, Part::Value),
        Err(Failure::Other { detail, at, part }) => (detail, at, *part),
        _ => return,
    };
    let shown_at = if at.is_root() { String::new() } else { format!(" (at {at})") };
    // Upstream's per-entry compile skips schemas that reference components; those
    // reach the catalog validator and get its wording.
    let message = match (wording, subject.tool, subject.role) {
        (Wording::Registry, Some(tool), role) if role != Role::Component && !uses_components => {
            format!("tool {tool:?} {} schema is invalid: {detail}{shown_at}", role.word())
        }
        _ => format!("{} is not a valid Draft 2020-12 JSON Schema: {detail}{shown_at}", subject.label),
    };
    out.push(INVALID_SCHEMA.diag(message).at((subject.origin)(at, part)));
}
