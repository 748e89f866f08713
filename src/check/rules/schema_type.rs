use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::{Part, Pointer};

declare_rule! {
    /// ## What it checks
    /// That a tool's input, output or error schema, and every component, is a JSON
    /// Schema document: `true`, `false` or an object.
    ///
    /// ## Why
    /// Anything else (a string, a number, a list) is not a schema in Draft 2020-12.
    /// Catalogs are read as written, so this is the first check a schema meets there.
    ///
    /// ## Example
    /// ```json
    /// {"components": {"schemas": {"Widget": "object"}}}
    /// ```
    pub static SCHEMA_TYPE = {
        code: "schema-type",
        phase: Catalog,
        severity: Error,
        summary: "a schema is neither a boolean nor an object",
    }
}

pub fn check(subject: &Subject<'_>, out: &mut Vec<Diagnostic>) -> bool {
    if subject.value.is_boolean() || subject.value.is_object() {
        return true;
    }
    out.push(
        SCHEMA_TYPE
            .diag(format!("{} must be a boolean or object JSON Schema", subject.label))
            .at((subject.origin)(&Pointer::root(), Part::Value)),
    );
    false
}
