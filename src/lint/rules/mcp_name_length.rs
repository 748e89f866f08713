//! The MCP specification 2025-11-25 itself: the `mcp-2025-11-25` profile.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Profile `mcp-2025-11-25`: that a tool's name has at most 128 characters.
    ///
    /// ## Why
    /// The specification says a name SHOULD be 1 to 128 characters (tools.mdx L217-228,
    /// 2026-08-22; the SEP-986 text itself says 64). A SHOULD: a warning.
    ///
    /// ## Example
    /// A 129-character tool name.
    pub static MCP_NAME_LENGTH = {
        code: "mcp-name-length",
        phase: Profile,
        severity: Warning,
        summary: "MCP 2025-11-25: a tool name SHOULD have at most 128 characters",
        help: "shorten the tool's name to 128 characters or fewer",
    }
}
