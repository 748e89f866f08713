//! The integration tests, as modules of one test binary: one link instead of one per
//! file, which is most of an incremental test build.

mod common;

mod architecture;
mod bench_inputs;
mod citations;
mod cli;
mod completions;
mod declaration_schema;
mod diff;
mod diff_semantics;
mod docs;
mod harn;
mod harn_bounds;
mod harn_fuzz;
mod harness;
mod import;
mod import_live;
mod index;
mod init;
mod lsp;
mod mcp_protocol;
mod mcp_semantics;
mod normalization;
mod numbers;
mod paths;
mod pre_commit;
mod prepare;
mod profiles;
mod protocol_artifacts;
mod robustness;
mod sdk;
mod sdk_python;
mod sdk_rust;
mod sdk_typescript;
mod search_ranking;
mod servers;
mod skills;
mod spec_examples;
mod typescript;
mod wheel;
mod yaml_language_server;
