//! The canonical JSON form of a catalog (CONTRACT.md e, DECISIONS.md 9): serde_json's
//! compact or two-space pretty printer over the contract types, which fix the field
//! order and sort the map-valued records, then one newline.

use serde::Serialize;

/// `value` as compact (or, with `pretty`, two-space indented) JSON and one `\n`.
pub fn canonical_json<T: Serialize>(value: &T, pretty: bool) -> String {
    let mut text = if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }
        .expect("contract types always serialise: their maps have string keys");
    text.push('\n');
    text
}
