//! harn-catalog: an offline compiler for Harn tool registries.
//!
//! Data flows one way: [`ingest`] reads registry declarations, `.harn` modules,
//! harness directories and catalogs into the [`contract`] model; [`check`] enforces
//! the harn-tools/2.0 contract with located [`diagnostics`] (the catalog phase);
//! [`prepare`] prepares the catalog for its adapters, the generated CLI and MCP (the
//! prepare phase); [`emit`] writes the canonical catalog, the protocol artifacts and
//! the SDKs. [`compile`] runs the phases for one input. Beside them, [`lint`] checks
//! the MCP projection against LLM clients, [`index`] builds the discovery index,
//! [`diff`] says what changed between two catalogs and whom it breaks, and [`drift`]
//! compares generated files with those on disk. On top, [`commands`] has one module
//! per subcommand, each a request run into an outcome the binary prints.
//!
//! ARCHITECTURE.md, at the repository's root, is the map: the code map, the layers
//! (which module may name which) and the invariants its tests hold.

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
pub mod language;
pub mod lint;
pub mod maps;
pub mod paths;
pub mod pointer;
pub mod prepare;
pub mod process;
pub mod provenance;
pub mod schema;
pub mod source;
pub mod stack;

/// Re-exported for [`declare_rule!`], so that rules register from any crate.
#[doc(hidden)]
pub use inventory;
