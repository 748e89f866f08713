//! Where a node of the generated CLI's command tree was written (a tool's `cli`, or
//! the registry's command metadata), for the rules that report against its spellings.

use crate::diagnostics::Origin;
use crate::pointer::{Part, Pointer};
use crate::provenance::Provenance;

/// Where a node's spellings and texts were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Tool(usize),
    Metadata(usize),
}

/// Where a field of the node at `path` was written: `title`, `description`, or a
/// spelling path such as `command/1` or `aliases/0` (of the tool's `cli` for a tool).
pub fn origin(written: Option<&Written>, field: &str, provenance: &Provenance) -> Option<Origin> {
    Some(match written? {
        Written::Tool(index) => {
            let field =
                if matches!(field, "title" | "description") { field.to_owned() } else { format!("cli/{field}") };
            let path = Pointer::parse(&format!("/{field}")).unwrap_or_default();
            provenance.tool(*index, &path, Part::Value)
        }
        Written::Metadata(k) => provenance.cli_command(*k, &Pointer::parse(&format!("/{field}")).unwrap_or_default()),
    })
}
