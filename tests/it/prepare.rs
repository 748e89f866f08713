//! The prepare phase (spec/decisions.md 4): CLI argument preparation
//! (spec/contract.md d.2), the command tree (d.3) and the MCP projection (c.1–c.3,
//! spec/decisions.md 5 and 10).
//!
//! Every rule is tested on both sides: an input it accepts, with the exact prepared
//! values, and an input it refuses, with the rule's code and the fragment of Harn's
//! wording its message carries (spec/contract.md names the rule of each check). A
//! refusal is always a prepare-phase error of that rule, raised on an input the
//! catalog phase accepted, and no catalog is written.

use crate::common;

use std::collections::BTreeMap;

use common::{Outcome, assert_exact, compile_json, harn_catalog};
use harn_catalog::compile::Options;
use harn_catalog::contract::{ToolCliBooleanStyle, ToolCliValueHint};
use harn_catalog::diagnostics::{Phase, Severity};
use harn_catalog::prepare::Prepared;
use harn_catalog::prepare::cli::written::Written;
use harn_catalog::prepare::cli::{CommandNode, PreparedArgument, PreparedTool};
use harn_catalog::prepare::mcp::bundle;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Compiles a declaration that both phases must accept without a single diagnostic;
/// what the prepare phase made of it.
#[track_caller]
fn prepared(declaration: Value) -> Prepared {
    let compiled = compile_json(&declaration);
    compiled.assert_clean();
    compiled.prepared.expect("a clean compilation runs the prepare phase")
}

/// Compiles a declaration that the prepare phase must refuse with rule `code`, in a
/// message containing `fragment`; the outcome, for more checks.
#[track_caller]
fn refused(declaration: Value, code: &str, fragment: &str) -> Outcome {
    let outcome = compile_json(&declaration);
    outcome.assert_has(code, fragment);
    for diagnostic in outcome.diagnostics.iter().filter(|d| d.code() == code) {
        assert_eq!(diagnostic.phase(), Phase::Prepare, "{code} is a prepare-phase rule:\n{}", outcome.human());
        assert_eq!(diagnostic.severity, Severity::Error, "{code} is an error:\n{}", outcome.human());
    }
    assert!(
        outcome.diagnostics.iter().all(|d| d.phase() == Phase::Prepare || d.severity == Severity::Warning),
        "the catalog phase should accept this input:\n{}",
        outcome.human()
    );
    assert!(outcome.catalog.is_none(), "a refused input writes no catalog");
    assert!(outcome.prepared.is_none(), "a refused input has no prepared catalog");
    outcome
}

/// A one-tool declaration: tool `t` with these input properties (in this order),
/// these required ones, and this `cli.arguments` metadata.
fn one_tool(properties: Value, required: &[&str], arguments: Value) -> Value {
    let mut schema = json!({ "type": "object", "properties": properties });
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    json!({ "tools": [{ "name": "t", "inputSchema": schema, "cli": { "arguments": arguments } }] })
}

/// The prepared arguments of the single tool of `declaration`.
#[track_caller]
fn arguments_of(declaration: Value) -> PreparedTool {
    let prepared = prepared(declaration);
    assert_eq!(prepared.arguments.len(), 1, "one tool, one prepared argument list");
    prepared.arguments.into_iter().next().unwrap()
}

/// One prepared argument, by property name.
#[track_caller]
fn argument<'a>(tool: &'a PreparedTool, property: &str) -> &'a PreparedArgument {
    tool.arguments.iter().find(|a| a.property == property).unwrap_or_else(|| panic!("no argument {property:?}"))
}

fn names(tool: &PreparedTool) -> Vec<&str> {
    tool.arguments.iter().map(|a| a.property.as_str()).collect()
}

/// A prepared argument with every default for a named, optional property whose schema
/// is `schema`.
fn default_argument(property: &str, schema: Value) -> PreparedArgument {
    let text = |key: &str| schema.get(key).and_then(Value::as_str).map(str::to_owned);
    PreparedArgument {
        property: property.to_owned(),
        long: Some(property.replace('_', "-")),
        short: None,
        aliases: vec![],
        position: None,
        value_name: property.to_ascii_uppercase(),
        help: None,
        value_hint: None,
        boolean_style: ToolCliBooleanStyle::Value,
        repeatable: false,
        hidden: false,
        completions: vec![],
        display_order: None,
        help_group: None,
        required: false,
        value_type: text("type"),
        enum_values: schema
            .get("enum")
            .and_then(Value::as_array)
            .map(|values| values.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default(),
    }
}

/// The MCP documents of a declaration both phases accept cleanly, as JSON.
#[track_caller]
fn mcp_of(declaration: Value) -> Vec<Value> {
    prepared(declaration).mcp.iter().map(|t| serde_json::to_value(t).unwrap()).collect()
}

/// The MCP document of the only MCP tool of a clean declaration.
#[track_caller]
fn mcp_tool_of(declaration: Value) -> Value {
    let mut tools = mcp_of(declaration);
    assert_eq!(tools.len(), 1, "one MCP tool expected: {tools:?}");
    tools.remove(0)
}

/// The keys of a JSON object, in order.
fn keys(value: &Value) -> Vec<&str> {
    value.as_object().expect("an object").keys().map(String::as_str).collect()
}

/// A tree node by path.
#[track_caller]
fn node<'a>(root: &'a CommandNode, path: &[&str]) -> &'a CommandNode {
    path.iter().fold(root, |node, c| node.children.get(*c).unwrap_or_else(|| panic!("no command {path:?}")))
}

fn child_names(node: &CommandNode) -> Vec<&str> {
    node.children.keys().map(String::as_str).collect()
}

// ---------------------------------------------------------------------------
// d.2 step 1: argument metadata names existing properties
// ---------------------------------------------------------------------------

#[test]
fn d2_argument_metadata_must_name_an_input_property() {
    refused(
        one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "ident": { "position": 0 } })),
        "cli-argument-property",
        r#"tool "t" CLI argument metadata names unknown input property "ident""#,
    );
    // A schema without `properties` has no property to describe.
    refused(
        json!({ "tools": [{ "name": "t", "inputSchema": { "type": "object" }, "cli": { "arguments": { "x": {} } } }] }),
        "cli-argument-property",
        r#"names unknown input property "x""#,
    );
    let tool = arguments_of(one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { "position": 0 } })));
    assert_eq!(names(&tool), ["id"]);
    assert_eq!(argument(&tool, "id").position, Some(0));
}

// ---------------------------------------------------------------------------
// d.2 step 2: the form of one argument's metadata
// ---------------------------------------------------------------------------

#[test]
fn d2_an_argument_cannot_be_both_positional_and_named() {
    for named in [json!({ "long": "ident" }), json!({ "short": "i" }), json!({ "aliases": ["ident"] })] {
        let mut spec = named.clone();
        spec["position"] = json!(0);
        refused(
            one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": spec })),
            "cli-argument-form",
            r#"property "id" cannot be both positional and named"#,
        );
    }
    let positional =
        arguments_of(one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { "position": 0 } })));
    let id = argument(&positional, "id");
    assert_eq!((id.position, id.long.as_deref(), id.short, id.aliases.len()), (Some(0), None, None, 0));
    let named = arguments_of(one_tool(
        json!({ "id": { "type": "string" } }),
        &[],
        json!({ "id": { "long": "ident", "short": "i", "aliases": ["identifier"] } }),
    ));
    let id = argument(&named, "id");
    assert_eq!(id.position, None);
    assert_eq!(id.long.as_deref(), Some("ident"));
    assert_eq!(id.short, Some('i'));
    assert_eq!(id.aliases, ["identifier"]);
}

#[test]
fn d2_short_spelling_is_one_ascii_letter_or_digit() {
    for short in ["é", "-", "_", "?"] {
        refused(
            one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { "short": short } })),
            "cli-argument-form",
            r#"tool "t" property "id" short spelling must be one ASCII letter or digit"#,
        );
    }
    for short in ['v', '7', 'Q'] {
        let tool = arguments_of(one_tool(
            json!({ "id": { "type": "string" } }),
            &[],
            json!({ "id": { "short": short.to_string() } }),
        ));
        assert_eq!(argument(&tool, "id").short, Some(short));
    }
}

#[test]
fn d2_value_name_help_and_help_group_must_not_be_blank() {
    for field in ["value_name", "help", "help_group"] {
        for blank in ["", " ", "\t\n"] {
            refused(
                one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { field: blank } })),
                "cli-argument-form",
                &format!(r#"property "id" CLI argument {field} must not be empty"#),
            );
        }
    }
    let tool = arguments_of(one_tool(
        json!({ "id": { "type": "string" } }),
        &[],
        json!({ "id": { "value_name": "ID", "help": "Which widget.", "help_group": "Selection" } }),
    ));
    let id = argument(&tool, "id");
    assert_eq!(id.value_name, "ID");
    assert_eq!(id.help.as_deref(), Some("Which widget."));
    assert_eq!(id.help_group.as_deref(), Some("Selection"));
}

// ---------------------------------------------------------------------------
// d.2 step 2.4: completions
// ---------------------------------------------------------------------------

#[test]
fn d2_completions_are_non_empty_and_free_of_control_characters() {
    for bad in ["", "line\nbreak", "\t", "esc\u{1b}[0m", "del\u{7f}"] {
        refused(
            one_tool(json!({ "mode": { "type": "string" } }), &[], json!({ "mode": { "completions": ["ok", bad] } })),
            "cli-completions",
            r#"property "mode" CLI completion must be non-empty and contain no control characters"#,
        );
    }
    let tool = arguments_of(one_tool(
        json!({ "mode": { "type": "string" } }),
        &[],
        json!({ "mode": { "completions": ["fast", "slow", "très lent", "a b"] } }),
    ));
    assert_eq!(argument(&tool, "mode").completions, ["fast", "slow", "très lent", "a b"]);
}

