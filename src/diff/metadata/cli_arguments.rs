//! `cli.arguments`: how the generated CLI reads each input property from tokens. An
//! argument is compared by what a command line that worked still does: its
//! spellings (`--long`, its aliases, `-s`), its position, how a boolean reads and
//! whether it repeats. Properties added or removed are the input schema's changes.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::contract::{ToolAudience, ToolCliArgumentSpec};
use crate::diff::pair::ToolPair;
use crate::diff::rules::CLI_ALIAS_ADDED;
use crate::diff::rules::CLI_ARGUMENT_CHANGED;
use crate::diff::rules::METADATA_CHANGED;
use crate::diff::{Change, DiffRule, Side};
use crate::pointer::Pointer;
use crate::prepare::cli::cli_spelling::long_spelling;
use crate::schema::walk;

/// The top-level property names of an input schema.
fn properties(schema: &Value) -> BTreeSet<&str> {
    walk::keyword(schema, "properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// The `--` spellings of a named argument: its long spelling and its aliases.
fn longs(property: &str, spec: &ToolCliArgumentSpec) -> Vec<String> {
    long_spelling(property, spec).into_iter().chain(spec.aliases.iter().map(|a| a.to_string())).collect()
}

pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    let on_cli = |entry: &crate::contract::ToolCatalogEntry| entry.governance.includes(ToolAudience::Cli);
    if !(on_cli(pair.old) && on_cli(pair.new)) {
        return;
    }
    let (old_properties, new_properties) = (properties(&pair.old.input_schema), properties(&pair.new.input_schema));
    let default = ToolCliArgumentSpec::default();
    json_flag(pair, (&old_properties, &new_properties), &default, out);
    for property in old_properties.intersection(&new_properties) {
        let old = pair.old.cli.arguments.get(*property).unwrap_or(&default);
        let new = pair.new.cli.arguments.get(*property).unwrap_or(&default);
        if old != new {
            Argument { pair, property, old, new, out: &mut *out }.compare();
        }
    }
}

/// The property whose argument is spelled `--json` (its long spelling or an alias),
/// if one is: the generated CLI then leaves out its own `--json` (print the result as
/// compact JSON).
fn spelled_json<'p>(
    properties: &BTreeSet<&'p str>,
    arguments: &BTreeMap<String, ToolCliArgumentSpec>,
    default: &ToolCliArgumentSpec,
) -> Option<&'p str> {
    properties.iter().copied().find(|p| longs(p, arguments.get(*p).unwrap_or(default)).iter().any(|l| l == "json"))
}

/// An argument newly spelled `--json` hides the generated CLI's own `--json` flag: a
/// command line that asked for compact JSON output now sets that argument.
fn json_flag(
    pair: &ToolPair<'_>,
    (old, new): (&BTreeSet<&str>, &BTreeSet<&str>),
    default: &ToolCliArgumentSpec,
    out: &mut Vec<Change>,
) {
    let before = spelled_json(old, &pair.old.cli.arguments, default);
    let Some(property) = spelled_json(new, &pair.new.cli.arguments, default) else { return };
    if before.is_some() {
        return;
    }
    let message = format!(
        "`--json` now sets the argument `{property}` instead of printing the result as compact JSON: the generated CLI's own `--json` is hidden (`--harn-output json` still prints JSON)"
    );
    let at = |entry: &Pointer| entry.key("cli").key("arguments");
    out.push(
        Change::new(CLI_ARGUMENT_CHANGED, Some(pair.name), Side::Metadata, message)
            .at(at(&pair.old_at), at(&pair.new_at).key(property))
            .values(None, Some(&Value::String("--json".to_owned()))),
    );
}

/// One property's argument on both sides.
struct Argument<'a, 'o> {
    pair: &'a ToolPair<'a>,
    property: &'a str,
    old: &'a ToolCliArgumentSpec,
    new: &'a ToolCliArgumentSpec,
    out: &'o mut Vec<Change>,
}

impl Argument<'_, '_> {
    /// `/tools/<i>/cli/arguments/<property>/<field>` in `entry`.
    fn at(&self, entry: &Pointer, field: &str) -> Pointer {
        let argument = entry.key("cli").key("arguments").key(self.property);
        match Pointer::parse(&format!("/{field}")) {
            Some(rest) => argument.join(&rest),
            None => argument,
        }
    }

    /// A change of `field` on both sides.
    fn push(&mut self, rule: &'static DiffRule, field: &str, message: String, values: (Option<Value>, Option<Value>)) {
        self.push_at(rule, (field, field), message, values);
    }

    /// A change of `old_field` into `new_field` (an alias and the list it left).
    fn push_at(
        &mut self,
        rule: &'static DiffRule,
        (old_field, new_field): (&str, &str),
        message: String,
        values: (Option<Value>, Option<Value>),
    ) {
        let (old_at, new_at) = (self.at(&self.pair.old_at, old_field), self.at(&self.pair.new_at, new_field));
        self.out.push(
            Change::new(rule, Some(self.pair.name), Side::Metadata, message)
                .at(old_at, new_at)
                .values(values.0.as_ref(), values.1.as_ref()),
        );
    }

