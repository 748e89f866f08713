//! What generating an SDK reports, one rule per file.

pub mod sdk_name_collision;