#[test]
fn d2_completions_must_not_repeat() {
    refused(
        one_tool(
            json!({ "mode": { "type": "string" } }),
            &[],
            json!({ "mode": { "completions": ["fast", "slow", "fast"] } }),
        ),
        "cli-completions",
        r#"tool "t" property "mode" has duplicate CLI completion "fast""#,
    );
    // Completions are compared exactly: case differs, so these are distinct.
    let tool = arguments_of(one_tool(
        json!({ "mode": { "type": "string" } }),
        &[],
        json!({ "mode": { "completions": ["fast", "Fast"] } }),
    ));
    assert_eq!(argument(&tool, "mode").completions, ["fast", "Fast"]);
}

// ---------------------------------------------------------------------------
// d.2 step 2.5: boolean presence styles
// ---------------------------------------------------------------------------

#[test]
fn d2_boolean_presence_styles_are_accepted_on_a_named_boolean_property() {
    let tool = arguments_of(one_tool(
        json!({ "dry_run": { "type": "boolean" }, "color": { "type": "boolean" }, "strict": { "type": "boolean" } }),
        &[],
        json!({
            "dry_run": { "boolean_style": "set_true", "short": "n", "help": "Change nothing.", "help_group": "Safety" },
            "color": { "boolean_style": "set_false", "long": "no-color", "aliases": ["plain"] },
            "strict": { "boolean_style": "value" }
        }),
    ));
    let dry_run = argument(&tool, "dry_run");
    assert_eq!(dry_run.boolean_style, ToolCliBooleanStyle::SetTrue);
    assert_eq!(dry_run.long.as_deref(), Some("dry-run"));
    assert_eq!(dry_run.short, Some('n'));
    assert_eq!(dry_run.help.as_deref(), Some("Change nothing."));
    let color = argument(&tool, "color");
    assert_eq!(color.boolean_style, ToolCliBooleanStyle::SetFalse);
    assert_eq!(color.long.as_deref(), Some("no-color"));
    assert_eq!(color.aliases, ["plain"]);
    assert_eq!(argument(&tool, "strict").boolean_style, ToolCliBooleanStyle::Value);
}

#[test]
fn d2_boolean_presence_style_needs_a_boolean_schema_type() {
    for schema in [json!({ "type": "string" }), json!({ "type": "integer" }), json!({}), json!({ "type": ["boolean"] })]
    {
        for style in ["set_true", "set_false"] {
            refused(
                one_tool(json!({ "flag": schema }), &[], json!({ "flag": { "boolean_style": style } })),
                "cli-boolean-style",
                r#"tool "t" property "flag" can use a boolean presence style only when its schema type is boolean"#,
            );
        }
    }
    // A non-boolean property may still use the default style, `value`.
    let tool = arguments_of(one_tool(
        json!({ "count": { "type": "integer" } }),
        &[],
        json!({ "count": { "boolean_style": "value" } }),
    ));
    assert_eq!(argument(&tool, "count").boolean_style, ToolCliBooleanStyle::Value);
}

#[test]
fn d2_boolean_presence_style_must_be_a_non_repeatable_named_option() {
    refused(
        one_tool(
            json!({ "flag": { "type": "boolean" } }),
            &[],
            json!({ "flag": { "boolean_style": "set_true", "position": 0 } }),
        ),
        "cli-boolean-style",
        r#"property "flag" boolean presence style must be a non-repeatable named option"#,
    );
    refused(
        one_tool(
            json!({ "flag": { "type": "boolean" } }),
            &[],
            json!({ "flag": { "boolean_style": "set_false", "repeatable": true } }),
        ),
        "cli-boolean-style",
        r#"property "flag" boolean presence style must be a non-repeatable named option"#,
    );
}

#[test]
fn d2_boolean_presence_style_cannot_declare_value_metadata() {
    for metadata in
        [json!({ "value_name": "BOOL" }), json!({ "value_hint": "other" }), json!({ "completions": ["yes"] })]
    {
        let mut spec = metadata.clone();
        spec["boolean_style"] = json!("set_true");
        refused(
            one_tool(json!({ "flag": { "type": "boolean" } }), &[], json!({ "flag": spec })),
            "cli-boolean-style",
            r#"property "flag" boolean presence style cannot declare value metadata"#,
        );
    }
    // The same metadata is fine on a boolean read as a value.
    let tool = arguments_of(one_tool(
        json!({ "flag": { "type": "boolean" } }),
        &[],
        json!({ "flag": { "value_name": "BOOL", "value_hint": "other", "completions": ["true", "false"] } }),
    ));
    let flag = argument(&tool, "flag");
    assert_eq!(flag.value_name, "BOOL");
    assert_eq!(flag.value_hint, Some(ToolCliValueHint::Other));
    assert_eq!(flag.completions, ["true", "false"]);
}

// ---------------------------------------------------------------------------
// d.2 step 2.6: repeatable arguments
// ---------------------------------------------------------------------------

#[test]
fn d2_repeatable_is_accepted_on_an_array_with_one_items_schema() {
    let tool = arguments_of(one_tool(
        json!({
            "tags": { "type": "array", "items": { "type": "string" } },
            "any": { "type": "array", "items": true },
            "pair": { "type": "array", "prefixItems": [{ "type": "string" }], "items": false }
        }),
        &[],
        json!({ "tags": { "repeatable": true }, "any": { "repeatable": true }, "pair": { "repeatable": true } }),
    ));
    for property in ["tags", "any", "pair"] {
        assert!(argument(&tool, property).repeatable, "{property}");
    }
}

#[test]
fn d2_repeatable_needs_an_array_schema_type() {
    for schema in [json!({ "type": "string" }), json!({ "items": { "type": "string" } })] {
        refused(
            one_tool(json!({ "tag": schema }), &[], json!({ "tag": { "repeatable": true } })),
            "cli-repeatable",
            r#"tool "t" property "tag" can be repeatable only when its schema type is array"#,
        );
    }
}

#[test]
fn d2_repeatable_needs_one_items_schema_not_tuple_prefix_items() {
    for schema in [
        json!({ "type": "array", "prefixItems": [{ "type": "string" }, { "type": "integer" }] }),
        json!({ "type": "array" }),
    ] {
        refused(
            one_tool(json!({ "tags": schema }), &[], json!({ "tags": { "repeatable": true } })),
            "cli-repeatable",
            r#"tool "t" property "tags" needs one JSON Schema 'items' schema for repeatable CLI tokens"#,
        );
    }
}

// ---------------------------------------------------------------------------
// d.2 step 2.7: long spellings
// ---------------------------------------------------------------------------

#[test]
fn d2_long_spelling_is_derived_from_the_property_name() {
    let tool = arguments_of(one_tool(
        json!({
            "widget_id": { "type": "string" },
            "max-count": { "type": "integer" },
            "a_b_c": { "type": "string" },
            "X1": { "type": "string" },
            "name": { "type": "string" }
        }),
        &[],
        json!({ "name": { "long": "title" } }),
    ));
    let long = |p: &str| argument(&tool, p).long.clone();
    assert_eq!(long("widget_id").as_deref(), Some("widget-id"));
    assert_eq!(long("max-count").as_deref(), Some("max-count"));
    assert_eq!(long("a_b_c").as_deref(), Some("a-b-c"));
    assert_eq!(long("X1").as_deref(), Some("X1"));
    assert_eq!(long("name").as_deref(), Some("title"), "an explicit long wins");
}

#[test]
fn d2_a_non_portable_property_name_needs_an_explicit_long_or_a_position() {
    for (property, derived) in [("a.b", "a.b"), ("_x", "-x"), ("my field", "my field")] {
        refused(
            one_tool(json!({ property: { "type": "string" } }), &[], json!({})),
            "cli-spelling",
            &format!(r#"tool "t" property {property:?} has invalid CLI spelling --{derived}"#),
        );
        let rescued = arguments_of(one_tool(
            json!({ property: { "type": "string" } }),
            &[],
            json!({ property: { "long": "portable" } }),
        ));
        assert_eq!(argument(&rescued, property).long.as_deref(), Some("portable"));
        let positional = arguments_of(one_tool(
            json!({ property: { "type": "string" } }),
            &[],
            json!({ property: { "position": 0 } }),
        ));
        assert_eq!(argument(&positional, property).long, None, "a positional argument has no spelling");
    }
}

#[test]
fn d2_explicit_long_spellings_and_aliases_must_be_portable() {
    refused(
        one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { "long": "bad_long" } })),
        "cli-spelling",
        r#"property "id" has invalid CLI spelling --bad_long"#,
    );
    for alias in ["-x", "two words", "é"] {
        refused(
            one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "id": { "aliases": ["ok", alias] } })),
            "cli-spelling",
            &format!(r#"property "id" has invalid CLI spelling --{alias}"#),
        );
    }
    let tool = arguments_of(one_tool(
        json!({ "id": { "type": "string" } }),
        &[],
        json!({ "id": { "long": "Widget-ID-2", "aliases": ["9lives", "w"] } }),
    ));
    assert_eq!(argument(&tool, "id").long.as_deref(), Some("Widget-ID-2"));
    assert_eq!(argument(&tool, "id").aliases, ["9lives", "w"]);
}

// ---------------------------------------------------------------------------
// d.2 step 3: collisions
// ---------------------------------------------------------------------------

