//! `cli.command` and `cli.aliases`: how scripts run a tool through the generated CLI,
//! and the aliases of the parent commands in the catalog's own `cli`. A command is
//! compared by the spellings that run it: its path, and its parent path followed by
//! any of its aliases; their order is no change.

use serde_json::Value;

use super::other;
use crate::contract::{CommandName, ToolAudience, ToolCatalog, ToolCatalogEntry, ToolCliCommandSpec};
use crate::diff::pair::ToolPair;
use crate::diff::rules::METADATA_CHANGED;
use crate::diff::rules::{CLI_ALIAS_ADDED, CLI_ALIAS_REMOVED, CLI_PATH_CHANGED};
use crate::diff::{Change, Side};
use crate::pointer::Pointer;

fn on_cli(entry: &ToolCatalogEntry) -> bool {
    entry.governance.includes(ToolAudience::Cli)
}

/// `widgets get`
fn spelled(path: &[CommandName]) -> String {
    path.iter().map(CommandName::as_str).collect::<Vec<_>>().join(" ")
}

fn names(command: &[CommandName], aliases: &[CommandName]) -> Vec<String> {
    command.last().into_iter().chain(aliases).map(|n| n.to_string()).collect()
}

fn command_json(path: &[CommandName]) -> Value {
    Value::from(path.iter().map(|n| Value::from(n.as_str())).collect::<Vec<_>>())
}

/// One tool's command and aliases. While the tool is off the CLI on either side, the
/// audience rules report what matters and the rest is `metadata-changed`'s.
pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let (old, new) = (&pair.old.cli, &pair.new.cli);
    let cli = |entry: &Pointer| entry.key("cli");
    if !(on_cli(pair.old) && on_cli(pair.new)) {
        let at = (&pair.old_at, &pair.new_at);
        let (old_json, new_json) = (serde_json::to_value(old).ok(), serde_json::to_value(new).ok());
        for field in ["command", "aliases", "arguments"] {
            let value = |v: &Option<Value>| v.as_ref().and_then(|v| v.get(field)).cloned();
            other::changed(
                Some(pair.name),
                at,
                &["cli", field],
                (value(&old_json).as_ref(), value(&new_json).as_ref()),
                out,
            );
        }
        return;
    }
    let (old_names, new_names) = (names(&old.command, &old.aliases), names(&new.command, &new.aliases));
    let parent = |command: &[CommandName]| command[..command.len().saturating_sub(1)].to_vec();
    let (old_parent, new_parent) = (parent(&old.command), parent(&new.command));
    let old_last = old.command.last().map(CommandName::to_string).unwrap_or_default();
    let moved = old_parent != new_parent || !new_names.contains(&old_last);
    let command_at = |entry: &Pointer| cli(entry).key("command");
    if moved {
        let with_aliases = if old.aliases.is_empty() || old_parent == new_parent { "" } else { ", with its aliases" };
        out.push(
            Change::new(
                CLI_PATH_CHANGED,
                Some(pair.name),
                Side::Metadata,
                format!(
                    "the CLI command `{}` is now `{}`{with_aliases}: scripts running the old one fail",
                    spelled(&old.command),
                    spelled(&new.command)
                ),
            )
            .at(command_at(&pair.old_at), command_at(&pair.new_at))
            .values(Some(&command_json(&old.command)), Some(&command_json(&new.command))),
        );
    } else if old.command != new.command {
        // The old path is now an alias; the new one is either an old alias too, or a
        // new spelling.
        let new_last = new.command.last().map(CommandName::to_string).unwrap_or_default();
        let (rule, message, new_at, values) = if old_names.contains(&new_last) {
            let message = format!(
                "the CLI command `{}` is now `{}`; the old one still runs it, as an alias",
                spelled(&old.command),
                spelled(&new.command)
            );
            let values = (Some(command_json(&old.command)), Some(command_json(&new.command)));
            (METADATA_CHANGED, message, command_at(&pair.new_at), values)
        } else {
            let message = format!(
                "`{}` now runs the tool too, as its command path; `{}` stays an alias",
                spelled(&new.command),
                spelled(&old.command)
            );
            let values = (None, Some(Value::from(new_last.as_str())));
            (CLI_ALIAS_ADDED, message, command_at(&pair.new_at).index(new.command.len() - 1), values)
        };
        out.push(
            Change::new(rule, Some(pair.name), Side::Metadata, message)
                .at(command_at(&pair.old_at), new_at)
                .values(values.0.as_ref(), values.1.as_ref()),
        );
    }
    let aliases_at = |entry: &Pointer| cli(entry).key("aliases");
    for (i, alias) in old.aliases.iter().enumerate() {
        if !new_names.iter().any(|n| n == alias.as_str()) {
            out.push(
                Change::new(
                    CLI_ALIAS_REMOVED,
                    Some(pair.name),
                    Side::Metadata,
                    format!(
                        "the CLI alias `{}` was removed",
                        spelled(&[old_parent.clone(), vec![alias.clone()]].concat())
                    ),
                )
                .at(aliases_at(&pair.old_at).index(i), aliases_at(&pair.new_at))
                .values(Some(&Value::from(alias.as_str())), None),
            );
        }
    }
    for (i, alias) in new.aliases.iter().enumerate() {
        if !old_names.iter().any(|n| n == alias.as_str()) {
            out.push(
                Change::new(
                    CLI_ALIAS_ADDED,
                    Some(pair.name),
                    Side::Metadata,
                    format!(
                        "the CLI alias `{}` was added",
                        spelled(&[new_parent.clone(), vec![alias.clone()]].concat())
                    ),
                )
                .at(aliases_at(&pair.old_at), aliases_at(&pair.new_at).index(i))
                .values(None, Some(&Value::from(alias.as_str()))),
            );
        }
    }
}

