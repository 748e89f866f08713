use serde_json::Value;

use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::walk;

/// The one dialect a catalog's schemas may declare.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

declare_rule! {
    /// ## What it checks
    /// That every `$schema` in a schema position, with any trailing `#` removed, is the
    /// Draft 2020-12 meta-schema `https://json-schema.org/draft/2020-12/schema`.
    ///
    /// ## Why
    /// Every consumer of a catalog validates with Draft 2020-12. A subschema that
    /// declares draft-07 would be read with the wrong rules (`items` as a list, say).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "$schema": "http://json-schema.org/draft-07/schema#"}
    /// ```
    pub static SCHEMA_DIALECT = {
        code: "schema-dialect",
        phase: Catalog,
        severity: Error,
        summary: "a schema declares a `$schema` other than Draft 2020-12",
        help: "remove `$schema`, or set it to https://json-schema.org/draft/2020-12/schema",
    }
}

pub fn check(subject: &Subject<'_>, out: &mut Vec<Diagnostic>) -> bool {
    let mut found = None;
    walk::visit(subject.value, |path, node| {
        if found.is_some() {
            return;
        }
        if let Some(Value::String(dialect)) = walk::keyword(node, "$schema") {
            if dialect.trim_end_matches('#') != DRAFT_2020_12 {
                found = Some((path.pointer().key("$schema"), dialect.clone()));
            }
        }
    });
    let Some((at, dialect)) = found else {
        return true;
    };
    out.push(
        SCHEMA_DIALECT
            .diag(format!(
                "{} declares unsupported JSON Schema dialect {dialect:?}; expected Draft 2020-12 ({DRAFT_2020_12})",
                subject.label
            ))
            .at((subject.origin)(&at, Part::Value)),
    );
    false
}
