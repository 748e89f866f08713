use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::maps::HashMap;
use crate::prepare::cli::{PreparedArgument, RESERVED_LONG, RESERVED_SHORT, ToolCx};

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
    let mut positions: HashMap<u32, &str> = HashMap::default();
    let mut longs: HashMap<&str, &str> = HashMap::default();
    let mut shorts: HashMap<char, &str> = HashMap::default();
    let next_position = arguments.iter().filter_map(|a| a.position).max().map_or(0, |p| p + 1);
    let taken_shorts: Vec<char> = arguments.iter().filter_map(|a| a.short).collect();
    for argument in arguments {
        let property = argument.property.as_str();
        let mut report = |message: String, field: &str, help: String| {
            let at = tool.argument_origin(property, Some(field));
            out.push(CLI_ARGUMENT_COLLISION.diag(message).at(at).help(help));
        };
        let set =
            |key: &str, value: String| format!(r#"set "cli": {{"arguments": {{"{property}": {{"{key}": {value}}}}}}}"#);
        if let Some(position) = argument.position {
            if let Some(first) = positions.insert(position, property) {
                report(
                    format!("tool {name:?} CLI position {position} is shared by properties {first:?} and {property:?}"),
                    "position",
                    format!("give each its own place: {}", set("position", next_position.to_string())),
                );
            }
        }
        let spellings = argument
            .long
            .iter()
            .map(|l| (l.as_str(), "long"))
            .chain(argument.aliases.iter().map(|a| (a.as_str(), "aliases")));
        for (spelling, field) in spellings {
            let respell = |what: &str| match field {
                "aliases" => format!("remove {spelling:?} from the aliases of {property:?}, {what}"),
                _ => format!("spell it otherwise, {what}: {}", set("long", format!("\"input-{spelling}\""))),
            };
            if RESERVED_LONG.contains(&spelling) {
                report(
                    format!("tool {name:?} CLI argument {property:?} collides with reserved --{spelling}"),
                    field,
                    respell("which the generated CLI keeps for itself"),
                );
            } else if let Some(first) = longs.insert(spelling, property) {
                report(
                    format!(
                        "tool {name:?} CLI spelling --{spelling} is shared by properties {first:?} and {property:?}"
                    ),
                    field,
                    respell(&format!("as {first:?} has it")),
                );
            }
        }
        if let Some(short) = argument.short {
            let other = match free_short(property, &taken_shorts) {
                Some(letter) => format!("choose another letter: {}", set("short", format!("\"{letter}\""))),
                None => format!("remove \"short\" from the arguments of {property:?}"),
            };
            if RESERVED_SHORT.contains(&short) {
                report(
                    format!("tool {name:?} CLI argument {property:?} collides with reserved -{short}"),
                    "short",
                    other,
                );
            } else if let Some(first) = shorts.insert(short, property) {
                report(
                    format!("tool {name:?} CLI spelling -{short} is shared by properties {first:?} and {property:?}"),
                    "short",
                    other,
                );
            }
        }
    }
}

/// A short spelling no argument of the tool takes and the CLI does not reserve: the
/// property's initial in the other case, else the first free letter.
fn free_short(property: &str, taken: &[char]) -> Option<char> {
    let free = |c: &char| !taken.contains(c) && !RESERVED_SHORT.contains(c);
    let initial = property.chars().find(char::is_ascii_alphabetic);
    let flipped = initial.map(|c| if c.is_ascii_lowercase() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() });
    initial.into_iter().chain(flipped).find(free).or_else(|| ('a'..='z').chain('A'..='Z').find(free))
}
