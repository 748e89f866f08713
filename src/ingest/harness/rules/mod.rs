//! The rules of reading a harness directory, each in a file named by its code (with
//! the diagnostic it builds): where a tool's schema document may come from without
//! running the tool, its name, and which scope's definition wins.

use std::path::Path;
use std::sync::Arc;

use crate::source::{Format, SourceFile};

mod harness_binary_tool;
mod harness_computed_schema;
mod harness_not_executable;
mod harness_orphan_sidecar;
mod harness_override;
mod harness_schema_missing;
mod harness_tool_name;
mod harness_unquoted_heredoc;

pub use harness_binary_tool::*;
pub use harness_computed_schema::*;
pub use harness_not_executable::*;
pub use harness_orphan_sidecar::*;
pub use harness_override::*;
pub use harness_schema_missing::*;
pub use harness_tool_name::*;
pub use harness_unquoted_heredoc::*;

/// The help every refusal of a schema's source gives: commit what the tool prints.
fn commit_sidecar(executable: &Path) -> String {
    let tool = executable.display();
    format!("commit the schema beside the tool: `{tool} --schema > {tool}.schema.json`")
}

/// A source standing for a path that is not read as text (the harness directory in
/// its catalog's provenance). A diagnostic about a whole file is located with
/// [`Origin::file`](crate::diagnostics::Origin::file), which shows its path alone.
pub fn file_only(path: &Path) -> Arc<SourceFile> {
    Arc::new(SourceFile::new(path, String::new(), Format::Json))
}
