use std::collections::HashMap;

use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::project::cli::{PreparedArgument, RESERVED_LONG, RESERVED_SHORT, ToolCx};

declare_rule! {
    /// ## What it checks
    /// Collisions among one tool's arguments: two properties at the same `position`;
    /// a long spelling or alias that is reserved by the generated CLI (`--harn-input`,
    /// `--harn-output`, `--help`, `--version`) or used by two properties; a short
    /// spelling that is reserved (`-h`, `-V`) or used twice. `--json` is not reserved:
    /// when no argument spells it, the generated CLI adds it as a shorthand for
    /// compact JSON output.
    ///
    /// ## Why
    /// Every token of the command line must map to exactly one property.
    ///
    /// ## Example
    /// ```json
    /// {"cli": {"arguments": {"a": {"long": "name"}, "b": {"aliases": ["name"]}}}}
    /// ```
    pub static CLI_ARGUMENT_COLLISION = {
        code: "cli-argument-collision",
        phase: Prepare,
        severity: Error,
        summary: "two arguments share a position or spelling, or one takes a reserved spelling",
    }
}

pub fn check(tool: &ToolCx<'_>, arguments: &[PreparedArgument], out: &mut Vec<Diagnostic>) {
    let name = &tool.tool.name;
    let mut positions: HashMap<u32, &str> = HashMap::new();
    let mut longs: HashMap<&str, &str> = HashMap::new();
    let mut shorts: HashMap<char, &str> = HashMap::new();
    for argument in arguments {
        let property = argument.property.as_str();
        let mut report = |message: String, field: &str| {
            out.push(CLI_ARGUMENT_COLLISION.diag(message).at(tool.argument_origin(property, Some(field))));
        };
        if let Some(position) = argument.position {
            if let Some(first) = positions.insert(position, property) {
                report(
                    format!("tool {name:?} CLI position {position} is shared by properties {first:?} and {property:?}"),
                    "position",
                );
            }
        }
        let spellings = argument
            .long
            .iter()
            .map(|l| (l.as_str(), "long"))
            .chain(argument.aliases.iter().map(|a| (a.as_str(), "aliases")));
        for (spelling, field) in spellings {
            if RESERVED_LONG.contains(&spelling) {
                report(format!("tool {name:?} CLI argument {property:?} collides with reserved --{spelling}"), field);
            } else if let Some(first) = longs.insert(spelling, property) {
                report(
                    format!(
                        "tool {name:?} CLI spelling --{spelling} is shared by properties {first:?} and {property:?}"
                    ),
                    field,
                );
            }
        }
        if let Some(short) = argument.short {
            if RESERVED_SHORT.contains(&short) {
                report(format!("tool {name:?} CLI argument {property:?} collides with reserved -{short}"), "short");
            } else if let Some(first) = shorts.insert(short, property) {
                report(
                    format!("tool {name:?} CLI spelling -{short} is shared by properties {first:?} and {property:?}"),
                    "short",
                );
            }
        }
    }
}
