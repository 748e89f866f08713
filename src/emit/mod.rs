//! Emitting: canonical JSON text and atomic file writes.

mod json;
mod write;

pub use json::canonical_json;
pub use write::write_atomically;
