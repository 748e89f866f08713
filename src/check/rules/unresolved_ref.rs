use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::registry::Failure;

declare_rule! {
    /// ## What it checks
    /// That every reference that starts with `#` resolves inside its own schema
    /// resource (following `$id`, `$anchor` and `$dynamicAnchor` as Draft 2020-12
    /// does), and every component reference resolves inside its component
    /// (`#/components/schemas/Widget/properties/id` needs `properties/id` in `Widget`).
    ///
    /// ## Why
    /// An unresolved reference makes the schema fail to load in every validator.
    /// Resolution is offline: nothing is fetched.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"a": {"$ref": "#/$defs/Missing"}}}
    /// ```
    pub static UNRESOLVED_REF = {
        code: "unresolved-ref",
        phase: Catalog,
        severity: Error,
        summary: "a local or component reference does not resolve",
    }
}

pub fn check(subject: &Subject<'_>, compiled: &Result<(), Failure>, out: &mut Vec<Diagnostic>) {
    if let Err(Failure::Reference { detail, at }) = compiled {
        let at = at.clone().unwrap_or_default();
        out.push(
            UNRESOLVED_REF
                .diag(format!("{} contains an unresolved schema reference: {detail}", subject.label))
                .at((subject.origin)(&at, Part::Value)),
        );
    }
}