    fn compare(mut self) {
        let (old, new, property) = (self.old, self.new, self.property);
        let position = |p: Option<u32>| p.map(Value::from);
        match (old.position, new.position) {
            (Some(a), Some(b)) if a != b => self.push(
                CLI_ARGUMENT_CHANGED,
                "position",
                format!("the positional argument `{property}` moved from position {a} to {b}"),
                (position(old.position), position(new.position)),
            ),
            (Some(a), None) => self.push(
                CLI_ARGUMENT_CHANGED,
                "position",
                format!(
                    "the positional argument `{property}` (position {a}) is now the option `--{}`",
                    long_spelling(property, new).unwrap_or_default()
                ),
                (position(old.position), None),
            ),
            (None, Some(b)) => self.push(
                CLI_ARGUMENT_CHANGED,
                "position",
                format!(
                    "the option `--{}` is now the positional argument at position {b}",
                    long_spelling(property, old).unwrap_or_default()
                ),
                (None, position(new.position)),
            ),
            (None, None) => self.spellings(),
            _ => {}
        }
        if old.boolean_style != new.boolean_style {
            self.push(
                CLI_ARGUMENT_CHANGED,
                "boolean_style",
                format!(
                    "`{property}` reads as a {} boolean, not a {} one",
                    new.boolean_style.as_str(),
                    old.boolean_style.as_str()
                ),
                (Some(old.boolean_style.as_str().into()), Some(new.boolean_style.as_str().into())),
            );
        }
        if old.repeatable != new.repeatable {
            let (rule, message) = match old.repeatable {
                true => (CLI_ARGUMENT_CHANGED, format!("`{property}` can no longer be repeated")),
                false => (METADATA_CHANGED, format!("`{property}` can now be repeated")),
            };
            self.push(rule, "repeatable", message, (Some(old.repeatable.into()), Some(new.repeatable.into())));
        }
        self.presentation();
    }

    /// The spellings of an argument named on both sides.
    fn spellings(&mut self) {
        let (old, new, property) = (self.old, self.new, self.property);
        let (old_longs, new_longs) = (longs(property, old), longs(property, new));
        for (i, spelling) in old_longs.iter().enumerate() {
            if new_longs.contains(spelling) {
                continue;
            }
            // The first is the long spelling, the others its aliases.
            let (old_field, new_field) =
                if i == 0 { ("long".to_owned(), "long") } else { (format!("aliases/{}", i - 1), "aliases") };
            let now = if i == 0 { long_spelling(property, new).map(|l| format!(" (now `--{l}`)")) } else { None };
            self.push_at(
                CLI_ARGUMENT_CHANGED,
                (&old_field, new_field),
                format!("`--{spelling}` is no longer accepted{}", now.unwrap_or_default()),
                (
                    Some(spelling.as_str().into()),
                    if i == 0 { new_longs.first().map(|l| l.as_str().into()) } else { None },
                ),
            );
        }
        // A renamed long spelling is reported above with its new one.
        let renamed = old_longs.first().is_some_and(|l| !new_longs.contains(l));
        for (i, spelling) in new_longs.iter().enumerate() {
            let reported_above = i == 0 && renamed;
            if !old_longs.contains(spelling) && !reported_above {
                let (old_field, new_field) =
                    if i == 0 { ("long", "long".to_owned()) } else { ("aliases", format!("aliases/{}", i - 1)) };
                self.push_at(
                    CLI_ALIAS_ADDED,
                    (old_field, &new_field),
                    format!("`--{spelling}` is now accepted for `{property}`"),
                    (None, Some(spelling.as_str().into())),
                );
            }
        }
        let short = |s: Option<char>| s.map(|c| Value::from(c.to_string()));
        if let Some(lost) = old.short.filter(|s| new.short != Some(*s)) {
            self.push(
                CLI_ARGUMENT_CHANGED,
                "short",
                format!(
                    "`-{lost}` is no longer accepted{}",
                    new.short.map(|s| format!(" (now `-{s}`)")).unwrap_or_default()
                ),
                (short(old.short), short(new.short)),
            );
        }
        if let (None, Some(added)) = (old.short, new.short) {
            self.push(
                CLI_ALIAS_ADDED,
                "short",
                format!("`-{added}` is now accepted for `{property}`"),
                (short(old.short), short(new.short)),
            );
        }
    }

    /// The fields that only help and completion read.
    fn presentation(&mut self) {
        let json = |spec: &ToolCliArgumentSpec| match serde_json::to_value(spec) {
            Ok(Value::Object(object)) => object,
            _ => Map::new(),
        };
        let (old, new) = (json(self.old), json(self.new));
        for field in ["value_name", "help", "value_hint", "hidden", "completions", "display_order", "help_group"] {
            let (old_value, new_value) = (old.get(field), new.get(field));
            if old_value != new_value {
                let message = format!("the CLI `{field}` of `{}` changed", self.property);
                self.push(METADATA_CHANGED, field, message, (old_value.cloned(), new_value.cloned()));
            }
        }
    }
}
