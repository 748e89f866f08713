//! A tool's `cli` (a.3 step 13, d.1): command path, aliases, hidden flag, arguments.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::contract::{CommandName, ToolCliArgumentSpec, ToolCliSpec};
use crate::declare_rule;
use crate::diagnostics::suggest;
use crate::ingest::registry::raw::{EntryCtx, Field};
use crate::pointer::Pointer;

declare_rule! {
    /// ## What it checks
    /// A tool's `cli`: an object with only `command` (a non-empty list of portable
    /// command names), `aliases` (distinct portable names for the last component),
    /// `hidden` (a bool) and `arguments` (an object from input property to a strict
    /// argument spec). Without a `command`, the implicit one is built from
    /// `[namespace, name]` split on `.`; each part must then be a portable command name.
    ///
    /// A command name matches `^[A-Za-z0-9_][A-Za-z0-9_-]*$`.
    ///
    /// ## Why
    /// The generated CLI turns each component into a subcommand; anything else cannot
    /// be typed portably in a shell.
    ///
    /// ## Example
    /// ```json
    /// {"name": "widgets..get", "cli": {"aliases": ["g", "g"]}}
    /// ```
    pub static CLI_FIELD = {
        code: "cli-field",
        phase: Catalog,
        severity: Error,
        summary: "a tool's `cli` is malformed or its command names are not portable",
    }
}

pub struct Context<'n> {
    pub name: &'n str,
    pub name_at: &'n Pointer,
    pub namespace: Option<&'n str>,
}

pub fn cli(cx: &mut EntryCtx<'_>, field: Option<Field>, names: &Context<'_>) -> ToolCliSpec {
    let mut spec = ToolCliSpec { command: Vec::new(), aliases: Vec::new(), hidden: false, arguments: BTreeMap::new() };
    let object = match field {
        None | Some(Field { value: Value::Null, .. }) => None,
        Some(Field { value: Value::Object(object), at }) => Some((object, at)),
        Some(Field { at, .. }) => {
            cx.error_with_help(CLI_FIELD, " field 'cli' must be an object", &at, CLI_SHAPE);
            None
        }
    };
    let Some((object, at)) = object else {
        spec.command = implicit_command(cx, names);
        return spec;
    };
    for key in object.keys() {
        if !CLI_KEYS.contains(&key.as_str()) {
            let help = match suggest(key, CLI_KEYS) {
                Some(meant) => format!("did you mean {meant:?}?"),
                None => format!("remove it: {CLI_SHAPE}"),
            };
            cx.error_at_key_with_help(
                CLI_FIELD,
                format_args!(" field 'cli' contains unknown key {key:?}"),
                &at.key(key),
                help,
            );
        }
    }
    spec.command = match object.get("command") {
        None | Some(Value::Null) => implicit_command(cx, names),
        Some(Value::Array(parts)) if !parts.is_empty() => {
            let at = at.key("command");
            let mut command = Vec::with_capacity(parts.len());
            for (i, part) in parts.iter().enumerate() {
                match part.as_str() {
                    Some(part) if CommandName::is_valid(part) => command.push(part.into()),
                    _ => cx.error_with_help(
                        CLI_FIELD,
                        " field 'cli.command' must contain only non-empty command names",
                        &at.index(i),
                        CommandName::help(part.as_str().unwrap_or_default()),
                    ),
                }
            }
            command
        }
        Some(_) => {
            cx.error_with_help(
                CLI_FIELD,
                " field 'cli.command' must be a non-empty list of command names",
                &at.key("command"),
                "write it as a list of names, parent commands first: \"command\": [\"widgets\", \"get\"]",
            );
            Vec::new()
        }
    };
    match object.get("aliases") {
        None | Some(Value::Null) => {}
        Some(Value::Array(aliases)) => {
            let at = at.key("aliases");
            for (i, alias) in aliases.iter().enumerate() {
                match alias.as_str() {
                    Some(alias) if !CommandName::is_valid(alias) => {
                        cx.error_with_help(
                            CLI_FIELD,
                            " field 'cli.aliases' must contain only portable command names",
                            &at.index(i),
                            CommandName::help(alias),
                        );
                    }
                    Some(alias) if spec.aliases.iter().any(|a| a == alias) => {
                        cx.error_with_help(
                            CLI_FIELD,
                            format_args!(" field 'cli.aliases' contains duplicate alias {alias:?}"),
                            &at.index(i),
                            "remove the second one",
                        );
                    }
                    Some(alias) => spec.aliases.push(alias.into()),
                    None => cx.error_with_help(
                        CLI_FIELD,
                        " field 'cli.aliases' must contain only portable command names",
                        &at.index(i),
                        "write each alias as a string: \"aliases\": [\"show\"]",
                    ),
                }
            }
        }
        Some(_) => cx.error_with_help(
            CLI_FIELD,
            " field 'cli.aliases' must be a list of command names",
            &at.key("aliases"),
            "write it as a list: \"aliases\": [\"show\"]",
        ),
    }
    match object.get("hidden") {
        None | Some(Value::Null) => {}
        Some(Value::Bool(hidden)) => spec.hidden = *hidden,
        Some(_) => cx.error_with_help(
            CLI_FIELD,
            " field 'cli.hidden' must be a bool",
            &at.key("hidden"),
            "write true or false",
        ),
    }
    match object.get("arguments") {
        None | Some(Value::Null) => {}
        Some(Value::Object(arguments)) => {
            let at = at.key("arguments");
            for (property, argument) in arguments {
                let mut track = serde_path_to_error::Track::new();
                let deserializer = serde_path_to_error::Deserializer::new(argument, &mut track);
                match <ToolCliArgumentSpec as serde::Deserialize>::deserialize(deserializer) {
                    Ok(parsed) => {
                        spec.arguments.insert(property.clone(), parsed);
                    }
                    Err(error) => {
                        let path = track.path();
                        let inner = Pointer::parse(&json_pointer_of(&path)).unwrap_or_default();
                        let help = serde_help(&error.to_string());
                        cx.error_with_help(
                            CLI_FIELD,
                            format_args!(" field 'cli.arguments' is invalid: argument {property:?}: {error}"),
                            &at.key(property).join(&inner),
                            help,
                        );
                    }
                }
            }
        }
        Some(_) => cx.error_with_help(
            CLI_FIELD,
            " field 'cli.arguments' must be an object keyed by input property",
            &at.key("arguments"),
            "key it by input property: \"arguments\": {\"widget_id\": {\"position\": 0}}",
        ),
    }
    spec
}

