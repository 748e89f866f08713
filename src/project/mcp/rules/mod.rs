//! The MCP projection's refusals (CONTRACT.md c.2), one per file.

pub mod external_ref;
pub mod resource_scope;
