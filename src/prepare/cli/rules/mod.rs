//! The prepare-phase CLI rules of spec/contract.md d.2 and d.3, one per file, named after
//! its rule less the `cli-` prefix.

pub mod argument_collision;
pub mod argument_form;
pub mod argument_property;
pub mod boolean_style;
pub mod command_metadata;
pub mod command_siblings;
pub mod completions;
pub mod positionals;
pub mod repeatable;
pub mod spelling;
