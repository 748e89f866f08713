//! `skill-shadowed`: a skill left out because another of the same ID is used.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Whether two valid skills have one ID (`skill:<name>`, or
    /// `skill:<pack>/<name>` for a plugin's). Harness directories are read most local
    /// first (a project's `.harness/` before the ones it inherits): the skill of the
    /// most local directory is used, and each other gets this note, naming the one
    /// used. Within one directory, the skill whose folder is named as the skill wins,
    /// else the first by folder name. A skill whose manifest is invalid takes no part:
    /// it is left out with its own warning, and a less local skill of its name is
    /// used.
    ///
    /// ## Why
    /// Overriding a shared skill with a project's own is intended, so it is not a
    /// warning; but which of two files a model is given should never be a surprise.
    /// A note is never turned into an error, not even by `--deny-warnings`.
    ///
    /// ## Example
    /// `.harness/skills/review/SKILL.md` and an inherited
    /// `~/.harness/skills/review/SKILL.md`: the project's is used, the other is noted.
    pub static SKILL_SHADOWED = {
        code: "skill-shadowed",
        phase: Skills,
        severity: Note,
        summary: "a skill is not used: a more local harness directory defines a skill of the same ID",
    }
}
