use serde_json::Value;

use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::{Part, Pointer};

declare_rule! {
    /// ## What it checks
    /// That an input schema's root declares exactly `"type": "object"`.
    ///
    /// ## Why
    /// Tool arguments are named: MCP sends an object, the generated CLI builds one from
    /// flags. `true`, `{}`, `{"type": ["object"]}` and `{"type": "array"}` are all
    /// refused, as upstream refuses them.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "inputSchema": {"properties": {"id": {"type": "string"}}}}
    /// ```
    pub static INPUT_OBJECT_ROOT = {
        code: "input-object-root",
        phase: Catalog,
        severity: Error,
        summary: "an input schema does not declare `type: object` at its root",
        help: "add \"type\": \"object\" at the root of the input schema",
    }
}

pub fn check(subject: &Subject<'_>, out: &mut Vec<Diagnostic>) {
    let root_type = subject.value.get("type");
    if root_type == Some(&Value::String("object".to_owned())) {
        return;
    }
    let at = if root_type.is_some() { Pointer::root().key("type") } else { Pointer::root() };
    out.push(
        INPUT_OBJECT_ROOT
            .diag(format!("{} must explicitly declare an object root with type: object", subject.label))
            .at((subject.origin)(&at, Part::Value)),
    );
}