#[test]
fn d2_reserved_long_spellings_are_refused() {
    for reserved in ["harn-input", "harn-output", "help", "version"] {
        refused(
            one_tool(json!({ "p": { "type": "string" } }), &[], json!({ "p": { "long": reserved } })),
            "cli-argument-collision",
            &format!(r#"tool "t" CLI argument "p" collides with reserved --{reserved}"#),
        );
        refused(
            one_tool(json!({ "p": { "type": "string" } }), &[], json!({ "p": { "aliases": [reserved] } })),
            "cli-argument-collision",
            &format!(r#"CLI argument "p" collides with reserved --{reserved}"#),
        );
        // Derived from the property name.
        let property = reserved.replace('-', "_");
        refused(
            one_tool(json!({ property.clone(): { "type": "string" } }), &[], json!({})),
            "cli-argument-collision",
            &format!(r#"CLI argument {property:?} collides with reserved --{reserved}"#),
        );
    }
    let tool = arguments_of(one_tool(
        json!({ "helper": { "type": "string" }, "versions": { "type": "string" }, "input": { "type": "string" } }),
        &[],
        json!({ "input": { "aliases": ["harn-inputs", "output"] } }),
    ));
    assert_eq!(names(&tool), ["helper", "input", "versions"]);
}

#[test]
fn d2_reserved_short_spellings_are_refused() {
    for reserved in ["h", "V"] {
        refused(
            one_tool(json!({ "p": { "type": "string" } }), &[], json!({ "p": { "short": reserved } })),
            "cli-argument-collision",
            &format!(r#"tool "t" CLI argument "p" collides with reserved -{reserved}"#),
        );
    }
    let tool = arguments_of(one_tool(
        json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
        &[],
        json!({ "a": { "short": "H" }, "b": { "short": "v" } }),
    ));
    assert_eq!((argument(&tool, "a").short, argument(&tool, "b").short), (Some('H'), Some('v')));
}

#[test]
fn d2_spellings_shared_by_two_properties_are_refused() {
    refused(
        one_tool(
            json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
            &[],
            json!({ "a": { "long": "name" }, "b": { "aliases": ["name"] } }),
        ),
        "cli-argument-collision",
        r#"tool "t" CLI spelling --name is shared by properties "a" and "b""#,
    );
    refused(
        one_tool(json!({ "a": { "type": "string" }, "b": { "type": "string" } }), &[], json!({ "a": { "long": "b" } })),
        "cli-argument-collision",
        r#"CLI spelling --b is shared by properties "a" and "b""#,
    );
    // `_` and `-` give the same derived spelling.
    refused(
        one_tool(json!({ "a_b": { "type": "string" }, "a-b": { "type": "string" } }), &[], json!({})),
        "cli-argument-collision",
        r#"CLI spelling --a-b is shared by properties "a_b" and "a-b""#,
    );
    refused(
        one_tool(
            json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
            &[],
            json!({ "a": { "short": "x" }, "b": { "short": "x" } }),
        ),
        "cli-argument-collision",
        r#"tool "t" CLI spelling -x is shared by properties "a" and "b""#,
    );
    // Case matters: -x and -X are two spellings.
    let tool = arguments_of(one_tool(
        json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
        &[],
        json!({ "a": { "short": "x", "aliases": ["first"] }, "b": { "short": "X", "aliases": ["second"] } }),
    ));
    assert_eq!(names(&tool), ["a", "b"]);
}

#[test]
fn d2_positions_shared_by_two_properties_are_refused() {
    refused(
        one_tool(
            json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
            &[],
            json!({ "a": { "position": 0 }, "b": { "position": 0 } }),
        ),
        "cli-argument-collision",
        r#"tool "t" CLI position 0 is shared by properties "a" and "b""#,
    );
}

#[test]
fn d2_json_is_not_reserved_and_decides_the_generated_json_flag() {
    let plain = arguments_of(one_tool(json!({ "id": { "type": "string" } }), &[], json!({})));
    assert!(plain.json_flag, "no argument spells --json: the leaf gets the generated flag");
    let no_arguments = arguments_of(json!({ "tools": [{ "name": "t" }] }));
    assert!(no_arguments.json_flag);

    let derived = arguments_of(one_tool(
        json!({ "json": { "type": "boolean" } }),
        &[],
        json!({ "json": { "boolean_style": "set_true" } }),
    ));
    assert_eq!(argument(&derived, "json").long.as_deref(), Some("json"));
    assert!(!derived.json_flag, "--json belongs to the input");

    let explicit = arguments_of(one_tool(
        json!({ "as_json": { "type": "string" } }),
        &[],
        json!({ "as_json": { "long": "json" } }),
    ));
    assert!(!explicit.json_flag);

    let alias = arguments_of(one_tool(
        json!({ "format": { "type": "string" } }),
        &[],
        json!({ "format": { "aliases": ["json"] } }),
    ));
    assert!(!alias.json_flag);

    // A positional argument has no spelling, even when its property is named `json`.
    let positional =
        arguments_of(one_tool(json!({ "json": { "type": "string" } }), &[], json!({ "json": { "position": 0 } })));
    assert!(positional.json_flag);
}

// ---------------------------------------------------------------------------
// d.2 step 4: positional shape
// ---------------------------------------------------------------------------

#[test]
fn d2_positions_must_be_dense_from_zero() {
    refused(
        one_tool(json!({ "a": { "type": "string" } }), &[], json!({ "a": { "position": 1 } })),
        "cli-positionals",
        r#"tool "t" CLI positional indexes must be dense from 0; expected 0, found 1"#,
    );
    refused(
        one_tool(
            json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
            &[],
            json!({ "a": { "position": 0 }, "b": { "position": 2 } }),
        ),
        "cli-positionals",
        "CLI positional indexes must be dense from 0; expected 1, found 2",
    );
    // Dense, whatever the property order.
    let tool = arguments_of(one_tool(
        json!({ "a": { "type": "string" }, "b": { "type": "string" }, "c": { "type": "string" } }),
        &[],
        json!({ "a": { "position": 2 }, "b": { "position": 0 }, "c": { "position": 1 } }),
    ));
    assert_eq!(names(&tool), ["b", "c", "a"]);
}

#[test]
fn d2_a_required_positional_cannot_follow_an_optional_one() {
    refused(
        one_tool(
            json!({ "a": { "type": "string" }, "b": { "type": "string" } }),
            &["b"],
            json!({ "a": { "position": 0 }, "b": { "position": 1 } }),
        ),
        "cli-positionals",
        r#"tool "t" CLI positional property "b" at 1 is required after optional property "a""#,
    );
    let tool = arguments_of(one_tool(
        json!({ "a": { "type": "string" }, "b": { "type": "string" }, "c": { "type": "string" } }),
        &["a", "c"],
        json!({ "a": { "position": 0 }, "b": { "position": 1 } }),
    ));
    assert_eq!(names(&tool), ["a", "b", "c"]);
    let required: Vec<bool> = tool.arguments.iter().map(|a| a.required).collect();
    assert_eq!(required, [true, false, true], "a named required argument may follow an optional positional");
}

#[test]
fn d2_a_repeatable_positional_must_be_last() {
    refused(
        one_tool(
            json!({ "files": { "type": "array", "items": { "type": "string" } }, "mode": { "type": "string" } }),
            &[],
            json!({ "files": { "position": 0, "repeatable": true }, "mode": { "position": 1 } }),
        ),
        "cli-positionals",
        r#"tool "t" repeatable CLI positional property "files" must be last"#,
    );
    let tool = arguments_of(one_tool(
        json!({ "files": { "type": "array", "items": { "type": "string" } }, "mode": { "type": "string" } }),
        &[],
        json!({ "files": { "position": 1, "repeatable": true }, "mode": { "position": 0 } }),
    ));
    assert_eq!(names(&tool), ["mode", "files"]);
    assert!(argument(&tool, "files").repeatable);
}

// ---------------------------------------------------------------------------
// d.2 step 5 and step 2.8: order and defaults
// ---------------------------------------------------------------------------

#[test]
fn d2_arguments_are_ordered_by_position_then_display_order_then_name() {
    let string = json!({ "type": "string" });
    let tool = arguments_of(one_tool(
        json!({
            "zeta": string, "beta": string, "alpha": string, "second": string, "gamma": string,
            "first": string, "delta": string, "aardvark": string, "omega": string
        }),
        &[],
        json!({
            "beta": { "display_order": 1 },
            "second": { "position": 1, "display_order": 0 },
            "gamma": { "display_order": 0 },
            "first": { "position": 0, "display_order": 9 },
            "delta": { "display_order": 1 },
            "aardvark": { "display_order": 5 },
            "omega": { "display_order": 4294967295u32 }
        }),
    ));
    assert_eq!(names(&tool), ["first", "second", "gamma", "beta", "delta", "aardvark", "alpha", "omega", "zeta"]);
}

#[test]
fn d2_value_name_and_help_defaults() {
    let tool = arguments_of(one_tool(
        json!({
            "id": { "type": "string", "title": "Widget id", "description": "The widget." },
            "display_name": { "type": "string", "title": "Display name", "description": "Shown to users." },
            "max_count": { "type": "integer" },
            "ünï": { "type": "string" }
        }),
        &["id"],
        json!({
            "id": {
                "value_name": "ID",
                "help": "Which widget.",
                "value_hint": "other",
                "hidden": true,
                "help_group": "Selection"
            },
            "ünï": { "position": 0 }
        }),
    ));
    assert_eq!(names(&tool), ["ünï", "display_name", "id", "max_count"]);
    assert_eq!(
        argument(&tool, "id"),
        &PreparedArgument {
            value_name: "ID".into(),
            help: Some("Which widget.".into()),
            value_hint: Some(ToolCliValueHint::Other),
            hidden: true,
            help_group: Some("Selection".into()),
            required: true,
            ..default_argument("id", json!({ "type": "string", "title": "Widget id", "description": "The widget." }))
        },
        "explicit metadata wins over the schema's title and description"
    );
    assert_eq!(
        argument(&tool, "display_name"),
        &PreparedArgument {
            value_name: "Display name".into(),
            help: Some("Shown to users.".into()),
            ..default_argument(
                "display_name",
                json!({ "type": "string", "title": "Display name", "description": "Shown to users." })
            )
        },
        "the schema's title and description are the defaults"
    );
    assert_eq!(
        argument(&tool, "max_count"),
        &default_argument("max_count", json!({ "type": "integer" })),
        "no title: the property name in upper case; no description: no help"
    );
    assert_eq!(argument(&tool, "max_count").value_name, "MAX_COUNT");
    assert_eq!(argument(&tool, "ünï").value_name, "üNï", "ASCII upper case only");
}

#[test]
fn d2_arguments_are_prepared_for_every_tool_whatever_its_audience() {
    let tool = |name: &str, audiences: Value, property: &str| {
        json!({
            "name": name,
            "governance": { "audiences": audiences },
            "inputSchema": { "type": "object", "properties": { property: { "type": "string" } } }
        })
    };
    let prepared = prepared(json!({ "tools": [
        tool("cli_tool", json!(["cli", "catalog"]), "a_cli"),
        tool("mcp_tool", json!(["mcp", "catalog"]), "a_mcp"),
        tool("agent_tool", json!(["agent"]), "an_agent"),
    ] }));
    let longs: Vec<Vec<Option<&str>>> =
        prepared.arguments.iter().map(|t| t.arguments.iter().map(|a| a.long.as_deref()).collect()).collect();
    assert_eq!(longs, [[Some("a-cli")], [Some("a-mcp")], [Some("an-agent")]], "every tool, in catalog order");

    // And their rules apply to tools outside the CLI audience too.
    refused(
        json!({ "tools": [{
            "name": "mcp_only",
            "governance": { "audiences": ["mcp", "catalog"] },
            "inputSchema": { "type": "object", "properties": { "id": { "type": "string" } } },
            "cli": { "arguments": { "ident": {} } }
        }] }),
        "cli-argument-property",
        r#"tool "mcp_only" CLI argument metadata names unknown input property "ident""#,
    );
    refused(
        json!({ "tools": [{
            "name": "agent_only",
            "governance": { "audiences": ["agent"] },
            "inputSchema": { "type": "object", "properties": { "_hidden": { "type": "string" } } }
        }] }),
        "cli-spelling",
        r#"tool "agent_only" property "_hidden" has invalid CLI spelling ---hidden"#,
    );
}

// ---------------------------------------------------------------------------
// d.3: the command tree
// ---------------------------------------------------------------------------

/// Two CLI tools, `widgets get` and `widgets list`, with this registry-level metadata.
fn widget_commands(commands: Value) -> Value {
    json!({
        "cli": { "commands": commands },
        "tools": [
            { "name": "get", "namespace": "widgets" },
            { "name": "list", "namespace": "widgets" }
        ]
    })
}

#[test]
fn d3_duplicate_metadata_paths_are_refused() {
    let outcome = refused(
        widget_commands(json!([{ "command": ["widgets"] }, { "command": ["widgets"], "title": "Widgets" }])),
        "cli-command-metadata",
        "duplicate registry-level CLI command metadata path",
    );
    outcome.assert_has("cli-command-metadata", r#"duplicate registry-level CLI command metadata path "widgets""#);
}

#[test]
fn d3_invalid_metadata_paths_are_refused() {
    for (path, shown) in [(json!(["bad name"]), "bad name"), (json!([]), ""), (json!(["widgets", "-x"]), "widgets -x")]
    {
        refused(
            widget_commands(json!([{ "command": path }])),
            "cli-command-metadata",
            &format!(r#"registry-level CLI command path {shown:?} is invalid"#),
        );
    }
}

#[test]
fn d3_metadata_paths_that_name_no_command_are_refused() {
    for (path, shown) in [(json!(["gadgets"]), "gadgets"), (json!(["widgets", "get", "more"]), "widgets get more")] {
        refused(
            widget_commands(json!([{ "command": path }])),
            "cli-command-metadata",
            &format!(r#"registry-level CLI metadata path {shown:?} does not name a command"#),
        );
    }
    // The path of a tool outside the CLI audience names no command either.
    refused(
        json!({
            "cli": { "commands": [{ "command": ["admin"], "title": "Admin" }] },
            "tools": [
                { "name": "get", "namespace": "widgets" },
                { "name": "purge", "namespace": "admin", "governance": { "audiences": ["mcp", "catalog"] } }
            ]
        }),
        "cli-command-metadata",
        r#"registry-level CLI metadata path "admin" does not name a command"#,
    );
}

#[test]
fn d3_metadata_paths_that_name_a_tool_are_refused() {
    refused(
        widget_commands(json!([{ "command": ["widgets", "get"], "title": "Get" }])),
        "cli-command-metadata",
        r#"registry-level CLI metadata path "widgets get" names a tool rather than a parent command"#,
    );
}

#[test]
fn d3_metadata_is_applied_to_parent_commands() {
    let prepared = prepared(json!({
        "cli": { "commands": [
            {
                "command": ["widgets"],
                "title": "Widget commands",
                "description": "Inspect widgets.",
                "aliases": ["w", "wdg"],
                "hidden": true,
                "display_order": 3
            },
            { "command": ["widgets", "admin"], "title": "Administration" }
        ] },
        "tools": [
            { "name": "get", "namespace": "widgets" },
            { "name": "purge", "cli": { "command": ["widgets", "admin", "purge"] } }
        ]
    }));
    let root = &prepared.tree;
    assert_eq!(child_names(root), ["widgets"]);
    let widgets = node(root, &["widgets"]);
    assert_eq!(
        widgets,
        &CommandNode {
            name: "widgets".into(),
            aliases: vec!["w".into(), "wdg".into()],
            hidden: true,
            title: Some("Widget commands".into()),
            description: Some("Inspect widgets.".into()),
            display_order: Some(3),
            tool: None,
            written: Some(Written::Metadata(0)),
            children: widgets.children.clone(),
        }
    );
    assert_eq!(child_names(widgets), ["admin", "get"], "children are sorted by name");
    let admin = node(root, &["widgets", "admin"]);
    assert_eq!(admin.title.as_deref(), Some("Administration"));
    assert_eq!((admin.description.as_deref(), admin.aliases.len(), admin.hidden), (None, 0, false));
    assert_eq!((admin.display_order, admin.tool), (None, None));
    assert_eq!(child_names(admin), ["purge"]);
    assert_eq!(node(root, &["widgets", "admin", "purge"]).tool, Some(1));
}

#[test]
fn d3_command_titles_and_descriptions_must_not_be_blank() {
    for field in ["title", "description"] {
        for blank in ["", " \t"] {
            refused(
                widget_commands(json!([{ "command": ["widgets"], field: blank }])),
                "cli-command-siblings",
                &format!("CLI command {field} must not be empty"),
            );
        }
    }
}

#[test]
fn d3_command_spellings_must_be_portable_components() {
    for alias in ["bad name", "-w", "w!"] {
        refused(
            widget_commands(json!([{ "command": ["widgets"], "aliases": [alias] }])),
            "cli-command-siblings",
            &format!(r#"CLI command spelling {alias:?} is not a portable command component"#),
        );
    }
    // Underscores and digits are portable command components (unlike option spellings).
    let prepared = prepared(widget_commands(json!([{ "command": ["widgets"], "aliases": ["_w", "w2"] }])));
    assert_eq!(node(&prepared.tree, &["widgets"]).aliases, ["_w", "w2"]);
}

#[test]
fn d3_help_is_reserved_at_every_level() {
    let fragment = r#"CLI command spelling "help" is reserved by the generated command framework"#;
    refused(json!({ "tools": [{ "name": "help" }] }), "cli-command-siblings", fragment);
    refused(json!({ "tools": [{ "name": "get", "namespace": "help" }] }), "cli-command-siblings", fragment);
    refused(json!({ "tools": [{ "name": "help", "namespace": "widgets" }] }), "cli-command-siblings", fragment);
    refused(
        json!({ "tools": [{ "name": "get", "cli": { "command": ["widgets", "get"], "aliases": ["help"] } }] }),
        "cli-command-siblings",
        fragment,
    );
    refused(
        widget_commands(json!([{ "command": ["widgets"], "aliases": ["help"] }])),
        "cli-command-siblings",
        fragment,
    );
    // `helps` and `Help` are other words.
    prepared(json!({ "tools": [{ "name": "helps" }, { "name": "Help" }] }));
}

#[test]
fn d3_sibling_commands_must_not_share_a_spelling() {
    // A tool alias against a sibling tool's name.
    let outcome = refused(
        json!({ "tools": [
            { "name": "get", "namespace": "widgets" },
            { "name": "fetch", "namespace": "widgets", "cli": { "aliases": ["get"] } }
        ] }),
        "cli-command-siblings",
        r#"CLI command spelling "get" is shared by sibling commands"#,
    );
    let message = outcome.messages().into_iter().find(|m| m.contains("is shared by sibling commands")).unwrap();
    assert!(message.contains(r#""fetch""#) && message.contains(r#""get""#), "{message}");
    // Two tool aliases.
    refused(
        json!({ "tools": [
            { "name": "a", "cli": { "aliases": ["x"] } },
            { "name": "b", "cli": { "aliases": ["x"] } }
        ] }),
        "cli-command-siblings",
        r#"CLI command spelling "x" is shared by sibling commands"#,
    );
    // A parent's metadata alias against a sibling parent.
    refused(
        json!({
            "cli": { "commands": [{ "command": ["widgets"], "aliases": ["w"] }] },
            "tools": [
                { "name": "get", "namespace": "widgets" },
                { "name": "run", "namespace": "w" }
            ]
        }),
        "cli-command-siblings",
        r#"CLI command spelling "w" is shared by sibling commands"#,
    );
    // Spellings only need to differ among siblings.
    let prepared = prepared(json!({
        "cli": { "commands": [{ "command": ["gadgets"], "aliases": ["get"] }] },
        "tools": [
            { "name": "get", "namespace": "widgets", "cli": { "aliases": ["fetch"] } },
            { "name": "gadget_get", "cli": { "command": ["gadgets", "get"], "aliases": ["fetch"] } }
        ]
    }));
    assert_eq!(child_names(&prepared.tree), ["gadgets", "widgets"]);
}

#[test]
fn d3_the_tree_holds_cli_audience_tools_only() {
    let prepared = prepared(json!({ "tools": [
        { "name": "widgets", "governance": { "audiences": ["mcp", "catalog"] } },
        { "name": "get", "namespace": "widgets", "governance": { "audiences": ["cli", "catalog"] } },
        { "name": "stats", "governance": { "audiences": ["agent", "dashboard"] } }
    ] }));
    let root = &prepared.tree;
    assert_eq!(child_names(root), ["widgets"], "only CLI-audience tools make commands");
    let widgets = node(root, &["widgets"]);
    assert_eq!(widgets.tool, None, "the MCP-only tool at [widgets] is no leaf");
    assert_eq!(child_names(widgets), ["get"]);
    assert_eq!(node(root, &["widgets", "get"]).tool, Some(1));
    let mcp: Vec<&str> = prepared.mcp.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(mcp, ["widgets"]);
    assert_eq!(prepared.arguments.len(), 3);
}

#[test]
fn d3_leaves_hold_their_tool_and_prepared_arguments() {
    let prepared = prepared(json!({ "tools": [
        {
            "name": "get",
            "namespace": "widgets",
            "title": "Get a widget",
            "description": "Fetches one widget.",
            "inputSchema": {
                "type": "object",
                "properties": { "id": { "type": "string" }, "verbose": { "type": "boolean" } },
                "required": ["id"]
            },
            "cli": {
                "aliases": ["show", "fetch"],
                "arguments": { "id": { "position": 0 }, "verbose": { "boolean_style": "set_true", "short": "v" } }
            }
        },
        { "name": "plain", "governance": { "audiences": ["mcp"] } },
        { "name": "list", "namespace": "widgets", "governance": { "audiences": ["cli"] } }
    ] }));
    let get = node(&prepared.tree, &["widgets", "get"]);
    assert_eq!(
        get,
        &CommandNode {
            name: "get".into(),
            aliases: vec!["show".into(), "fetch".into()],
            hidden: false,
            title: Some("Get a widget".into()),
            description: Some("Fetches one widget.".into()),
            display_order: None,
            tool: Some(0),
            written: Some(Written::Tool(0)),
            children: BTreeMap::new(),
        }
    );
    let arguments = &prepared.arguments[get.tool.unwrap()];
    assert_eq!(names(arguments), ["id", "verbose"]);
    assert!(arguments.json_flag);
    let list = node(&prepared.tree, &["widgets", "list"]);
    assert_eq!(list.tool, Some(2));
    assert_eq!((list.title.as_deref(), list.description.as_deref()), (None, None));
    // A parent no metadata describes is reported against the first tool under it.
    assert_eq!(node(&prepared.tree, &["widgets"]).written, Some(Written::Tool(0)));
}

#[test]
fn d3_hidden_leaves_and_parents() {
    let prepared = prepared(json!({
        "cli": { "commands": [{ "command": ["admin"], "hidden": true }] },
        "tools": [
            { "name": "get", "namespace": "widgets", "cli": { "hidden": true } },
            { "name": "list", "namespace": "widgets", "cli": { "hidden": false } },
            { "name": "purge", "namespace": "admin" }
        ]
    }));
    let tree = &prepared.tree;
    assert!(node(tree, &["widgets", "get"]).hidden, "a hidden tool makes a hidden leaf");
    assert!(!node(tree, &["widgets", "list"]).hidden);
    assert!(!node(tree, &["widgets"]).hidden, "hiding a leaf does not hide its parent");
    assert!(node(tree, &["admin"]).hidden, "metadata hides a parent");
    assert!(!node(tree, &["admin", "purge"]).hidden, "a hidden parent does not change its leaves");
}

// ---------------------------------------------------------------------------
// c.1: the MCP tool document
// ---------------------------------------------------------------------------

#[test]
fn c1_title_falls_back_to_the_annotations_title_then_the_name() {
    let tools = mcp_of(json!({ "tools": [
        {
            "name": "both",
            "title": "Entry title",
            "annotations": { "title": "Annotation title", "readOnlyHint": true }
        },
        { "name": "annotated", "annotations": { "title": "Annotation title" } },
        { "name": "entry_only", "title": "Entry", "annotations": { "destructiveHint": true, "readOnlyHint": false } },
        { "name": "bare" }
    ] }));
    let summary: Vec<(&str, String)> = tools
        .iter()
        .map(|t| (t["title"].as_str().unwrap(), serde_json::to_string(&t["annotations"]).unwrap()))
        .collect();
    assert_eq!(
        summary,
        [
            ("Entry title", r#"{"title":"Annotation title","readOnlyHint":true}"#.to_owned()),
            ("Annotation title", r#"{"title":"Annotation title"}"#.to_owned()),
            ("Entry", r#"{"title":"Entry","readOnlyHint":false,"destructiveHint":true}"#.to_owned()),
            ("bare", r#"{"title":"bare"}"#.to_owned()),
        ]
    );
}

#[test]
fn c1_description_falls_back_to_exported_harn_function() {
    let tools = mcp_of(json!({ "tools": [
        { "name": "described", "description": "Does things." },
        { "name": "bare" },
        { "name": "empty", "description": "" }
    ] }));
    let descriptions: Vec<&str> = tools.iter().map(|t| t["description"].as_str().unwrap()).collect();
    assert_eq!(descriptions, ["Does things.", "Exported Harn function 'bare'.", "Exported Harn function 'empty'."]);
}

#[test]
fn c1_icons_are_copied() {
    let icons = json!([
        { "src": "https://example.com/w.png", "mimeType": "image/png", "sizes": ["48x48", "96x96"], "theme": "dark" },
        { "src": "https://example.com/w.svg" }
    ]);
    let tool = mcp_tool_of(json!({ "tools": [{ "name": "t", "icons": icons }] }));
    assert_exact(&tool["icons"], &icons);
    let bare = mcp_tool_of(json!({ "tools": [{ "name": "t" }] }));
    assert!(bare.get("icons").is_none());
}

#[test]
fn c1_meta_is_merged_and_the_error_schema_goes_under_the_tool_contract_key() {
    let error = json!({ "type": "object", "properties": { "code": { "type": "string" } }, "required": ["code"] });
    let tool = mcp_tool_of(json!({ "tools": [{
        "name": "t",
        "meta": { "z": 1, "com.example/team": "widgets", "a": { "b": 2 } },
        "error_schema": error
    }] }));
    assert_exact(
        &tool["_meta"],
        &json!({
            "a": { "b": 2 },
            "com.example/team": "widgets",
            "com.harnlang/toolContract": { "errorSchema": error },
            "z": 1
        }),
    );
    assert!(tool.get("errorSchema").is_none(), "the error schema is not a field of the MCP document");

    let meta_only = mcp_tool_of(json!({ "tools": [{ "name": "t", "meta": { "com.example/team": "widgets" } }] }));
    assert_exact(&meta_only["_meta"], &json!({ "com.example/team": "widgets" }));
    let neither = mcp_tool_of(json!({ "tools": [{ "name": "t" }] }));
    assert!(neither.get("_meta").is_none());
}

#[test]
fn c1_the_error_schema_is_standalone_but_never_wrapped() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": {
            "Problem": { "type": "object", "properties": { "code": { "type": "string" } } }
        } },
        "tools": [{ "name": "t", "error_schema": { "$ref": "#/components/schemas/Problem" } }]
    }));
    assert_exact(
        &tool["_meta"]["com.harnlang/toolContract"]["errorSchema"],
        &json!({
            "$ref": "#/$defs/Problem",
            "$defs": { "Problem": { "type": "object", "properties": { "code": { "type": "string" } } } }
        }),
    );
    let string = mcp_tool_of(json!({ "tools": [{ "name": "t", "error_schema": { "type": "string" } }] }));
    assert_exact(&string["_meta"], &json!({ "com.harnlang/toolContract": { "errorSchema": { "type": "string" } } }));
}

#[test]
fn c1_only_mcp_audience_tools_are_projected() {
    let tools = mcp_of(json!({ "tools": [
        { "name": "everyone" },
        { "name": "cli_only", "governance": { "audiences": ["cli", "catalog"] } },
        { "name": "mcp_only", "governance": { "audiences": ["mcp"] } },
        { "name": "agent_only", "governance": { "audiences": ["agent"] } },
        { "name": "mcp_and_agent", "governance": { "audiences": ["agent", "mcp"] } }
    ] }));
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["everyone", "mcp_only", "mcp_and_agent"]);
}

#[test]
fn c1_the_document_has_no_execution_nor_other_catalog_fields() {
    let tool = mcp_tool_of(json!({ "tools": [{
        "name": "t",
        "namespace": "widgets",
        "execution": { "taskSupport": "optional" },
        "defer_loading": true,
        "source": { "kind": "openapi", "id": "t" },
        "execution_policy": { "kind": "read", "side_effect_level": "read_only" },
        "cli": { "command": ["t"] }
    }] }));
    assert_eq!(keys(&tool), ["name", "title", "description", "inputSchema", "annotations"]);
}

#[test]
fn c1_document_fields_come_in_order() {
    let tool = mcp_tool_of(json!({ "tools": [{
        "meta": { "com.example/k": true },
        "icons": [{ "src": "https://example.com/i.png" }],
        "annotations": { "openWorldHint": false, "title": "A" },
        "error_schema": { "type": "string" },
        "returns": { "type": "object" },
        "inputSchema": { "type": "object", "properties": {} },
        "description": "D",
        "title": "T",
        "name": "t"
    }] }));
    let text = serde_json::to_string(&tool).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"name":"t","title":"T","description":"D","inputSchema":{"type":"object","properties":{}},"#,
            r#""outputSchema":{"type":"object"},"annotations":{"title":"A","openWorldHint":false},"#,
            r#""icons":[{"src":"https://example.com/i.png"}],"#,
            r#""_meta":{"com.example/k":true,"com.harnlang/toolContract":{"errorSchema":{"type":"string"}}}}"#
        )
    );
}

// ---------------------------------------------------------------------------
// c.2: standalone schemas
// ---------------------------------------------------------------------------

#[test]
fn c2_without_components_schemas_are_unchanged_and_not_scanned() {
    let input = json!({
        "type": "object",
        "$id": "https://example.com/input",
        "properties": {
            "a": { "$anchor": "a", "type": "string" },
            "b": { "$ref": "#a" },
            "c": { "$dynamicAnchor": "c", "type": "integer" }
        }
    });
    let output = json!({ "$id": "https://example.com/output", "type": "object" });
    for components in [None, Some(json!({ "schemas": {} }))] {
        let mut declaration = json!({ "tools": [{ "name": "t", "inputSchema": input, "returns": output }] });
        if let Some(components) = components {
            declaration["components"] = components;
        }
        let tool = mcp_tool_of(declaration);
        assert_exact(&tool["inputSchema"], &input);
        assert_exact(&tool["outputSchema"], &output);
    }
}

/// Components of the bundling tests: a name with a `/`, internal references of every
/// form, a chain, and components nobody reaches.
fn bundling_components() -> Value {
    json!({
        "Result/Envelope": {
            "type": "object",
            "properties": {
                "label": { "$ref": "#/$defs/Label" },
                "self": { "$ref": "#" },
                "item": { "$ref": "#/components/schemas/Item" }
            },
            "$defs": { "Label": { "type": "string" } }
        },
        "Item": { "type": "string" },
        "Chain": { "$ref": "#/components/schemas/Link" },
        "Link": { "type": "array", "items": { "$ref": "#/components/schemas/End" } },
        "End": { "type": "integer" },
        "Unused": { "type": "null" },
        "Scoped": { "$id": "https://example.com/scoped", "type": "null" }
    })
}

#[test]
fn c2_reachable_components_are_bundled_under_root_defs_by_raw_name() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": bundling_components() },
        "tools": [{ "name": "t", "inputSchema": {
            "type": "object",
            "properties": {
                "envelope": { "$ref": "#/components/schemas/Result~1Envelope" },
                "label": { "$ref": "#/components/schemas/Result~1Envelope/properties/label" },
                "local": { "$ref": "#/properties/envelope" }
            }
        } }]
    }));
    assert_exact(
        &tool["inputSchema"],
        &json!({
            "type": "object",
            "properties": {
                "envelope": { "$ref": "#/$defs/Result~1Envelope" },
                "label": { "$ref": "#/$defs/Result~1Envelope/properties/label" },
                "local": { "$ref": "#/properties/envelope" }
            },
            "$defs": {
                "Item": { "type": "string" },
                "Result/Envelope": {
                    "type": "object",
                    "properties": {
                        "label": { "$ref": "#/$defs/Result~1Envelope/$defs/Label" },
                        "self": { "$ref": "#/$defs/Result~1Envelope" },
                        "item": { "$ref": "#/$defs/Item" }
                    },
                    "$defs": { "Label": { "type": "string" } }
                }
            }
        }),
    );
    // The bundled schema stands alone: every reference resolves, and it means what it said.
    let validator = jsonschema::validator_for(&tool["inputSchema"]).expect("every reference resolves");
    assert!(validator.is_valid(&json!({
        "envelope": { "label": "x", "item": "i", "self": { "label": "y" } },
        "label": "z",
        "local": { "label": "w" }
    })));
    assert!(!validator.is_valid(&json!({ "envelope": { "self": { "label": 1 } } })));
    assert!(!validator.is_valid(&json!({ "label": 1 })));
    assert!(!validator.is_valid(&json!({ "local": { "item": 2 } })));
}

#[test]
fn c2_bundled_components_join_an_existing_root_defs_in_name_order() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": { "B": { "type": "string" }, "A": { "type": "integer" } } },
        "tools": [{ "name": "t", "inputSchema": {
            "type": "object",
            "properties": { "b": { "$ref": "#/components/schemas/B" }, "l": { "$ref": "#/$defs/Local" } },
            "$defs": { "Local": { "$ref": "#/components/schemas/A" } }
        } }]
    }));
    assert_exact(
        &tool["inputSchema"],
        &json!({
            "type": "object",
            "properties": { "b": { "$ref": "#/$defs/B" }, "l": { "$ref": "#/$defs/Local" } },
            "$defs": { "Local": { "$ref": "#/$defs/A" }, "A": { "type": "integer" }, "B": { "type": "string" } }
        }),
    );
}

