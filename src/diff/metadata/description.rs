//! `title` and `description`: what a tool says about itself.

use serde_json::Value;

use crate::contract::ToolCatalogEntry;
use crate::diff::pair::ToolPair;
use crate::diff::rules::DESCRIPTION_CHANGED;
use crate::diff::{Change, Side};
use crate::pointer::Pointer;

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let fields = [
        (
            "description",
            pair.old.description.as_ref().map(|d| d.as_str()),
            pair.new.description.as_ref().map(|d| d.as_str()),
        ),
        ("title", pair.old.title.as_ref().map(|t| t.as_str()), pair.new.title.as_ref().map(|t| t.as_str())),
        ("annotations.title", annotation_title(pair.old), annotation_title(pair.new)),
    ];
    for (field, old, new) in fields {
        if old == new {
            continue;
        }
        let what = match (old, new) {
            (None, _) => "was written",
            (_, None) => "was removed",
            _ => "was rewritten",
        };
        out.push(
            Change::new(DESCRIPTION_CHANGED, Some(pair.name), Side::Metadata, format!("the {field} {what}"))
                .at(at(&pair.old_at, field), at(&pair.new_at, field))
                .values(old.map(Value::from).as_ref(), new.map(Value::from).as_ref()),
        );
    }
}

fn annotation_title(entry: &ToolCatalogEntry) -> Option<&str> {
    entry.annotations.as_ref().and_then(|a| a.title.as_deref())
}

/// `field` (dotted) below a tool.
fn at(entry: &Pointer, field: &str) -> Pointer {
    field.split('.').fold(entry.clone(), |at, key| at.key(key))
}
