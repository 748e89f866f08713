//! The Rust SDK: a crate of serde types generated with typify, a `ToolCall` enum
//! and a `TOOLS` table.

use super::Sdk;
use crate::emit::artifacts::Artifact;

/// The SDK's files.
pub fn render(sdk: &Sdk<'_>) -> Vec<Artifact> {
    let _ = sdk;
    Vec::new()
}
