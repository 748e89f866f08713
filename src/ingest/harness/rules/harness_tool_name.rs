use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};
use crate::pointer::Pointer;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That the `name` of a harness tool's schema document is the file name of the
    /// executable it describes.
    ///
    /// ## Why
    /// The harness calls a tool by its file name; a schema that names another tool
    /// would advertise a tool that cannot be called.
    ///
    /// ## Example
    /// `.harness/tools/resize.schema.json`:
    /// ```json
    /// {"name": "resize_image", "description": "Resize an image", "input_schema": {"type": "object"}}
    /// ```
    pub static HARNESS_TOOL_NAME = {
        code: "harness-tool-name",
        phase: Catalog,
        severity: Error,
        summary: "a harness tool's schema names another tool than its file name",
    }
}

/// The schema document in `source` names tool `name` (at `name_at`), not `file_name`.
pub fn name_mismatch(source: &Arc<SourceFile>, name: &str, name_at: Pointer, file_name: &str) -> Diagnostic {
    HARNESS_TOOL_NAME
        .diag(format!("the schema names tool {name:?}, but the executable is named {file_name:?}"))
        .at(Origin::value(source, name_at))
        .help(format!("rename the executable to {name:?}, or set \"name\": {file_name:?}"))
}
