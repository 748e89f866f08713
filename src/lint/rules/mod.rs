//! The profile rules, one per construct and client, grouped by client family. Which
//! profile uses which rule, with its limits, is in [`super::profiles`].

pub mod anthropic;
pub mod gemini;
pub mod hosts;
pub mod mcp;
pub mod openai;