#[test]
fn c2_unreachable_components_are_left_out() {
    let declaration = |input: Value| {
        let tools = json!([{ "name": "t", "inputSchema": input }]);
        json!({ "components": { "schemas": bundling_components() }, "tools": tools })
    };
    let tool = mcp_tool_of(declaration(json!({
        "type": "object",
        "properties": { "i": { "$ref": "#/components/schemas/Item" } }
    })));
    assert_eq!(keys(&tool["inputSchema"]["$defs"]), ["Item"], "Unused, Scoped and the rest are not reached");
    // Reaching nothing: the schema is unchanged, without `$defs`.
    let plain = json!({ "type": "object", "properties": { "n": { "type": "number" } } });
    assert_exact(&mcp_tool_of(declaration(plain.clone()))["inputSchema"], &plain);
}

#[test]
fn c2_reachability_is_transitive() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": bundling_components() },
        "tools": [{ "name": "t", "inputSchema": {
            "type": "object",
            "properties": { "c": { "$ref": "#/components/schemas/Chain" } }
        } }]
    }));
    assert_exact(
        &tool["inputSchema"]["$defs"],
        &json!({
            "Chain": { "$ref": "#/$defs/Link" },
            "End": { "type": "integer" },
            "Link": { "type": "array", "items": { "$ref": "#/$defs/End" } }
        }),
    );
    // Through a reference into a component's inside, too.
    let inner = mcp_tool_of(json!({
        "components": { "schemas": bundling_components() },
        "tools": [{ "name": "t", "inputSchema": {
            "type": "object",
            "properties": { "i": { "$ref": "#/components/schemas/Link/items" } }
        } }]
    }));
    assert_eq!(inner["inputSchema"]["properties"]["i"]["$ref"], "#/$defs/Link/items");
    assert_eq!(keys(&inner["inputSchema"]["$defs"]), ["End", "Link"]);
}

