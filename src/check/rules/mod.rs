//! The catalog phase's rules, one file per rule named by its code: the catalog-level
//! rules of `ToolCatalog::validate` (spec/contract.md b.1) and the schema rules
//! (b.2–b.4) that [`super::validate`] runs on every schema of the catalog.

pub mod audiences;
pub mod blank_string;
pub mod cli_command_component;
pub mod cli_path;
pub mod dangling_component_ref;
pub mod defs_shadow;
pub mod duplicate_tool_name;
pub mod icon_list;
pub mod input_object_root;
pub mod invalid_component_ref;
pub mod invalid_schema;
pub mod invalid_schema_resources;
pub mod meta_key_grammar;
pub mod non_portable_ref;
pub mod ref_cycle;
pub mod reserved_meta_key;
pub mod runtime_only_type;
pub mod schema_dialect;
pub mod schema_type;
pub mod unresolved_ref;

pub use dangling_component_ref::DANGLING_COMPONENT_REF;
pub use defs_shadow::DEFS_SHADOW;
pub use input_object_root::INPUT_OBJECT_ROOT;
pub use invalid_component_ref::INVALID_COMPONENT_REF;
pub use invalid_schema::INVALID_SCHEMA;
pub use invalid_schema_resources::INVALID_SCHEMA_RESOURCES;
pub use non_portable_ref::NON_PORTABLE_REF;
pub use runtime_only_type::RUNTIME_ONLY_TYPE;
pub use schema_dialect::{DRAFT_2020_12, SCHEMA_DIALECT};
pub use schema_type::SCHEMA_TYPE;
pub use unresolved_ref::UNRESOLVED_REF;
