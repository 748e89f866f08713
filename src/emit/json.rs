//! The canonical JSON form of a catalog (spec/contract.md e, spec/decisions.md 9): serde_json's
//! compact or two-space pretty printer over the contract types, which fix the field
//! order and sort the map-valued records, then one newline.

use std::io::Write;

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
    let mut bytes = Vec::new();
    write_canonical_json(&mut bytes, value, layout).expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("serde_json writes UTF-8")
}

/// [`canonical_json`], written to `out` as it is produced, so that a large catalog is
/// never held in memory whole. Buffered here: the serialiser writes a piece per token,
/// each a dynamic call on `out`.
pub fn write_canonical_json<T: Serialize>(out: &mut dyn Write, value: &T, layout: Layout) -> std::io::Result<()> {
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, out);
    match layout {
        Layout::Compact => serde_json::to_writer(&mut buffered, value),
        Layout::Pretty => serde_json::to_writer_pretty(&mut buffered, value),
    }
    // Contract types always serialise (their maps have string keys): an error here is
    // the writer's.
    .map_err(std::io::Error::from)?;
    buffered.write_all(b"\n")?;
    buffered.flush()
}
