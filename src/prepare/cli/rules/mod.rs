//! The prepare-phase CLI rules of spec/contract.md d.2 and d.3, one per file, named after
//! its rule less the `cli-` prefix.

pub mod cli_argument_collision;
pub mod cli_argument_form;
pub mod cli_argument_property;
pub mod cli_boolean_style;
pub mod cli_command_metadata;
pub mod cli_command_siblings;
pub mod cli_completions;
pub mod cli_positionals;
pub mod cli_repeatable;
pub mod cli_spelling;
