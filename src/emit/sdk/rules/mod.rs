//! What generating an SDK reports, one rule per file.

pub mod name_collision;
