use serde_json::Value;

use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::walk;

declare_rule! {
    /// ## What it checks
    /// That no node of a tool schema carries `"x-harn-type": "closure"` or
    /// `"x-harn-type": "builtin"`.
    ///
    /// ## Why
    /// Harn marks function-typed values this way; they exist only inside a running VM
    /// and have no JSON form, so no caller could ever send or receive one.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"cb": {"type": "string", "x-harn-type": "closure"}}}
    /// ```
    pub static RUNTIME_ONLY_TYPE = {
        code: "runtime-only-type",
        phase: Catalog,
        severity: Error,
        summary: "a tool schema has a runtime-only Harn type (closure, builtin)",
        help: "take a portable value (a name, an id) instead of a function",
    }
}

pub fn check(subject: &Subject<'_>, out: &mut Vec<Diagnostic>) {
    let mut found = None;
    walk::visit(subject.value, |path, node| {
        if found.is_none() {
            if let Some(Value::String(kind)) = walk::keyword(node, "x-harn-type") {
                if kind == "closure" || kind == "builtin" {
                    found = Some((path.pointer().key("x-harn-type"), kind.clone()));
                }
            }
        }
    });
    if let Some((at, kind)) = found {
        out.push(
            RUNTIME_ONLY_TYPE
                .diag(format!(
                    "{} contains runtime-only Harn type {kind:?}, which has no portable JSON value",
                    subject.label
                ))
                .at((subject.origin)(&at, Part::Value)),
        );
    }
}
