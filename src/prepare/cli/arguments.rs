//! Argument preparation (spec/contract.md d.2): each input property's CLI presentation,
//! checked rule by rule, then ordered for presentation.

use serde_json::{Map, Value};

use super::rules::{
    cli_argument_collision, cli_argument_form, cli_argument_property, cli_boolean_style, cli_completions,
    cli_positionals, cli_repeatable, cli_spelling,
};
use super::{PreparedArgument, PreparedTool};
use crate::contract::{OptionSpelling, ToolCliArgumentSpec};
use crate::diagnostics::Diagnostic;
use crate::maps::HashSet;
use crate::prepare::CliArguments;
use crate::provenance::ToolCx;
use crate::schema::walk;

/// Prepares one tool's arguments; what is wrong is appended to `out`. With
/// [`CliArguments::Skip`] the arguments are only checked: their presentation (value
/// name, help, help group, completion candidates, value type), which no rule reads, is
/// left empty.
pub fn prepare(tool: &ToolCx<'_>, keep: CliArguments, out: &mut Vec<Diagnostic>) -> PreparedTool {
    let empty = Map::new();
    let schema = &tool.tool.input_schema;
    let properties = walk::keyword(schema, "properties").and_then(Value::as_object).unwrap_or(&empty);
    let required: HashSet<&str> = walk::keyword(schema, "required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    cli_argument_property::check(tool, properties, out);

    let default = ToolCliArgumentSpec::default();
    let mut arguments = Vec::with_capacity(properties.len());
    for (property, property_schema) in properties {
        let spec = tool.tool.cli.arguments.get(property).unwrap_or(&default);
        cli_argument_form::check(tool, property, spec, out);
        cli_completions::check(tool, property, spec, out);
        cli_boolean_style::check(tool, property, spec, property_schema, out);
        cli_repeatable::check(tool, property, spec, property_schema, out);
        let long = cli_spelling::long_spelling(property, spec);
        cli_spelling::check(tool, property, spec, long.as_deref(), out);
        let mut argument = PreparedArgument {
            property: property.clone(),
            long,
            short: spec.short,
            aliases: spec.aliases.iter().map(OptionSpelling::to_string).collect(),
            position: spec.position,
            value_hint: spec.value_hint,
            boolean_style: spec.boolean_style,
            repeatable: spec.repeatable,
            hidden: spec.hidden,
            display_order: spec.display_order,
            required: required.contains(property.as_str()),
            ..PreparedArgument::default()
        };
        if keep == CliArguments::Keep {
            present(&mut argument, spec, property_schema);
        }
        arguments.push(argument);
    }
    cli_argument_collision::check(tool, &arguments, out);
    cli_positionals::check(tool, &arguments, out);
    arguments.sort_by(|a, b| {
        let key = |x: &PreparedArgument| (x.position.unwrap_or(u32::MAX), x.display_order.unwrap_or(u32::MAX));
        key(a).cmp(&key(b)).then_with(|| a.property.cmp(&b.property))
    });
    let json_flag =
        !arguments.iter().any(|a| a.long.as_deref() == Some("json") || a.aliases.iter().any(|s| s == "json"));
    PreparedTool { arguments, json_flag }
}

/// Fills in what only the generated CLI's help and completions read (no rule does):
/// value name, help, help group, completion candidates, value type.
fn present(argument: &mut PreparedArgument, spec: &ToolCliArgumentSpec, schema: &Value) {
    let text = |key: &str| walk::keyword(schema, key).and_then(Value::as_str).map(str::to_owned);
    argument.value_name = spec
        .value_name
        .as_deref()
        .map(str::to_owned)
        .or_else(|| text("title"))
        .unwrap_or_else(|| argument.property.to_ascii_uppercase());
    argument.help = spec.help.as_deref().map(str::to_owned).or_else(|| text("description"));
    argument.help_group = spec.help_group.as_deref().map(str::to_owned);
    argument.completions = spec.completions.clone();
    argument.value_type = text("type");
    argument.enum_values = enum_values(schema, spec.repeatable);
}

/// The string values of `schema`'s `enum`, or of its `items`' for a repeatable argument.
fn enum_values(schema: &Value, repeatable: bool) -> Vec<String> {
    let schema = if repeatable { walk::keyword(schema, "items").unwrap_or(schema) } else { schema };
    walk::keyword(schema, "enum")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}
