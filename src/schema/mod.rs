//! The JSON Schema helpers every layer shares: which keywords hold subschemas
//! ([`walk`]), what a `$ref` names and which components a schema reaches ([`refs`]),
//! the catalog's components as an offline resource registry ([`registry`]), a quick
//! meta-schema acceptance test ahead of it ([`meta`]), and URI-fragment escaping
//! ([`fragment`]). Both the checks and the projections build
//! on it; it knows nothing of either.

pub mod constructs;
pub mod fragment;
pub mod meta;
pub mod refs;
pub mod registry;
pub mod upgrade;
pub mod walk;
