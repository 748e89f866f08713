use std::path::Path;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};

declare_rule! {
    /// ## What it checks
    /// With `--scopes DIR`, a tool name defined in more than one scope: the most
    /// local definition (nearest to DIR) wins, and each one it overrides is noted.
    ///
    /// ## Why
    /// Overriding a tool of an outer scope is what scopes are for, so this is a note,
    /// never an error (not even with `--deny-warnings`); it says which file is
    /// compiled in place of the one overridden.
    ///
    /// ## Example
    /// `project/.harness/tools/search` and `project/app/.harness/tools/search`, read
    /// with `--scopes project/app`: the second is compiled.
    pub static HARNESS_OVERRIDE = {
        code: "harness-override",
        phase: Input,
        severity: Note,
        summary: "a tool of an outer harness scope is overridden by a more local one",
    }
}

/// Tool `name` defined at `loser` is overridden by the definition at `winner`.
pub fn overridden(name: &str, loser: &Path, winner: &Path) -> Diagnostic {
    HARNESS_OVERRIDE
        .diag(format!("tool {name:?} is overridden by the more local {}", winner.display()))
        .at(Origin::file(loser))
        .help(format!(
            "nothing to do if the override is meant; to use the outer definition, rename or remove {}",
            winner.display()
        ))
        .related(Origin::file(winner), "the definition compiled")
}
