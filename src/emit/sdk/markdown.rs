//! The Markdown reference page: each tool's signature and a parameter table.

use super::Sdk;
use crate::emit::artifacts::Artifact;

/// The SDK's files.
pub fn render(sdk: &Sdk<'_>) -> Vec<Artifact> {
    let _ = sdk;
    Vec::new()
}
