//! The generated CLI as a `clap::Command` (spec/contract.md d.4), built from the prepared
//! command tree, for `clap_complete` to write its shell completions.

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, Command, ValueHint};

use super::{CommandNode, PreparedArgument, PreparedTool};
use crate::contract::{ToolCliBooleanStyle, ToolCliValueHint};
use crate::prepare::Prepared;

/// The generated CLI's root command.
pub fn command(prepared: &Prepared) -> Command {
    let mut root = Command::new(prepared.cli_name.clone()).subcommand_required(true);
    if let Some(version) = &prepared.version {
        root = root.version(version.clone());
    }
    if let Some(about) = &prepared.about {
        root = root.about(about.clone());
    }
    root.subcommands(prepared.tree.children.values().map(|node| node_command(node, &prepared.arguments)))
}

/// Why the generated CLI has no completion script: a shell completes a command by a
/// name that is one word, and the CLI's is several. Shown with the name to give.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the generated CLI is named {name:?} (its registry's `info.name`), which no shell can complete: a command's name is one word\nhelp: name the registry {:?} (its `info.name`; for a harness directory, the folder holding it)",
    name.split_whitespace().collect::<Vec<_>>().join("-")
)]
pub struct NameNotOneWord {
    pub name: String,
}

/// The generated CLI's completion script for `shell`, or why there is none.
pub fn completions(prepared: &Prepared, shell: clap_complete::Shell) -> Result<String, NameNotOneWord> {
    if prepared.cli_name.contains(char::is_whitespace) {
        return Err(NameNotOneWord { name: prepared.cli_name.clone() });
    }
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(prepared), prepared.cli_name.clone(), &mut script);
    Ok(String::from_utf8_lossy(&script).into_owned())
}

fn node_command(node: &CommandNode, arguments: &[PreparedTool]) -> Command {
    let mut command = Command::new(node.name.clone()).visible_aliases(node.aliases.clone()).hide(node.hidden);
    if let Some(order) = node.display_order {
        command = command.display_order(order as usize);
    }
    // The title is the short help; the description the long one, or the short one
    // when there is no title.
    command = match (&node.title, &node.description) {
        (Some(title), Some(description)) => command.about(title.clone()).long_about(description.clone()),
        (Some(text), None) | (None, Some(text)) => command.about(text.clone()),
        (None, None) => command,
    };
    match node.tool.and_then(|tool| arguments.get(tool)) {
        Some(prepared) => {
            let mut command = command
                .arg(
                    Arg::new("harn-input")
                        .long("harn-input")
                        .value_name("JSON|@FILE|-")
                        .help("The whole input as JSON, @FILE or - for stdin; flags override it")
                        .value_hint(ValueHint::FilePath),
                )
                .arg(
                    Arg::new("harn-output")
                        .long("harn-output")
                        .value_name("FORMAT")
                        .help("How to print the result")
                        .value_parser(["json", "pretty", "text"])
                        .default_value("json"),
                );
            if prepared.json_flag {
                command = command.arg(
                    Arg::new("json")
                        .long("json")
                        .help("Print the result as compact JSON (--harn-output json)")
                        .action(ArgAction::SetTrue)
                        .conflicts_with("harn-output"),
                );
            }
            command.args(prepared.arguments.iter().map(argument))
        }
        None => {
            command.subcommand_required(true).subcommands(node.children.values().map(|n| node_command(n, arguments)))
        }
    }
}

fn argument(prepared: &PreparedArgument) -> Arg {
    let mut arg = Arg::new(prepared.property.clone()).hide(prepared.hidden);
    if let Some(help) = &prepared.help {
        arg = arg.help(help.clone());
    }
    if let Some(group) = &prepared.help_group {
        arg = arg.help_heading(group.clone());
    }
    if let Some(order) = prepared.display_order {
        arg = arg.display_order(order as usize);
    }
    let presence = prepared.boolean_style != ToolCliBooleanStyle::Value;
    arg = match (prepared.position, &prepared.long) {
        (Some(position), _) => arg.index(position as usize + 1),
        (None, Some(long)) => {
            let mut named = arg.long(long.clone()).visible_aliases(prepared.aliases.clone());
            if let Some(short) = prepared.short {
                named = named.short(short);
            }
            named
        }
        (None, None) => arg,
    };
    if presence {
        return arg.action(ArgAction::SetTrue);
    }
    arg = arg.value_name(prepared.value_name.clone());
    arg = if prepared.repeatable { arg.action(ArgAction::Append).num_args(1..) } else { arg.action(ArgAction::Set) };
    if let Some(hint) = prepared.value_hint {
        arg = arg.value_hint(value_hint(hint));
    }
    if matches!(prepared.value_type.as_deref(), Some("integer" | "number")) {
        arg = arg.allow_negative_numbers(true);
    }
    // Completion candidates for help and completion only: Harn never restricts input
    // to them, and these commands are never used to parse anything.
    let candidates = candidates(prepared);
    if !candidates.is_empty() {
        arg = arg.value_parser(PossibleValuesParser::new(candidates));
    }
    arg
}

/// Advisory completions, then the string values of the schema's `enum`.
fn candidates(prepared: &PreparedArgument) -> Vec<String> {
    let mut values: Vec<String> = prepared.completions.clone();
    for value in &prepared.enum_values {
        if !values.contains(value) {
            values.push(value.clone());
        }
    }
    values
}

fn value_hint(hint: ToolCliValueHint) -> ValueHint {
    match hint {
        ToolCliValueHint::File => ValueHint::FilePath,
        ToolCliValueHint::Directory => ValueHint::DirPath,
        ToolCliValueHint::Path => ValueHint::AnyPath,
        ToolCliValueHint::Url => ValueHint::Url,
        ToolCliValueHint::Email => ValueHint::EmailAddress,
        ToolCliValueHint::Username => ValueHint::Username,
        ToolCliValueHint::Hostname => ValueHint::Hostname,
        ToolCliValueHint::Command => ValueHint::CommandName,
        ToolCliValueHint::Other => ValueHint::Other,
    }
}
