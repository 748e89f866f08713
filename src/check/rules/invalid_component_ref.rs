use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::refs::{Reference, Target};

declare_rule! {
    /// ## What it checks
    /// That the component name in a `#/components/schemas/<name>` reference is a valid
    /// JSON Pointer token: `~` only as `~0` (a tilde) or `~1` (a slash).
    ///
    /// ## Why
    /// The token cannot be decoded to a component name, so the reference cannot name
    /// anything.
    ///
    /// ## Example
    /// ```json
    /// {"$ref": "#/components/schemas/Widget~2"}
    /// ```
    pub static INVALID_COMPONENT_REF = {
        code: "invalid-component-ref",
        phase: Catalog,
        severity: Error,
        summary: "a component reference has an invalid `~` escape",
        help: "write `~` as `~0` and `/` as `~1` in component names",
    }
}

pub fn check(subject: &Subject<'_>, references: &[Reference<'_>], out: &mut Vec<Diagnostic>) {
    for reference in references.iter().filter(|r| r.target == Target::InvalidComponent) {
        out.push(
            INVALID_COMPONENT_REF
                .diag(format!("invalid schema component reference {:?}", reference.value))
                .at((subject.origin)(&reference.at.key(reference.keyword), Part::Value)),
        );
    }
}
