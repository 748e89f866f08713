//! The MCP specification 2025-11-25 itself: the `mcp-2025-11-25` profile.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `mcp-2025-11-25`: that a tool's name has only ASCII letters, digits, `_`,
    /// `-` and `.`.
    ///
    /// ## Why
    /// The specification says a name SHOULD use `A-Z a-z 0-9 _ - .` and no spaces or
    /// commas (SEP-986; modelcontextprotocol `docs/specification/2025-11-25/server/tools.mdx`
    /// L217-228, commit b0f60ba, 2026-08-22). A SHOULD: a warning.
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets/lookup"}
    /// ```
    pub static MCP_NAME_PATTERN = {
        code: "mcp-name-pattern",
        phase: Profile,
        severity: Warning,
        summary: "MCP 2025-11-25: a tool name SHOULD use only `A-Z a-z 0-9 _ - .`",
        help: "rename the tool with letters, digits, `_`, `-` and `.` only",
    }
}
