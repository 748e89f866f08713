//! The canonical JSON form of a catalog (CONTRACT.md e, DECISIONS.md 9): serde_json's
//! compact or two-space pretty printer over the contract types, which fix the field
//! order and sort the map-valued records, then one newline.

use serde::Serialize;

/// How canonical JSON is laid out: on one line, or indented by two spaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    #[default]
    Compact,
    Pretty,
}

impl Layout {
    /// [`Layout::Pretty`] when `pretty` (a `--pretty` flag, a `pretty = true` setting).
    pub fn pretty_if(pretty: bool) -> Layout {
        if pretty { Layout::Pretty } else { Layout::Compact }
    }
}

/// `value` as canonical JSON in `layout`, and one `\n`.
pub fn canonical_json<T: Serialize>(value: &T, layout: Layout) -> String {
    let mut text = match layout {
        Layout::Compact => serde_json::to_string(value),
        Layout::Pretty => serde_json::to_string_pretty(value),
    }
    .expect("contract types always serialise: their maps have string keys");
    text.push('\n');
    text
}
