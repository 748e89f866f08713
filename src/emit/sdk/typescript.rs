//! The TypeScript SDK: one `.ts` file of types, a typed client and typed server
//! registration, importing nothing.

use super::Sdk;
use crate::emit::artifacts::Artifact;

/// The SDK's files.
pub fn render(sdk: &Sdk<'_>) -> Vec<Artifact> {
    let _ = sdk;
    Vec::new()
}
