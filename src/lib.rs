//! harn-catalog: an offline compiler for Harn tool registries.
//!
//! Data flows one way: [`ingest`] reads registry declarations, `.harn` modules and
//! catalogs into the [`contract`] model; [`check`] enforces the harn-tools/2.0
//! contract with located [`diagnostics`] (the catalog phase); [`project`] prepares the
//! catalog for its adapters, the generated CLI and MCP (the prepare phase); and
//! [`emit`] writes the canonical catalog and the protocol artifacts. [`compile`] ties
//! the phases together. [`drift`] says that a committed artifact is stale; [`diff`]
//! says what changed between two catalogs and whom it breaks. [`index`], above the MCP
//! projection and below `emit`, `diff` and `drift`, computes the discovery index:
//! contract hashes, lexical search and context costs. At the top, [`generate`] writes
//! or checks the outputs a configuration lists (and SDK folders, and the protocol
//! artifacts), and [`docs`] prints the rule documentation; they, like `diff::run` and
//! `lint::downlevel_file`, log their messages to a [`diagnostics::Log`] and say how a
//! run [`diagnostics::Failed`], which the command line maps to an exit code.
//!
//! Lower layers never import higher ones, and `check` and `project` never import each
//! other: what both need sits below them. [`schema`] holds the JSON Schema helpers
//! (traversal, references and the component graph, the offline component registry,
//! fragment escaping); [`provenance`] maps every catalog path back to the [`source`]
//! text it came from, and carries `ToolCx`, the tool every per-tool rule reports
//! against.

pub mod check;
pub mod commands;
pub mod compile;
pub mod config;
pub mod contract;
pub mod diagnostics;
pub mod diff;
pub mod digest;
pub mod docs;
pub mod drift;
pub mod emit;
pub mod import;
pub mod index;
pub mod ingest;
pub mod lint;
pub mod paths;
pub mod pointer;
pub mod process;
pub mod project;
pub mod provenance;
pub mod schema;
pub mod source;

/// Re-exported for [`declare_rule!`], so that rules register from any crate.
#[doc(hidden)]
pub use inventory;
