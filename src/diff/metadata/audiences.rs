//! `governance.audiences`: which adapters present the tool to their callers.

use serde_json::Value;

use crate::diff::pair::ToolPair;
use crate::diff::rules::{AUDIENCE_ADDED, AUDIENCE_REMOVED};
use crate::diff::{Change, Side};

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let (old, new) = (&pair.old.governance.audiences, &pair.new.governance.audiences);
    let list = |entry: &crate::pointer::Pointer| entry.key("governance").key("audiences");
    for (i, audience) in old.iter().enumerate() {
        if !new.contains(audience) {
            out.push(
                Change::new(
                    AUDIENCE_REMOVED,
                    Some(pair.name),
                    Side::Metadata,
                    format!("the `{audience}` audience was removed: its callers no longer see the tool"),
                )
                .at(list(&pair.old_at).index(i), list(&pair.new_at))
                .values(Some(&Value::from(audience.as_str())), None),
            );
        }
    }
    for (i, audience) in new.iter().enumerate() {
        if !old.contains(audience) {
            out.push(
                Change::new(
                    AUDIENCE_ADDED,
                    Some(pair.name),
                    Side::Metadata,
                    format!("the `{audience}` audience was added"),
                )
                .at(list(&pair.old_at), list(&pair.new_at).index(i))
                .values(None, Some(&Value::from(audience.as_str()))),
            );
        }
    }
}