#[test]
fn c2_definitions_are_rewritten_like_defs() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": {
            "Result": { "type": "string" },
            "Legacy": {
                "type": "object",
                "properties": { "x": { "$ref": "#/definitions/X" } },
                "definitions": { "X": { "$ref": "#/components/schemas/Result" } }
            }
        } },
        "tools": [{ "name": "t", "inputSchema": {
            "type": "object",
            "properties": { "r": { "$ref": "#/definitions/Legacy" }, "l": { "$ref": "#/components/schemas/Legacy" } },
            "definitions": { "Legacy": { "$ref": "#/components/schemas/Result" } }
        } }]
    }));
    let schema = &tool["inputSchema"];
    assert_eq!(schema["definitions"]["Legacy"]["$ref"], "#/$defs/Result");
    assert_eq!(schema["properties"]["r"]["$ref"], "#/definitions/Legacy", "root-local references stay");
    assert_eq!(schema["$defs"]["Legacy"]["properties"]["x"]["$ref"], "#/$defs/Legacy/definitions/X");
    assert_eq!(schema["$defs"]["Legacy"]["definitions"]["X"]["$ref"], "#/$defs/Result");
    assert_eq!(keys(&schema["$defs"]), ["Legacy", "Result"]);
    let validator = jsonschema::validator_for(schema).expect("every reference resolves");
    assert!(validator.is_valid(&json!({ "r": "a", "l": { "x": "b" } })));
    assert!(!validator.is_valid(&json!({ "l": { "x": 1 } })));
}

