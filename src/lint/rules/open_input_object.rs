//! The closed-objects lint (issue 13 item 5): every object of a tool's input schema
//! should say what happens to properties it does not list, so that a model adding a
//! plausible extra argument gets a validation error naming it instead of having it
//! dropped. Run by `harn-catalog lint` and `harn-catalog check`, unless
//! `[lint] closed_objects = false`.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::contract::ToolCatalog;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::{Part, Pointer};
use crate::provenance::Provenance;
use crate::schema::constructs::is_object_schema;
use crate::schema::refs::ComponentGraph;
use crate::schema::walk;

/// The `_meta` key by which a tool opts out: `true` leaves its input's objects open.
pub const OPEN_OBJECTS_META_KEY: &str = "com.harnlang/openObjects";

declare_rule! {
    /// ## What it checks
    /// That every object of a tool's `inputSchema` (its root, every nested object, and
    /// every component the input reaches) sets `additionalProperties` or
    /// `unevaluatedProperties`. Run by `harn-catalog lint` and `harn-catalog check`;
    /// `[lint] closed_objects = false` in `harn-catalog.toml` turns it off.
    ///
    /// ## Why
    /// JSON Schema accepts properties an object does not list. A model that adds a
    /// plausible extra argument (`"recursive": true` to a tool without it) gets no
    /// error: the tool silently ignores it, and the model believes it was honoured.
    /// A closed object makes the call fail with a validation error naming the
    /// property, which the model can correct.
    ///
    /// ## Opting out
    /// An object that is meant to be open says so: `"additionalProperties": true`
    /// (or a schema for the extra values), which this rule accepts. A tool whose
    /// whole input passes through (a proxy taking an `arguments` object for another
    /// tool) sets `_meta` key `com.harnlang/openObjects` to `true` (`meta:` in a
    /// registry declaration), and none of its input's objects is reported.
    ///
    /// ## Example
    /// ```json
    /// {"name": "fs.read", "parameters": {"path": {"type": "string"}}}
    /// ```
    /// Its input object is open: add `"additionalProperties": false`.
    pub static OPEN_INPUT_OBJECT = {
        code: "open-input-object",
        phase: Prepare,
        severity: Warning,
        summary: "an input schema object does not say whether it takes unlisted properties",
        help: "add `\"additionalProperties\": false` to it (or `true` if it is meant to be open)",
    }
}

/// The open objects of the input schemas of `catalog`'s tools, each reported once
/// (a component once, for the first tool whose input reaches it).
pub fn check(catalog: &ToolCatalog, provenance: &Provenance) -> Vec<Diagnostic> {
    let empty = std::collections::BTreeMap::new();
    let components = catalog.components.as_ref().map_or(&empty, |c| &c.schemas);
    let graph = ComponentGraph::new(components);
    let mut reported_components = BTreeSet::new();
    let mut out = Vec::new();
    for (index, tool) in catalog.tools.iter().enumerate() {
        let opted_out = tool.meta.as_ref().and_then(|m| m.get(OPEN_OBJECTS_META_KEY)) == Some(&Value::Bool(true));
        if opted_out {
            continue;
        }
        let label = format!("tool {:?} inputSchema", tool.name.as_str());
        for at in open_objects(&tool.input_schema) {
            let origin = provenance.tool(index, &Pointer::root().key("inputSchema").join(&at), Part::Value);
            out.push(diag(&label, &at, tool.name.as_str()).at(origin));
        }
        for name in graph.reachable(&tool.input_schema).names() {
            if !reported_components.insert(name) {
                continue;
            }
            let label = format!("components.schemas.{name}, in tool {:?}'s input,", tool.name.as_str());
            for at in open_objects(&components[name]) {
                out.push(diag(&label, &at, tool.name.as_str()).at(provenance.component(name, &at, Part::Value)));
            }
        }
    }
    out
}

fn diag(label: &str, at: &Pointer, tool: &str) -> Diagnostic {
    let place = if at.is_root() { String::new() } else { format!(" at {at}") };
    OPEN_INPUT_OBJECT.diag(format!(
        "{label}{place} is an object that sets neither `additionalProperties` nor `unevaluatedProperties`: an argument a model adds to a call of {tool:?} would be dropped without an error"
    ))
}

/// The places of `schema`'s object nodes that set neither keyword.
fn open_objects(schema: &Value) -> Vec<Pointer> {
    let mut out = Vec::new();
    walk::visit(schema, |path, node| {
        let Value::Object(object) = node else { return };
        let says = walk::member(object, "additionalProperties").is_some()
            || walk::member(object, "unevaluatedProperties").is_some();
        if is_object_schema(object) && !says {
            out.push(path.pointer());
        }
    });
    out
}
