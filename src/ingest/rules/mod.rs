//! Input-phase rules: reading a file, and what the JSON, YAML and TOML readers refuse.

mod catalog_shape;
mod duplicate_key;
mod empty_input;
pub mod inexact_number;
mod invalid_utf8;
mod nesting_too_deep;
mod syntax_error;
mod unknown_format;
mod unreadable_input;
mod unsupported_value;

pub use catalog_shape::CATALOG_SHAPE;
pub use duplicate_key::{DUPLICATE_KEY, duplicate_key};
pub use empty_input::{EMPTY_INPUT, check_not_empty};
pub use invalid_utf8::{INVALID_UTF8, invalid_utf8};
pub use nesting_too_deep::{
    NESTING_TOO_DEEP, too_deep, too_deep_at, too_deep_for_toml, too_deep_in_catalog, too_deep_in_the_catalog,
};
pub use syntax_error::{SYNTAX_ERROR, syntax_error};
pub use unknown_format::{UNKNOWN_FORMAT, format_of, stdin_format};
pub use unreadable_input::{
    UNREADABLE_INPUT, no_harness_scope, unreadable_directory, unreadable_file, unreadable_stdin,
};
pub use unsupported_value::{UNSUPPORTED_VALUE, Unsupported, unsupported_value};
