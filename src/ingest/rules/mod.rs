//! Input-phase rules shared by the JSON, YAML and TOML readers.

mod duplicate_key;
pub mod inexact_number;
mod nesting_too_deep;
mod syntax_error;
mod unsupported_value;

pub use duplicate_key::{DUPLICATE_KEY, duplicate_key};
pub use nesting_too_deep::{NESTING_TOO_DEEP, too_deep, too_deep_at, too_deep_for_toml};
pub use syntax_error::{SYNTAX_ERROR, syntax_error};
pub use unsupported_value::{UNSUPPORTED_VALUE, Unsupported, unsupported_value};
