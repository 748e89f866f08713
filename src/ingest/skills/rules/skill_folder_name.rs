//! `skill-folder-name`: a skill whose name is not its folder's.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That the `name` (or `id`) of `skills/<folder>/SKILL.md` is `<folder>`.
    ///
    /// ## Why
    /// The Agent Skills format asks for a skill's name to be its folder's, and people
    /// look for a skill by its folder. Clients that read the name (as the index does)
    /// and clients that read the folder would call the skill by two names. The skill
    /// is kept, under the name its frontmatter gives; when another folder of the same
    /// harness directory holds a skill of that name, the one whose folder matches is
    /// used (see `skill-shadowed`).
    ///
    /// ## Example
    /// `skills/notes/SKILL.md` holding
    /// ```yaml
    /// ---
    /// name: release-notes
    /// description: Writes release notes from the merged pull requests.
    /// ---
    /// ```
    pub static SKILL_FOLDER_NAME = {
        code: "skill-folder-name",
        phase: Skills,
        severity: Warning,
        summary: "a skill's name differs from the name of the folder holding its SKILL.md",
    }
}
