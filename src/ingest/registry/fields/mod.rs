//! Per-field normalisation of a raw entry (spec/contract.md a.3), one field family per file.
//!
//! Each field comes from [`RawEntry::take`](super::raw::RawEntry::take), which makes an
//! explicit `null` absent (`None`): no function here sees a null field.

pub mod annotations;
pub mod cli;
pub mod execution;
pub mod governance;
pub mod icons;
mod ignored_meta_key;
pub mod meta;
pub mod parameters;
pub mod policy;
pub mod schemas;
pub mod source;
pub mod text;
