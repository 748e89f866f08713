//! The `harn-tools/2.0` records (spec/contract.md a.1 and a.4) as Rust types.
//!
//! These types are the single source of truth of the wire format: serde gives the
//! exact wire names, field order, strict reading (`deny_unknown_fields`), omission of
//! absent optionals and the always-serialised defaults; schemars derives the
//! envelope JSON Schema from the same declarations.

mod catalog;
mod cli;
pub mod declaration;
mod entry;
mod schema_fields;
mod text;
mod vocabulary;

pub use catalog::{SCHEMA_VERSION, ToolCatalog, ToolCatalogComponents, ToolCatalogSchemaVersion, ToolRegistryInfo};
pub use cli::{ToolCliArgumentSpec, ToolCliCommandSpec, ToolCliSpec, ToolCliTreeSpec};
pub use entry::{
    ToolCatalogEntry, ToolExecution, ToolGovernance, ToolIcon, ToolPolicy, ToolPresentationAnnotations, ToolSource,
};
pub use text::{CommandName, NON_BLANK_PATTERN, NonBlank, OptionSpelling};
pub use vocabulary::{
    Executor, ShorthandType, SideEffectLevel, ToolAudience, ToolCliBooleanStyle, ToolCliValueHint, ToolIconTheme,
    ToolKind, ToolTaskSupport,
};

/// The `_meta` key under which MCP projection publishes Harn's own contract data (a
/// tool's error schema); reserved, so that no registry can supply it.
pub const TOOL_CONTRACT_KEY: &str = "com.harnlang/toolContract";

/// An open JSON object whose keys serialise in byte order (`_meta`, `source.binding`).
pub type SortedObject = std::collections::BTreeMap<String, serde_json::Value>;
