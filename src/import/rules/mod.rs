//! The importer's rules, each in a file named by its code: what `harn-catalog import`
//! refuses in the file it reads, and what it reports about the declaration it writes.

mod import_cli_metadata;
mod import_null_schema;
mod import_shape;
mod import_tool;
mod import_unknown_key;
mod import_upgrade;

pub use import_cli_metadata::*;
pub use import_null_schema::*;
pub use import_shape::*;
pub use import_tool::*;
pub use import_unknown_key::*;
pub use import_upgrade::*;