#[test]
fn c2_anchor_references_inside_components_are_left_alone() {
    // An accepted MCP catalog cannot hold one (`$anchor` is refused), so the bundler
    // is called directly.
    let components: BTreeMap<String, Value> = serde_json::from_value(json!({
        "Result/Envelope": { "type": "object", "properties": {
            "a": { "$ref": "#a" },
            "root": { "$ref": "#" },
            "path": { "$ref": "#/properties/a" },
            "c": { "$ref": "#/components/schemas/C" }
        } },
        "C": { "$ref": "#other" }
    }))
    .unwrap();
    let schema = json!({ "type": "object", "properties": {
        "e": { "$ref": "#/components/schemas/Result~1Envelope" },
        "anchor": { "$ref": "#anchor" },
        "root": { "$ref": "#" }
    } });
    let bundled = bundle::bundle(&schema, Some(&components)).expect("nothing to refuse");
    assert_exact(
        &bundled,
        &json!({
            "type": "object",
            "properties": {
                "e": { "$ref": "#/$defs/Result~1Envelope" },
                "anchor": { "$ref": "#anchor" },
                "root": { "$ref": "#" }
            },
            "$defs": {
                "C": { "$ref": "#other" },
                "Result/Envelope": { "type": "object", "properties": {
                    "a": { "$ref": "#a" },
                    "root": { "$ref": "#/$defs/Result~1Envelope" },
                    "path": { "$ref": "#/$defs/Result~1Envelope/properties/a" },
                    "c": { "$ref": "#/$defs/C" }
                } }
            }
        }),
    );
    // A boolean root is returned as it is.
    assert_eq!(bundle::bundle(&json!(true), Some(&components)).unwrap(), json!(true));
}

/// Each resource-scope keyword, in a schema the catalog phase accepts.
fn scoped_schemas() -> Vec<(&'static str, Value)> {
    vec![
        (
            "$id",
            json!({ "type": "object", "properties": { "a": { "$id": "https://example.com/a", "type": "string" } } }),
        ),
        ("$anchor", json!({ "type": "object", "properties": { "a": { "$anchor": "a", "type": "string" } } })),
        (
            "$dynamicAnchor",
            json!({ "type": "object", "properties": { "a": { "$dynamicAnchor": "a", "type": "string" } } }),
        ),
        (
            "$dynamicRef",
            json!({
                "type": "object",
                "properties": { "a": { "$dynamicRef": "#/$defs/s" } },
                "$defs": { "s": { "type": "string" } }
            }),
        ),
    ]
}

