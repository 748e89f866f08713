//! harn-catalog: an offline compiler for Harn tool registries.
//!
//! Data flows one way: [`ingest`] reads registry declarations and catalogs into the
//! [`contract`] model, [`check`] enforces the harn-tools/2.0 contract with located
//! [`diagnostics`], and [`emit`] writes the canonical catalog. [`compile`] ties the
//! catalog phase together.

pub mod check;
pub mod compile;
pub mod config;
pub mod contract;
pub mod diagnostics;
pub mod drift;
pub mod emit;
pub mod ingest;
pub mod pointer;
pub mod project;
pub mod provenance;
pub mod schema;
pub mod source;

/// Re-exported for [`declare_rule!`], so that rules register from any crate.
#[doc(hidden)]
pub use inventory;
