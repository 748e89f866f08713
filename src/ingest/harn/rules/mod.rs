//! The `.harn` front end's rules, one file per rule named by its code. The attributes
//! that only feed `harn serve` have theirs in `serve/rules/`.

pub mod harn_attribute;
pub mod harn_malformed_limits;
pub mod harn_syntax;
pub mod harn_too_large;
pub mod script_surface;
pub mod unrepresentable_throws;
pub mod unresolved_import;
