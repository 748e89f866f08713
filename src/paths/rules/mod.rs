//! The rule of where a path may lead, in a file named by its code.

pub mod path_outside_project;
