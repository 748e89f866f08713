use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::refs::{Reference, Target};
use crate::schema::registry::Components;

declare_rule! {
    /// ## What it checks
    /// That every `#/components/schemas/<name>` reference names a component of the
    /// catalog. Names are decoded as JSON Pointer tokens and never percent-decoded, so
    /// `#/components/schemas/My%20Thing` names a component called `My%20Thing`.
    ///
    /// ## Why
    /// A dangling reference fails in every validator and cannot be bundled for MCP.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"w": {"$ref": "#/components/schemas/Widgte"}}}
    /// ```
    pub static DANGLING_COMPONENT_REF = {
        code: "dangling-component-ref",
        phase: Catalog,
        severity: Error,
        summary: "a component reference names no component",
        help: "declare the component under components.schemas, or fix the name",
    }
}

pub fn check(subject: &Subject<'_>, references: &[Reference<'_>], components: &Components, out: &mut Vec<Diagnostic>) {
    for reference in references {
        if let Target::Component { name, .. } = &reference.target {
            if !components.contains(name) {
                out.push(
                    DANGLING_COMPONENT_REF
                        .diag(format!("dangling schema component reference {:?}", reference.value))
                        .at((subject.origin)(&reference.at.key(reference.keyword), Part::Value)),
                );
            }
        }
    }
}
