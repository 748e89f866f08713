//! `skill-name`: a skill's name outside the Agent Skills name rules.

use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That a skill's `name` (or `id`) follows the name rules of the Agent Skills
    /// format: at most 64 characters, each a letter or a digit or `-`; no upper-case
    /// letter; not starting or ending with `-`; no `--`. Letters and digits are
    /// Unicode's, as the format's reference validator reads them (`pdf-processing`,
    /// `2fa-setup` and `überblick` pass; `Release_Notes`, `-draft` and `notes--v2`
    /// do not).
    ///
    /// A name that a skill's ID or a search cannot stand for at all (whitespace, `/`,
    /// a control or invisible character, no letter or digit) is `skill-field`'s
    /// finding instead, and leaves the skill out.
    ///
    /// ## Why
    /// A client that follows the format may refuse to load a skill whose name breaks
    /// these rules, or load it under another name; and the folder must bear the same
    /// name (`skill-folder-name`). The skill is kept and indexed under the name as
    /// written, so that this warning (an error with `--deny-warnings`) is the only
    /// difference it makes; the help gives the name in the format's spelling.
    ///
    /// Sources: the Agent Skills specification, the table and the `name` field
    /// section of `docs/specification.mdx` in github.com/agentskills/agentskills
    /// (commit 874e339c09a47b45198dc5694c9cb57561290654), and its reference
    /// validator, `_validate_name` in `skills-ref/src/skills_ref/validator.py`
    /// (commit 00d5a46a6b0394894dcdeca66de2f17c266f7b4b), which allows Unicode
    /// letters and normalises the name to NFKC first (harn-catalog does not
    /// normalise: a name that differs from its NFKC form is checked as written).
    ///
    /// ## Example
    /// `skills/Release_Notes/SKILL.md` holding
    /// ```yaml
    /// ---
    /// name: Release_Notes
    /// description: Writes release notes from the merged pull requests.
    /// ---
    /// ```
    /// is named `release-notes` in the format's spelling (its folder too).
    pub static SKILL_NAME = {
        code: "skill-name",
        phase: Skills,
        severity: Warning,
        summary: "a skill's name breaks the Agent Skills name rules (lower-case letters, digits and single hyphens, at most 64 characters)",
    }
}

/// The longest name the Agent Skills format allows, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// What is wrong with `name` under the Agent Skills name rules ([`SKILL_NAME`]), if
/// anything: the first broken rule.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.chars().count() > MAX_NAME_CHARS {
        Some("is longer than 64 characters")
    } else if name.chars().any(|c| !(c.is_alphanumeric() || c == '-')) {
        Some("holds a character other than a letter, a digit or `-`")
    } else if name != name.to_lowercase() {
        Some("holds an upper-case letter")
    } else if name.starts_with('-') || name.ends_with('-') {
        Some("starts or ends with `-`")
    } else if name.contains("--") {
        Some("holds `--`")
    } else {
        None
    }
}

/// `name` in the Agent Skills spelling: lower case, each run of characters other
/// than letters and digits one `-`, none at either end, at most 64 characters;
/// `None` when no letter or digit is left.
pub fn portable_name(name: &str) -> Option<String> {
    let mut portable = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            portable.push(c);
        } else if !portable.is_empty() && !portable.ends_with('-') {
            portable.push('-');
        }
    }
    let portable: String = portable.chars().take(MAX_NAME_CHARS).collect();
    let portable = portable.trim_end_matches('-');
    (!portable.is_empty()).then(|| portable.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_agent_skills_name_rules() {
        for good in ["pdf-processing", "2fa-setup", "a", "überblick", "v2", &"a".repeat(64)] {
            assert_eq!(name_problem(good), None, "{good}");
        }
        for (bad, problem) in [
            ("Release_Notes", "holds a character other than a letter, a digit or `-`"),
            ("release.notes", "holds a character other than a letter, a digit or `-`"),
            ("Notes", "holds an upper-case letter"),
            ("-draft", "starts or ends with `-`"),
            ("draft-", "starts or ends with `-`"),
            ("notes--v2", "holds `--`"),
            (&"a".repeat(65), "is longer than 64 characters"),
        ] {
            assert_eq!(name_problem(bad), Some(problem), "{bad}");
        }
    }

    #[test]
    fn spells_a_name_the_agent_skills_way() {
        assert_eq!(portable_name("Release_Notes").as_deref(), Some("release-notes"));
        assert_eq!(portable_name("--Draft..v2--").as_deref(), Some("draft-v2"));
        assert_eq!(portable_name("release notes/v2").as_deref(), Some("release-notes-v2"));
        assert_eq!(portable_name("!!!"), None);
        let long = portable_name(&format!("{}-b", "a".repeat(63))).unwrap();
        assert_eq!(long, "a".repeat(63));
        for name in ["Release_Notes", "--Draft..v2--", &"Ab-".repeat(40)] {
            let portable = portable_name(name).unwrap();
            assert_eq!(name_problem(&portable), None, "{portable}");
        }
    }
}
