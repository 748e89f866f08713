//! The MCP projection's refusals (spec/contract.md c.2), one per file, named after its
//! rule less the `mcp-` prefix.

pub mod mcp_external_ref;
pub mod mcp_resource_scope;
