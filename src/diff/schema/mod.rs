//! The schemas of a tool: `inputSchema` (what callers send), `outputSchema` and
//! `errorSchema` (what they receive), compared with their direction in mind.
//!
//! Each rule is named after what happened to the values a schema accepts (a type
//! narrowed, a bound loosened) and its level on each side says what that does to
//! callers: accepting fewer values breaks those who send them, accepting more breaks
//! those who receive them. `$ref`s into components and `$defs` are resolved first,
//! so a component renamed or a schema inlined is no change; a change found through a
//! component is reported at the component, once per tool and side. What cannot be
//! classified for certain is `uncertain-change`, never `info`.

mod annotations;
mod arrays;
mod bounds;
mod branches;
mod core;
mod engine;
mod objects;
mod presence;
mod text;
mod types;
mod values;

use serde_json::Value;

pub(crate) use crate::diff::rules::SCHEMA_DESCRIPTION_CHANGED;
pub(crate) use core::Components;
use core::{Base, Cmp, Loc, Path};

use super::pair::ToolPair;
use super::rules;
use super::{Change, Side};
use crate::contract::ToolCatalog;
use crate::pointer::Pointer;

/// The components of both catalogs, prepared once for every tool.
pub(crate) fn components<'a>(old: &'a ToolCatalog, new: &'a ToolCatalog) -> Components<'a> {
    let schemas = |c: &'a ToolCatalog| c.components.as_ref().map(|c| &c.schemas);
    Components::new(schemas(old), schemas(new))
}

/// Every change in the schemas of one tool present on both sides, their `$ref`s
/// resolved in `components`.
pub(super) fn compare(pair: &ToolPair<'_>, components: &Components<'_>, out: &mut Vec<Change>) {
    let sides = [
        (Side::Input, "inputSchema", Some(&pair.old.input_schema), Some(&pair.new.input_schema)),
        (Side::Output, "outputSchema", pair.old.output_schema.as_ref(), pair.new.output_schema.as_ref()),
        (Side::Error, "errorSchema", pair.old.error_schema.as_ref(), pair.new.error_schema.as_ref()),
    ];
    for (side, field, old, new) in sides {
        let what = if side == Side::Output { "output" } else { "error" };
        match (old, new) {
            (None, None) => {}
            (Some(_), None) => out.push(
                Change::new(rules::SCHEMA_REMOVED, Some(pair.name), side, format!("the {what} schema was removed"))
                    .at(pair.old_at.key(field), pair.new_at.clone()),
            ),
            (None, Some(_)) => out.push(
                Change::new(rules::SCHEMA_ADDED, Some(pair.name), side, format!("the {what} schema was written"))
                    .at(pair.old_at.clone(), pair.new_at.key(field)),
            ),
            (Some(old), Some(new)) => {
                out.extend(schemas(
                    side,
                    pair.name,
                    components,
                    (old, pair.old_at.key(field)),
                    (new, pair.new_at.key(field)),
                ));
            }
        }
    }
}

/// The changes from one schema to another, each at its place in its catalog.
pub(crate) fn schemas<'a>(
    side: Side,
    tool: &str,
    components: &Components<'a>,
    old: (&'a Value, Pointer),
    new: (&'a Value, Pointer),
) -> Vec<Change> {
    let root = |(value, at): (&'a Value, Pointer)| Loc {
        value,
        ptr: at.clone(),
        base: std::rc::Rc::new(Base { root: value, at }),
    };
    let (old, new) = (root(old), root(new));
    let mut cmp = Cmp::of_root(side, tool, components, old.value, new.value);
    cmp.compare(&old, &new, &Path::default());
    cmp.out
}

/// Components as a map, for tests.
#[cfg(test)]
fn map(value: Value) -> std::collections::BTreeMap<String, Value> {
    serde_json::from_value(value).expect("a map of schemas")
}

#[cfg(test)]
mod tests;
