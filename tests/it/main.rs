//! The integration tests, as modules of one test binary: one link instead of one per
//! file, which is most of an incremental test build.

mod common;

mod cli;
mod completions;
mod docs;
mod harn;
mod harn_fuzz;
mod mcp_semantics;
mod normalization;
mod prepare;
mod protocol_artifacts;
mod robustness;
mod typescript;