#[test]
fn c2_resource_scope_keywords_are_refused_in_mcp_tool_schemas() {
    let components = json!({ "schemas": { "W": { "type": "object" } } });
    for (keyword, schema) in scoped_schemas() {
        let fragment =
            format!("cannot project tool schema through MCP components: {keyword} changes JSON Schema resource scope");
        for field in ["inputSchema", "returns", "error_schema"] {
            let declaration = json!({ "components": components, "tools": [{ "name": "t", field: schema }] });
            let outcome = refused(declaration, "mcp-resource-scope", &fragment);
            let wire = match field {
                "returns" => "outputSchema",
                "error_schema" => "errorSchema",
                other => other,
            };
            outcome.assert_has("mcp-resource-scope", &format!(r#"tool "t" {wire}"#));
        }
        // The same schema is fine for a tool outside the MCP audience.
        let cli_only = json!({ "components": components, "tools": [{
            "name": "t", "governance": { "audiences": ["cli", "catalog"] }, "inputSchema": schema, "returns": schema
        }] });
        assert!(prepared(cli_only).mcp.is_empty());
    }
}

#[test]
fn c2_resource_scope_keywords_are_refused_in_reached_components() {
    for (keyword, schema) in scoped_schemas() {
        let declaration = |audiences: Value| {
            json!({
                "components": { "schemas": { "W": schema } },
                "tools": [{ "name": "t", "governance": { "audiences": audiences }, "inputSchema": {
                    "type": "object", "properties": { "w": { "$ref": "#/components/schemas/W" } }
                } }]
            })
        };
        refused(
            declaration(json!(["mcp"])),
            "mcp-resource-scope",
            &format!(
                "cannot project components.schemas.W through MCP components: {keyword} changes JSON Schema resource scope"
            ),
        );
        prepared(declaration(json!(["cli", "catalog"])));
    }
}

#[test]
fn c2_external_refs_are_refused_for_mcp_tools_when_the_catalog_has_components() {
    let external = json!({ "type": "object", "properties": { "a": { "$ref": "https://example.com/a.json" } } });
    for field in ["inputSchema", "returns", "error_schema"] {
        refused(
            json!({
                "components": { "schemas": { "W": { "type": "object" } } },
                "tools": [{ "name": "t", field: external }]
            }),
            "mcp-external-ref",
            "cannot project tool schema through MCP components: external $ref is not self-contained",
        );
    }
    refused(
        json!({
            "components": { "schemas": { "W": { "type": "object", "properties": { "o": { "$ref": "owner.json" } } } } },
            "tools": [{ "name": "t", "returns": { "$ref": "#/components/schemas/W" } }]
        }),
        "mcp-external-ref",
        "cannot project components.schemas.W through MCP components: external $ref is not self-contained",
    );
    // The catalog phase alone projects nothing: there the references are warnings.
    let catalog_phase = Options { catalog_phase_only: true, ..Options::default() };
    for declaration in [
        json!({ "components": { "schemas": { "W": { "type": "object" } } }, "tools": [{ "name": "t", "inputSchema": external }] }),
        json!({
            "components": { "schemas": { "W": { "type": "object", "properties": { "o": { "$ref": "owner.json" } } } } },
            "tools": [{ "name": "t", "returns": { "$ref": "#/components/schemas/W" } }]
        }),
    ] {
        let text = serde_json::to_string_pretty(&declaration).unwrap();
        let outcome = common::compile_text_with("input.json", &text, catalog_phase);
        assert!(outcome.catalog.is_some(), "{}", outcome.human());
        assert_eq!(outcome.codes(), ["non-portable-ref"], "{}", outcome.human());
    }
}

/// Compiles a declaration that must be accepted with exactly these warning codes.
#[track_caller]
fn accepted_with_warnings(declaration: &Value, codes: &[&str]) -> Prepared {
    let compiled = compile_json(declaration);
    assert!(compiled.catalog.is_some(), "expected a catalog, got:\n{}", compiled.human());
    assert_eq!(compiled.codes(), codes, "{}", compiled.human());
    assert!(compiled.diagnostics.iter().all(|d| d.severity == Severity::Warning));
    compiled.prepared.expect("an accepted input is prepared")
}

#[test]
fn c2_external_refs_are_only_a_warning_otherwise() {
    let external = json!({ "type": "object", "properties": { "a": { "$ref": "https://example.com/a.json" } } });
    // No components: the MCP tool is projected with the reference as it is.
    let prepared =
        accepted_with_warnings(&json!({ "tools": [{ "name": "t", "inputSchema": external }] }), &["non-portable-ref"]);
    assert_exact(&serde_json::to_value(&prepared.mcp[0]).unwrap()["inputSchema"], &external);
    // Components, but an empty map.
    accepted_with_warnings(
        &json!({ "components": { "schemas": {} }, "tools": [{ "name": "t", "inputSchema": external }] }),
        &["non-portable-ref"],
    );
    // Components, but a tool outside the MCP audience.
    let prepared = accepted_with_warnings(
        &json!({
            "components": { "schemas": { "W": { "type": "object" } } },
            "tools": [{ "name": "t", "governance": { "audiences": ["cli", "catalog"] }, "inputSchema": external }]
        }),
        &["non-portable-ref"],
    );
    assert!(prepared.mcp.is_empty());
    // Components, but the external reference is in a component no MCP tool reaches.
    accepted_with_warnings(
        &json!({
            "components": { "schemas": { "W": { "type": "object" }, "X": { "$ref": "other.json" } } },
            "tools": [{ "name": "t", "returns": { "$ref": "#/components/schemas/W" } }]
        }),
        &["non-portable-ref"],
    );
    // `--deny-warnings` makes the warning an error.
    let denied = common::compile_text_with(
        "input.json",
        &serde_json::to_string_pretty(&json!({ "tools": [{ "name": "t", "inputSchema": external }] })).unwrap(),
        Options { deny_warnings: true, ..Options::default() },
    );
    assert!(denied.catalog.is_none());
    assert!(denied.diagnostics.iter().any(|d| d.code() == "non-portable-ref" && d.is_error()));
}

#[test]
fn c2_a_component_reached_by_several_tools_is_reported_once() {
    let reach = json!({ "type": "object", "properties": { "w": { "$ref": "#/components/schemas/W" } } });
    let returns = json!({ "$ref": "#/components/schemas/W" });
    for (component, code) in [
        (json!({ "type": "object", "properties": { "id": { "$anchor": "id" } } }), "mcp-resource-scope"),
        (json!({ "type": "object", "properties": { "o": { "$ref": "owner.json" } } }), "mcp-external-ref"),
    ] {
        let outcome = refused(
            json!({
                "components": { "schemas": { "W": component } },
                "tools": [
                    { "name": "a", "inputSchema": reach, "returns": returns },
                    { "name": "b", "inputSchema": reach },
                    { "name": "c", "returns": returns, "error_schema": returns }
                ]
            }),
            code,
            "components.schemas.W",
        );
        assert_eq!(outcome.codes(), [code], "{}", outcome.human());
    }
}

// ---------------------------------------------------------------------------
// c.3 / spec/decisions.md 10: non-object outputs
// ---------------------------------------------------------------------------

/// The advertised output schema of one MCP tool returning `output`.
#[track_caller]
fn advertised(output: Value) -> Value {
    mcp_tool_of(json!({ "tools": [{ "name": "t", "returns": output }] }))["outputSchema"].clone()
}

fn wrapper(result: Value) -> Value {
    json!({
        "type": "object",
        "properties": { "result": result },
        "required": ["result"],
        "additionalProperties": false
    })
}

#[test]
fn c3_object_root_outputs_are_kept_with_their_object_type() {
    for output in [
        json!({ "type": "object", "properties": { "id": { "type": "string" } } }),
        json!({ "type": ["object"] }),
        json!({ "allOf": [{ "minProperties": 1 }, { "type": "object" }] }),
        json!({ "anyOf": [{ "type": "object" }, { "type": "object", "required": ["a"] }] }),
        json!({ "oneOf": [{ "type": "object", "required": ["a"] }, { "type": "object", "required": ["b"] }] }),
        json!({ "$ref": "#/$defs/O", "$defs": { "O": { "type": "object" } } }),
        json!({
            "$ref": "#/$defs/O",
            "$defs": { "O": { "allOf": [{ "$ref": "#/$defs/P" }] }, "P": { "type": "object" } }
        }),
    ] {
        // With `"type": "object"` first at the root, which MCP's `Tool` requires.
        let mut expected = serde_json::Map::new();
        expected.insert("type".into(), json!("object"));
        for (key, value) in output.as_object().unwrap() {
            if key != "type" {
                expected.insert(key.clone(), value.clone());
            }
        }
        assert_exact(&advertised(output.clone()), &Value::Object(expected));
    }
    // A component reference to an object schema: bundled, then left unwrapped.
    let tool = mcp_tool_of(json!({
        "components": { "schemas": { "Widget": { "type": "object", "required": ["id"] } } },
        "tools": [{ "name": "t", "returns": { "$ref": "#/components/schemas/Widget" } }]
    }));
    assert_exact(
        &tool["outputSchema"],
        &json!({
            "type": "object",
            "$ref": "#/$defs/Widget",
            "$defs": { "Widget": { "type": "object", "required": ["id"] } }
        }),
    );
}

#[test]
fn c3_non_object_outputs_are_wrapped_under_result() {
    for output in [
        json!({ "type": "string" }),
        json!({ "type": "array", "items": { "type": "integer" } }),
        json!(true),
        json!(false),
        json!({}),
        json!({ "type": ["object", "null"] }),
        json!({ "anyOf": [{ "type": "object" }, { "type": "string" }] }),
        json!({ "oneOf": [{ "type": "object" }, { "type": "null" }] }),
        json!({ "allOf": [{ "minProperties": 1 }] }),
        json!({ "description": "Anything." }),
    ] {
        // 2025-11-25's `Tool` declares each root property's schema an object: the
        // boolean schemas are written as the objects that accept the same values.
        let result = match output {
            Value::Bool(true) => json!({}),
            Value::Bool(false) => json!({ "not": {} }),
            ref other => other.clone(),
        };
        assert_exact(&advertised(output.clone()), &wrapper(result));
    }
}

#[test]
fn c3_bundled_defs_are_hoisted_to_the_wrapper_root() {
    let tool = mcp_tool_of(json!({
        "components": { "schemas": {
            "Item": { "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"] },
            "Name": { "type": "string" }
        } },
        "tools": [{ "name": "t", "returns": { "type": "array", "items": { "$ref": "#/components/schemas/Item" } } }]
    }));
    let output = &tool["outputSchema"];
    assert_eq!(keys(output)[..4], ["type", "properties", "required", "additionalProperties"]);
    assert_eq!(
        output,
        &json!({
            "type": "object",
            "properties": { "result": { "type": "array", "items": { "$ref": "#/$defs/Item" } } },
            "required": ["result"],
            "additionalProperties": false,
            "$defs": { "Item": { "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"] } }
        })
    );
    let name = mcp_tool_of(json!({
        "components": { "schemas": { "Name": { "type": "string" } } },
        "tools": [{ "name": "t", "returns": { "$ref": "#/components/schemas/Name" } }]
    }));
    assert_eq!(
        name["outputSchema"],
        json!({
            "type": "object",
            "properties": { "result": { "$ref": "#/$defs/Name" } },
            "required": ["result"],
            "additionalProperties": false,
            "$defs": { "Name": { "type": "string" } }
        })
    );
}

