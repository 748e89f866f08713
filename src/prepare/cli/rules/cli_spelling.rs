use crate::contract::{OptionSpelling, ToolCliArgumentSpec};
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::provenance::ToolCx;

declare_rule! {
    /// ## What it checks
    /// That a named argument's long spelling and aliases match
    /// `^[A-Za-z0-9][A-Za-z0-9-]*$`. The long spelling is `long` when given, else the
    /// property name with every `_` turned into `-`; so a property named `_id`,
    /// `a.b` or `my field` needs an explicit `long` (or a `position`).
    ///
    /// ## Why
    /// These become `--spelling` options that must be typeable in any shell.
    ///
    /// ## Example
    /// ```json
    /// {"parameters": {"_internal": "string"}}
    /// ```
    pub static CLI_SPELLING = {
        code: "cli-spelling",
        phase: Prepare,
        severity: Error,
        summary: "an argument's long spelling or alias is not a portable option name",
    }
}

/// The long spelling of a named argument (d.2 step 7).
pub fn long_spelling(property: &str, spec: &ToolCliArgumentSpec) -> Option<String> {
    if spec.position.is_some() {
        return None;
    }
    Some(spec.long.as_deref().map_or_else(|| property.replace('_', "-"), str::to_owned))
}

pub fn check(
    tool: &ToolCx<'_>,
    property: &str,
    spec: &ToolCliArgumentSpec,
    long: Option<&str>,
    out: &mut Vec<Diagnostic>,
) {
    let name = &tool.tool.name;
    let derived = spec.long.is_none();
    let field = if derived { None } else { Some("long".to_owned()) };
    let aliases = spec.aliases.iter().enumerate().map(|(i, a)| (a.as_str(), Some(format!("aliases/{i}"))));
    for (spelling, field) in long.map(|l| (l, field)).into_iter().chain(aliases) {
        if OptionSpelling::is_valid(spelling) {
            continue;
        }
        let help = if derived && field.is_none() {
            "the spelling comes from the property name; give the argument an explicit `long` spelling, or a `position`"
        } else {
            "a CLI spelling starts with an ASCII letter or digit and holds only letters, digits and `-`"
        };
        out.push(
            CLI_SPELLING
                .diag(format!("tool {name:?} property {property:?} has invalid CLI spelling --{spelling}"))
                .at(tool.argument_origin(property, field.as_deref()))
                .help(help),
        );
    }
}