/// The catalog's parent-command metadata (`cli.commands`), matched by path: their
/// aliases while some CLI tool of the new catalog is still below them, and their
/// other fields.
pub(super) fn compare_commands(old: &ToolCatalog, new: &ToolCatalog, out: &mut Vec<Change>) {
    let commands = |catalog: &'_ ToolCatalog| catalog.cli.as_ref().map(|c| c.commands.clone()).unwrap_or_default();
    let (old_specs, new_specs) = (commands(old), commands(new));
    let list = Pointer::root().key("cli").key("commands");
    let find = |specs: &[ToolCliCommandSpec], path: &[CommandName]| specs.iter().position(|s| s.command == path);
    let used = |path: &[CommandName]| {
        new.tools.iter().any(|t| on_cli(t) && t.cli.command.len() > path.len() && t.cli.command.starts_with(path))
    };
    let mut paths: Vec<Vec<CommandName>> = old_specs.iter().map(|s| s.command.clone()).collect();
    paths.extend(new_specs.iter().map(|s| s.command.clone()).filter(|p| find(&old_specs, p).is_none()));
    for path in paths {
        let (i, j) = (find(&old_specs, &path), find(&new_specs, &path));
        let at = |k: Option<usize>| k.map_or_else(|| list.clone(), |k| list.index(k));
        let (old_at, new_at) = (at(i), at(j));
        let no_aliases = Vec::new();
        let old_aliases = i.map_or(&no_aliases, |i| &old_specs[i].aliases);
        let new_aliases = j.map_or(&no_aliases, |j| &new_specs[j].aliases);
        let parent = path[..path.len().saturating_sub(1)].to_vec();
        let shown = |alias: &CommandName| spelled(&[parent.clone(), vec![alias.clone()]].concat());
        if used(&path) {
            for (k, alias) in old_aliases.iter().enumerate().filter(|(_, a)| !new_aliases.contains(a)) {
                out.push(
                    Change::new(
                        CLI_ALIAS_REMOVED,
                        None,
                        Side::Metadata,
                        format!("the CLI alias `{}` of `{}` was removed", shown(alias), spelled(&path)),
                    )
                    .at(old_at.key("aliases").index(k), new_at.key("aliases"))
                    .values(Some(&Value::from(alias.as_str())), None),
                );
            }
        }
        for (k, alias) in new_aliases.iter().enumerate().filter(|(_, a)| !old_aliases.contains(a)) {
            out.push(
                Change::new(
                    CLI_ALIAS_ADDED,
                    None,
                    Side::Metadata,
                    format!("the CLI alias `{}` of `{}` was added", shown(alias), spelled(&path)),
                )
                .at(old_at.key("aliases"), new_at.key("aliases").index(k))
                .values(None, Some(&Value::from(alias.as_str()))),
            );
        }
        let json =
            |specs: &[ToolCliCommandSpec], k: Option<usize>| k.and_then(|k| serde_json::to_value(&specs[k]).ok());
        let (old_json, new_json) = (json(&old_specs, i), json(&new_specs, j));
        for field in ["title", "description", "hidden", "display_order"] {
            // `hidden: false` is the default a command without metadata has too.
            let value = |v: &Option<Value>| {
                v.as_ref().and_then(|v| v.get(field)).filter(|v| **v != Value::Bool(false)).cloned()
            };
            let (old_value, new_value) = (value(&old_json), value(&new_json));
            if old_value != new_value {
                out.push(
                    Change::new(
                        METADATA_CHANGED,
                        None,
                        Side::Metadata,
                        format!("the `{field}` of the CLI command `{}` changed", spelled(&path)),
                    )
                    .at(old_at.key(field), new_at.key(field))
                    .values(old_value.as_ref(), new_value.as_ref()),
                );
            }
        }
    }
}