#[test]
fn c3_wrapped_outputs_resolve_and_validate_with_jsonschema() {
    // The check is meaningful: a dangling reference fails to build.
    assert!(jsonschema::validator_for(&json!({ "$ref": "#/$defs/Missing" })).is_err());

    let components = json!({ "schemas": {
        "Item": { "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"] },
        "Maybe": { "anyOf": [{ "$ref": "#/components/schemas/Item" }, { "type": "null" }] },
        "Labels": {
            "type": "array",
            "items": { "$ref": "#/$defs/Label" },
            "$defs": { "Label": { "type": "string", "minLength": 1 } }
        },
        "Tree": { "type": "array", "items": { "$ref": "#" } },
        "Name": { "type": "string" }
    } });
    let cases = [
        (
            json!({ "type": "array", "items": { "$ref": "#/components/schemas/Item" } }),
            json!([{ "id": "a" }]),
            json!([{ "id": 1 }]),
        ),
        (json!({ "$ref": "#/components/schemas/Maybe" }), json!({ "id": "a" }), json!({ "id": 2 })),
        (json!({ "$ref": "#/components/schemas/Maybe" }), json!(null), json!("x")),
        (json!({ "$ref": "#/components/schemas/Labels" }), json!(["a", "b"]), json!(["a", ""])),
        (json!({ "$ref": "#/components/schemas/Tree" }), json!([[], [[]]]), json!([[1]])),
        (json!({ "type": "array", "items": { "$ref": "#" } }), json!([[[]]]), json!([[{}]])),
        (
            json!({
                "type": "array",
                "items": { "$ref": "#/$defs/S" },
                "$defs": { "S": { "$ref": "#/components/schemas/Name" } }
            }),
            json!(["a"]),
            json!([1]),
        ),
        (json!({ "type": "string", "enum": ["ok"] }), json!("ok"), json!("no")),
    ];
    let tools: Vec<Value> = cases
        .iter()
        .enumerate()
        .map(|(i, (output, _, _))| json!({ "name": format!("t{i}"), "returns": output }))
        .collect();
    let projected = mcp_of(json!({ "components": components, "tools": tools }));
    for ((output, valid, invalid), tool) in cases.iter().zip(&projected) {
        let schema = &tool["outputSchema"];
        assert!(schema["properties"].get("result").is_some(), "{output} is wrapped: {schema}");
        let validator = jsonschema::validator_for(schema)
            .unwrap_or_else(|e| panic!("the advertised schema of {output} does not build: {e}\n{schema}"));
        assert!(validator.is_valid(&json!({ "result": valid })), "{{result: {valid}}} against {schema}");
        assert!(!validator.is_valid(&json!({ "result": invalid })), "{{result: {invalid}}} against {schema}");
        assert!(!validator.is_valid(valid), "the bare value is not the structured content: {schema}");
        assert!(!validator.is_valid(&json!({})), "result is required: {schema}");
        assert!(!validator.is_valid(&json!({ "result": valid, "extra": 1 })), "no other property: {schema}");
    }
    // `false` accepts no result at all.
    let never = advertised(json!(false));
    let validator = jsonschema::validator_for(&never).unwrap();
    assert!(!validator.is_valid(&json!({ "result": null })));
}

// ---------------------------------------------------------------------------
// The `mcp` command end to end
// ---------------------------------------------------------------------------

/// The `tools/list` result for fixtures/widgets/registry.json, written by hand from
/// spec/contract.md c.1–c.3.
fn widgets_tools_list() -> Value {
    let widget_error = json!({
        "$ref": "#/$defs/WidgetError",
        "$defs": { "WidgetError": {
            "type": "object",
            "description": "Why the widget service refused a request.",
            "properties": {
                "code": { "enum": ["not_found", "unavailable"] },
                "message": { "type": "string" }
            },
            "required": ["code"],
            "additionalProperties": false
        } }
    });
    json!({ "tools": [{
        "name": "lookup_widget",
        "title": "Look up widget",
        "description": "Look up one widget by its id.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "widget_id": { "type": "string", "description": "The widget's id." },
                "verbose": { "type": "boolean", "description": "Include every field." }
            },
            "required": ["widget_id"]
        },
        "outputSchema": {
            "type": "object",
            "$ref": "#/$defs/Widget",
            "$defs": { "Widget": {
                "type": "object",
                "properties": {
                    "id": { "type": "string", "description": "Stable widget id." },
                    "name": { "type": "string" },
                    "tags": { "type": "array", "items": { "type": "string" } }
                },
                "required": ["id", "name"]
            } }
        },
        "annotations": {
            "title": "Look up widget",
            "readOnlyHint": true,
            "idempotentHint": true,
            "openWorldHint": false
        },
        "_meta": { "com.harnlang/toolContract": { "errorSchema": widget_error } }
    }, {
        "name": "count_widgets",
        "title": "Count widgets",
        "description": "Count the widgets that carry a tag.",
        "inputSchema": {
            "type": "object",
            "properties": { "tag": { "type": "string", "description": "Only widgets with this tag." } }
        },
        "outputSchema": {
            "type": "object",
            "properties": { "result": { "type": "integer", "minimum": 0 } },
            "required": ["result"],
            "additionalProperties": false
        },
        "annotations": { "title": "Count widgets", "readOnlyHint": true },
        "_meta": { "com.harnlang/toolContract": { "errorSchema": widget_error } }
    }] })
}

#[test]
fn mcp_command_prints_the_compact_tools_list_and_one_newline() {
    let output = harn_catalog().args(["mcp", "fixtures/widgets/registry.json"]).assert().code(0).get_output().clone();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text, format!("{}\n", serde_json::to_string(&widgets_tools_list()).unwrap()));
}

#[test]
fn mcp_command_pretty_prints_with_two_spaces_and_one_newline() {
    let output = harn_catalog()
        .args(["mcp", "fixtures/widgets/registry.json", "--pretty"])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text, format!("{}\n", serde_json::to_string_pretty(&widgets_tools_list()).unwrap()));
    assert!(text.starts_with("{\n  \"tools\": [\n    {\n      \"name\": \"lookup_widget\",\n"));
    assert!(!text.ends_with("\n\n"));
}

#[test]
fn mcp_command_refuses_with_exit_code_1_and_prints_nothing() {
    let output = harn_catalog()
        .args(["mcp", "fixtures/rules/mcp-resource-scope/refused/output-id.json"])
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .clone();
    assert!(String::from_utf8(output.stderr).unwrap().contains("error[mcp-resource-scope]"));

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.json");
    std::fs::write(
        &input,
        serde_json::to_string(&one_tool(json!({ "id": { "type": "string" } }), &[], json!({ "ident": {} }))).unwrap(),
    )
    .unwrap();
    let output = harn_catalog().arg("mcp").arg(&input).assert().code(1).stdout("").get_output().clone();
    assert!(String::from_utf8(output.stderr).unwrap().contains("error[cli-argument-property]"));
}

/// A refused catalog still has its sound tools prepared, so that one run shows the
/// errors of both phases: not the catalog's first, then the generated CLI's.
#[test]
fn the_prepare_phase_checks_the_tools_the_catalog_phase_passed() {
    let outcome = compile_json(&json!({ "tools": [
        { "name": "broken", "inputSchema": { "type": "object", "properties": { "n": { "type": "integr" } } } },
        { "name": "unread", "parameters": 5 },
        { "name": "clashing", "parameters": { "version": { "type": "string" } } },
        { "name": "fine", "parameters": { "id": { "type": "string" } } }
    ]}));
    assert!(outcome.catalog.is_none() && outcome.prepared.is_none());
    let phases: Vec<(Phase, &str)> = outcome.diagnostics.iter().map(|d| (d.phase(), d.code())).collect();
    assert_eq!(
        phases,
        [
            (Phase::Catalog, "legacy-parameters"),
            (Phase::Catalog, "invalid-schema"),
            (Phase::Prepare, "cli-argument-collision")
        ],
        "{}",
        outcome.human()
    );
    outcome.assert_has("cli-argument-collision", "\"clashing\"");
    // The tool whose schema was refused is not prepared: its arguments would only
    // repeat what was reported.
    assert!(!outcome.human().contains("tool \"broken\" CLI"));
}

/// An error outside every tool (here a component every tool may reach) leaves the
/// prepare phase out: it could concern any tool.
#[test]
fn an_error_outside_the_tools_leaves_the_prepare_phase_out() {
    let outcome = compile_json(&json!({
        "components": { "schemas": { "Id": { "type": "strin" } } },
        "tools": [{ "name": "clashing", "parameters": { "version": { "type": "string" } } }]
    }));
    assert!(outcome.catalog.is_none());
    assert!(outcome.diagnostics.iter().all(|d| d.phase() == Phase::Catalog), "{}", outcome.human());
    assert!(outcome.diagnostics.iter().any(|d| d.is_error()));
}
