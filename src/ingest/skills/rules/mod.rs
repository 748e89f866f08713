//! Skills-phase rules: what reading a harness directory's `SKILL.md` files reports.

mod skill_field;
mod skill_folder_name;
mod skill_manifest;
mod skill_name;
mod skill_shadowed;

pub use skill_field::SKILL_FIELD;
pub use skill_folder_name::SKILL_FOLDER_NAME;
pub use skill_manifest::SKILL_MANIFEST;
pub use skill_name::{MAX_NAME_CHARS, SKILL_NAME, name_problem, portable_name};
pub use skill_shadowed::SKILL_SHADOWED;
