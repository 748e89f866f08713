use serde_json::Value;

use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::{Part, Pointer};
use crate::schema::registry::Components;

declare_rule! {
    /// ## What it checks
    /// That no key of a tool schema's root `$defs` equals the name of a catalog
    /// component. Nested `$defs` and `definitions` are not affected.
    ///
    /// ## Why
    /// MCP projection bundles the components a tool uses into its root `$defs` under
    /// their names; an entry of the same name would be overwritten and every
    /// reference to it would silently change meaning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "$defs": {"Widget": {"type": "string"}}}
    /// ```
    /// with a component named `Widget`.
    pub static DEFS_SHADOW = {
        code: "defs-shadow",
        phase: Catalog,
        severity: Error,
        summary: "a tool schema's root `$defs` entry has a component's name",
        help: "rename the `$defs` entry, or reference the component instead",
    }
}

pub fn check(subject: &Subject<'_>, components: &Components, out: &mut Vec<Diagnostic>) {
    let Some(Value::Object(defs)) = subject.value.get("$defs") else {
        return;
    };
    for name in defs.keys().filter(|name| components.contains(name)) {
        out.push(
            DEFS_SHADOW
                .diag(format!("{} $defs entry {name:?} conflicts with components.schemas", subject.label))
                .at((subject.origin)(&Pointer::root().key("$defs").key(name), Part::Key)),
        );
    }
}
