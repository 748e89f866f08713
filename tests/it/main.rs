//! The integration tests, as modules of one test binary: one link instead of one per
//! file, which is most of an incremental test build.

mod common;

mod action;
mod architecture;
mod bench_inputs;
mod citations;
mod cli;
mod completions;
mod conventions;
mod declaration_schema;
mod diff;
mod diff_semantics;
mod docs;
mod fuzz_regressions;
mod harn;
mod harn_bounds;
mod harn_fuzz;
mod harness;
mod import;
mod import_live;
mod index;
mod init;
mod large_registry;
mod lsp;
mod mcp_protocol;
mod mcp_semantics;
mod normalization;
mod numbers;
mod paths;
mod prepare;
mod profiles;
mod protocol_artifacts;
mod robustness;
mod sarif;
mod sdk;
mod sdk_python;
mod sdk_rust;
mod sdk_typescript;
mod search_ranking;
mod servers;
mod skills;
mod spec_examples;
mod stdin;
mod typescript;
mod yaml_language_server;
