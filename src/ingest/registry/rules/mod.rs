//! The registry reader's rules, one file per rule named by its code: the checks of a
//! registry's shape (spec/contract.md a.1–a.2) and the per-field normalisation of a raw
//! entry (a.3), one field family per file.
//!
//!
//! Each field comes from [`RawEntry::take`](super::raw::RawEntry::take), which makes an
//! explicit `null` absent (`None`): no function here sees a null field.

pub mod annotations_field;
pub mod cli_field;
pub mod execution_field;
pub mod execution_policy;
pub mod executor;
pub mod governance_field;
pub mod icon_field;
pub mod ignored_meta_key;
pub mod input_schema_spelling;
pub mod legacy_parameters;
pub mod meta_field;
pub mod redefined_tool;
pub mod registry_cli;
pub mod registry_components;
pub mod registry_info;
pub mod registry_shape;
pub mod schema_field;
pub mod shadowed_key;
pub mod source_field;
pub mod tool_field;
pub mod tool_spec;
pub mod unknown_tool_key;
