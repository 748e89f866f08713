//! `title` and `description`: what a tool says about itself.

use serde_json::Value;

use crate::contract::ToolCatalogEntry;
use crate::declare_diff_rule;
use crate::diff::pair::ToolPair;
use crate::diff::{Change, Side};
use crate::pointer::Pointer;

declare_diff_rule! {
    /// ## What it reports
    /// A tool's `description`, `title` or `annotations.title` written, rewritten or
    /// removed.
    ///
    /// ## Why info
    /// Neither changes what a caller may send or will receive. A model chooses tools by
    /// their descriptions, so the change is shown for review, but it breaks no caller.
    ///
    /// ## Example
    /// `description: Fetch one widget.` becomes `description: Fetch one widget by id.`
    pub static DESCRIPTION_CHANGED = {
        code: "description-changed",
        summary: "a tool's description or title changed",
        levels: { metadata: Info },
    }
}

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
