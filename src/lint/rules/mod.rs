//! The profile rules, one per construct and client, grouped by client family. Which
//! profile uses which rule, with its limits, is in [`super::profiles`]. The
//! `downlevel-*` rules are the notes of `mcp --profile`, one per kind of rewrite
//! ([`super::downlevel::Kind`]).

pub mod anthropic;
pub mod downlevel_changes_meaning;
pub mod downlevel_exact;
pub mod downlevel_impossible;
pub mod downlevel_lossy;
pub mod gemini;
pub mod hosts;
pub mod mcp;
pub mod openai;
