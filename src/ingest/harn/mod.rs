//! `.harn` modules, read statically and never executed (EXPORTS.md, DECISIONS.md 2).

pub mod ast;
