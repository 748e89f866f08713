//! `skill-manifest`: a `SKILL.md` with no readable YAML frontmatter.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That each `skills/<name>/SKILL.md` of a harness directory (`.harness/`, and
    /// `.harness/plugins/<pack>/`) is UTF-8 text that starts with a frontmatter: a
    /// first line `---`, YAML lines, and a closing line `---` (trailing spaces and a
    /// `\r\n` line ending allowed on both marker lines; a leading byte order mark is
    /// ignored). The YAML must be well formed, one mapping, read as every YAML input
    /// is (YAML 1.2 core schema, no duplicate keys). The rest of the file is the
    /// skill's body, which is not read.
    ///
    /// ## Why
    /// The frontmatter is the skill's manifest: what a model is shown to decide
    /// whether to use it. A file whose manifest cannot be read is left out of the
    /// discovery index, with this warning at the place that stopped the reader; the
    /// other skills and the tools are indexed as usual (`--deny-warnings` makes it an
    /// error).
    ///
    /// ## Example
    /// ```markdown
    /// # Release notes
    /// name: release-notes
    /// ```
    /// has no opening `---` line; nor does a file whose frontmatter never closes.
    pub static SKILL_MANIFEST = {
        code: "skill-manifest",
        phase: Skills,
        severity: Warning,
        summary: "a SKILL.md has no readable YAML frontmatter between `---` lines; the skill is left out",
        help: "start SKILL.md with a line `---`, then the YAML frontmatter (`name:` and `description:`), then a line `---` before the body",
    }
}