/// The keys of a tool's `cli`.
const CLI_KEYS: [&str; 4] = ["command", "aliases", "hidden", "arguments"];

/// What a tool's `cli` looks like, for help lines.
const CLI_SHAPE: &str = "a tool's cli is {\"command\": [\"widgets\", \"get\"], \"aliases\": [\"show\"], \"hidden\": false, \"arguments\": {…}}";

/// The help of an argument serde refused: for an unknown field or variant, the
/// expected one it most likely misspells (serde's message lists them).
fn serde_help(message: &str) -> String {
    let quoted = |after: &str| message.split(after).nth(1).and_then(|rest| rest.split('`').nth(1));
    let unknown = quoted("unknown field ").or_else(|| quoted("unknown variant "));
    let expected: Vec<&str> = message
        .split("expected one of ")
        .nth(1)
        .map(|list| list.split(", ").map(|item| item.trim().trim_matches('`')).collect())
        .unwrap_or_default();
    if message.contains("expected a character") {
        return "a short spelling is one character: \"short\": \"v\"".to_owned();
    }
    match unknown.and_then(|word| suggest(word, expected.iter().copied())) {
        Some(meant) => format!("did you mean {meant:?}?"),
        None if !expected.is_empty() => format!("use one of {}", expected.join(", ")),
        None => "see the keys of an argument in `harn-catalog explain cli-field`".to_owned(),
    }
}

/// `[namespace?, name]`, each split on `.`.
fn implicit_command(cx: &mut EntryCtx<'_>, names: &Context<'_>) -> Vec<CommandName> {
    let command: Vec<CommandName> = names
        .namespace
        .into_iter()
        .chain([names.name])
        .flat_map(|part| part.split('.'))
        .map(CommandName::from)
        .collect();
    if !command.iter().all(|c| CommandName::is_valid(c)) {
        let portable: Option<Vec<String>> = names
            .namespace
            .into_iter()
            .chain([names.name])
            .flat_map(|part| part.split('.'))
            .filter(|part| !part.is_empty())
            .map(CommandName::portable_form)
            .collect();
        let help = match portable.filter(|parts| !parts.is_empty()) {
            Some(parts) => {
                let parts: Vec<String> = parts.iter().map(|p| format!("{p:?}")).collect();
                format!("give the tool a command of its own: \"cli\": {{\"command\": [{}]}}", parts.join(", "))
            }
            None => "give the tool a command of its own: \"cli\": {\"command\": [\"name\"]}".to_owned(),
        };
        cx.error_with_help(
            CLI_FIELD,
            " CLI command must contain only non-empty portable command names",
            names.name_at,
            help,
        );
    }
    command
}

/// serde_path_to_error's path (`a.b[0]`-style segments) as a JSON Pointer string.
pub fn json_pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(format!("/{index}")),
            Segment::Map { key } => Some(format!("/{}", crate::pointer::encode_token(key))),
            Segment::Enum { variant } => Some(format!("/{}", crate::pointer::encode_token(variant))),
            Segment::Unknown => None,
        })
        .collect()
}
