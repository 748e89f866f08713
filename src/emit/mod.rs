//! Emitting: the canonical catalog JSON, the protocol artifacts that describe the
//! format itself (JSON Schema, TypeScript, manifest), and atomic file writes.

pub mod artifacts;
mod json;
pub mod markdown;
mod schema;
pub mod sdk;
pub(crate) mod template;
pub(crate) mod typescript;
pub(crate) mod write;

pub use json::{Layout, canonical_json, write_canonical_json};
pub use schema::{SCHEMA_ID, catalog_schema, declaration_schema, dialect_title_first};
pub use typescript::render as typescript_binding;
pub use write::{Staged, stage_with, write_atomically};
