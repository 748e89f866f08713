//! `skill-field`: a skill's frontmatter without a name or description, or with a
//! field of the wrong type.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The fields of a skill's frontmatter that the discovery index reads:
    ///
    /// - `name` (or `id` when there is no `name`; with both, `name` is used and `id`
    ///   is an ordinary key): a non-empty string that the skill's ID (`skill:<name>`,
    ///   or `skill:<pack>/<name>` in a plugin) and a search can stand for: without
    ///   whitespace (an ID is one word), `/` (it separates the pack), a control or an
    ///   invisible formatting character (a zero-width space, a direction mark: what is
    ///   shown would not be the ID), and with at least one letter or digit (the
    ///   `lexical-v1` analyzer reads every other character as a space, so no query
    ///   would find the skill by its name). A name those allow but the Agent Skills
    ///   format does not (`Release_Notes`) is `skill-name`'s finding, and the skill
    ///   is kept;
    /// - `description`: a non-empty string (not only spaces);
    /// - `title`, when present: a non-empty string;
    /// - `disable-model-invocation`, when present: `true` or `false`;
    /// - `tags`, when present: a list of non-empty strings.
    ///
    /// Other keys (`license`, `allowed-tools`, `metadata`, …) are kept as they are
    /// and not checked.
    ///
    /// ## Why
    /// A model finds a skill by its name and description; without them, or with a
    /// switch such as `disable-model-invocation: "yes"` that clients read in
    /// different ways, what the index says about the skill would be a guess. The
    /// skill is left out of the index, with one warning per field at the field
    /// (`--deny-warnings` makes them errors); everything else is indexed.
    ///
    /// ## Example
    /// ```yaml
    /// ---
    /// name: release-notes
    /// disable-model-invocation: "yes"
    /// ---
    /// ```
    /// has no `description`, and a string where `true` or `false` is expected.
    pub static SKILL_FIELD = {
        code: "skill-field",
        phase: Skills,
        severity: Warning,
        summary: "a skill's frontmatter lacks `name` or `description`, or a field has the wrong type; the skill is left out",
    }
}
