//! The accept side of the normalisation rules: what valid registry declarations and
//! catalogs become (spec/contract.md a.2–a.5 and e, spec/decisions.md 1, 7, 8, 9).
//!
//! Expected values are written with `serde_json::json!` in the exact key order the
//! catalog must have, and compared as text, so every test checks both the content and
//! the byte order of what is emitted.

use crate::common;

use common::{Outcome, assert_exact, compile_json, compile_path, compile_text, harn_catalog, root};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const ALL_AUDIENCES: [&str; 5] = ["cli", "mcp", "catalog", "dashboard", "agent"];

/// Compiles a declaration that must be accepted without diagnostics; the catalog.
#[track_caller]
fn clean(declaration: Value) -> Value {
    let outcome = compile_json(&declaration);
    outcome.assert_clean();
    outcome.json()
}

/// Compiles a one-tool declaration that must be accepted without diagnostics; the tool.
#[track_caller]
fn clean_tool(spec: Value) -> Value {
    let catalog = clean(json!({ "tools": [spec] }));
    assert_eq!(catalog["tools"].as_array().map(Vec::len), Some(1), "{catalog}");
    catalog["tools"][0].clone()
}

/// The emitted text of a catalog, as the compact emitter writes it.
#[track_caller]
fn text_of(outcome: &Outcome) -> String {
    outcome.catalog.clone().unwrap_or_else(|| panic!("input was refused:\n{}", outcome.human()))
}

/// The compact text `value` must be emitted as.
fn compact(value: &Value) -> String {
    format!("{}\n", serde_json::to_string(value).unwrap())
}

/// The input schema of the single tool `spec` compiles to.
#[track_caller]
fn input_schema(spec: Value) -> Value {
    clean_tool(spec)["inputSchema"].clone()
}

/// The lowered input schema of a legacy `parameters` map.
#[track_caller]
fn lowered(parameters: Value) -> Value {
    input_schema(json!({ "name": "t", "parameters": parameters }))
}

/// The CLI spec a tool gets when it sets nothing: its implicit command and defaults.
fn default_cli(command: &[&str]) -> Value {
    json!({ "command": command, "aliases": [], "hidden": false, "arguments": {} })
}

/// The argument spec with every default, as it is always emitted.
fn default_argument() -> Value {
    json!({
        "aliases": [],
        "boolean_style": "value",
        "repeatable": false,
        "hidden": false,
        "completions": []
    })
}

/// Compiles `text` and returns the compiled catalog rendered with `--pretty`.
#[track_caller]
fn pretty_of(name: &str, text: &str) -> String {
    let catalog = compile_text(name, text).json();
    harn_catalog::emit::canonical_json(&catalog, harn_catalog::emit::Layout::Pretty)
}

fn widgets_path(extension: &str) -> std::path::PathBuf {
    root().join("fixtures/widgets").join(format!("registry.{extension}"))
}

/// Runs the built binary; (status code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let output = harn_catalog().args(args).output().expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

// ---------------------------------------------------------------------------
// a.2 / a.3 step 5: the input schema spellings
// ---------------------------------------------------------------------------

#[test]
fn parameters_spelling_is_lowered_to_an_object_schema() {
    let schema = lowered(json!({ "q": "string" }));
    assert_exact(&schema, &json!({ "type": "object", "properties": { "q": { "type": "string" } } }));
}

#[test]
fn input_schema_snake_case_is_stored_as_input_schema_verbatim() {
    let given = json!({
        "type": "object",
        "properties": { "q": { "type": "string", "minLength": 1 } },
        "required": ["q"],
        "additionalProperties": false
    });
    assert_exact(&input_schema(json!({ "name": "t", "input_schema": given })), &given);
}

#[test]
fn input_schema_camel_case_is_kept_verbatim() {
    let given = json!({
        "type": "object",
        "properties": { "q": { "type": "integer", "maximum": 10 } },
        "additionalProperties": false
    });
    assert_exact(&input_schema(json!({ "name": "t", "inputSchema": given })), &given);
}

#[test]
fn null_input_schema_spellings_do_not_count_as_declared() {
    let given = json!({ "type": "object", "properties": { "q": { "type": "string" } } });
    let schema = input_schema(json!({
        "name": "t",
        "parameters": null,
        "input_schema": null,
        "inputSchema": given
    }));
    assert_exact(&schema, &given);
    let schema = input_schema(json!({
        "name": "t",
        "parameters": { "q": "string" },
        "inputSchema": null
    }));
    assert_exact(&schema, &given);
}

#[test]
fn no_input_schema_gives_an_empty_object_schema() {
    let empty = json!({ "type": "object", "properties": {} });
    assert_exact(&input_schema(json!({ "name": "t" })), &empty);
    assert_exact(&input_schema(json!({ "name": "t", "parameters": null })), &empty);
    assert_exact(&input_schema(json!({ "name": "t", "parameters": {} })), &empty);
}

// ---------------------------------------------------------------------------
// a.3 step 5: lowering the legacy parameter map
// ---------------------------------------------------------------------------

#[test]
fn legacy_type_aliases_are_mapped_in_definition_objects() {
    let schema = lowered(json!({
        "a": { "type": "int" },
        "b": { "type": "float" },
        "c": { "type": "bool" },
        "d": { "type": "list" },
        "e": { "type": "dict" }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "a": { "type": "integer" },
                "b": { "type": "number" },
                "c": { "type": "boolean" },
                "d": { "type": "array" },
                "e": { "type": "object" }
            }
        }),
    );
}

#[test]
fn legacy_json_schema_types_pass_through_unchanged() {
    let types = ["string", "number", "integer", "boolean", "array", "object", "null"];
    let mut parameters = serde_json::Map::new();
    let mut properties = serde_json::Map::new();
    for t in types {
        parameters.insert(format!("p_{t}"), json!({ "type": t }));
        properties.insert(format!("p_{t}"), json!({ "type": t }));
    }
    assert_exact(&lowered(Value::Object(parameters)), &json!({ "type": "object", "properties": properties }));
}

#[test]
fn legacy_any_and_unknown_drop_the_type_key() {
    let schema = lowered(json!({
        "a": { "type": "any" },
        "u": { "type": "unknown", "description": "Anything at all." }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "a": {},
                "u": { "description": "Anything at all." }
            }
        }),
    );
}

#[test]
fn legacy_string_shorthand_maps_every_type() {
    let schema = lowered(json!({
        "i": "int",
        "f": "float",
        "b": "bool",
        "l": "list",
        "d": "dict",
        "s": "string",
        "n": "number",
        "g": "integer",
        "o": "boolean",
        "r": "array",
        "j": "object",
        "z": "null",
        "a": "any",
        "u": "unknown"
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "i": { "type": "integer" },
                "f": { "type": "number" },
                "b": { "type": "boolean" },
                "l": { "type": "array" },
                "d": { "type": "object" },
                "s": { "type": "string" },
                "n": { "type": "number" },
                "g": { "type": "integer" },
                "o": { "type": "boolean" },
                "r": { "type": "array" },
                "j": { "type": "object" },
                "z": { "type": "null" },
                "a": {},
                "u": {}
            }
        }),
    );
}

#[test]
fn legacy_shorthand_parameters_are_never_required() {
    let schema = lowered(json!({ "q": "string", "n": "int" }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": { "q": { "type": "string" }, "n": { "type": "integer" } }
        }),
    );
}

#[test]
fn legacy_definition_without_schema_copies_every_key_but_required() {
    let schema = lowered(json!({
        "count": {
            "type": "int",
            "description": "How many.",
            "minimum": 1,
            "maximum": 50,
            "default": 10,
            "required": true
        },
        "mode": {
            "type": "string",
            "enum": ["fast", "slow"],
            "x-custom": { "nested": [1, 2] },
            "required": false
        },
        "tags": {
            "type": "list",
            "items": { "type": "string" },
            "uniqueItems": true
        }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "count": {
                    "type": "integer",
                    "description": "How many.",
                    "minimum": 1,
                    "maximum": 50,
                    "default": 10
                },
                "mode": {
                    "type": "string",
                    "enum": ["fast", "slow"],
                    "x-custom": { "nested": [1, 2] }
                },
                "tags": {
                    "type": "array",
                    "items": { "type": "string" },
                    "uniqueItems": true
                }
            },
            "required": ["count"]
        }),
    );
}

#[test]
fn legacy_definition_without_type_is_copied_as_is() {
    let schema = lowered(json!({
        "v": { "description": "Any value.", "examples": [1, "a"] }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": { "v": { "description": "Any value.", "examples": [1, "a"] } }
        }),
    );
}

/// spec/decisions.md 9: embedded schemas keep the key order in which the source wrote
/// them. Removing `required` or a dropped `type` must not move other keys.
#[test]
fn legacy_definition_keeps_source_key_order() {
    let schema = lowered(json!({
        "p": { "type": "string", "required": true, "description": "d", "enum": ["a"] },
        "q": { "type": "any", "description": "d", "default": 1, "x-extra": 2 }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "p": { "type": "string", "description": "d", "enum": ["a"] },
                "q": { "description": "d", "default": 1, "x-extra": 2 }
            },
            "required": ["p"]
        }),
    );
}

#[test]
fn legacy_definition_with_schema_uses_the_schema_as_is() {
    let schema = lowered(json!({
        "when": {
            "schema": { "type": "string", "format": "date-time" },
            "type": "int",
            "enum": ["ignored"],
            "description": "When it happened.",
            "required": true
        },
        "limit": {
            "schema": { "anyOf": [{ "type": "integer" }, { "type": "null" }] }
        }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "when": {
                    "type": "string",
                    "format": "date-time",
                    "description": "When it happened."
                },
                "limit": { "anyOf": [{ "type": "integer" }, { "type": "null" }] }
            },
            "required": ["when"]
        }),
    );
}

#[test]
fn legacy_description_is_not_inserted_over_the_schemas_own() {
    let schema = lowered(json!({
        "q": {
            "schema": { "description": "The schema's own.", "type": "string" },
            "description": "The definition's."
        }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": { "q": { "description": "The schema's own.", "type": "string" } }
        }),
    );
}

#[test]
fn legacy_boolean_schema_with_description_is_wrapped_in_all_of() {
    let schema = lowered(json!({
        "anything": { "schema": true, "description": "Whatever you like." },
        "nothing": { "schema": false, "description": "Never valid." },
        "bare": { "schema": true }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "anything": { "allOf": [true], "description": "Whatever you like." },
                "nothing": { "allOf": [false], "description": "Never valid." },
                "bare": true
            }
        }),
    );
}

#[test]
fn legacy_required_only_for_the_exact_bool_true() {
    let schema = lowered(json!({
        "yes": { "type": "string", "required": true },
        "string": { "type": "string", "required": "true" },
        "one": { "type": "string", "required": 1 },
        "no": { "type": "string", "required": false },
        "null": { "type": "string", "required": null },
        "schema_yes": { "schema": { "type": "string" }, "required": true },
        "schema_string": { "schema": { "type": "string" }, "required": "yes" }
    }));
    assert_exact(
        &schema,
        &json!({
            "type": "object",
            "properties": {
                "yes": { "type": "string" },
                "string": { "type": "string" },
                "one": { "type": "string" },
                "no": { "type": "string" },
                "null": { "type": "string" },
                "schema_yes": { "type": "string" },
                "schema_string": { "type": "string" }
            },
            "required": ["schema_yes", "yes"]
        }),
    );
}

#[test]
fn legacy_required_is_sorted_and_omitted_when_empty() {
    let schema = lowered(json!({
        "zeta": { "type": "string", "required": true },
        "Alpha": { "type": "string", "required": true },
        "mid": { "type": "string", "required": true },
        "alpha": { "type": "string", "required": true }
    }));
    assert_eq!(schema["required"], json!(["Alpha", "alpha", "mid", "zeta"]));

    let schema = lowered(json!({ "q": { "type": "string", "required": false } }));
    assert_exact(&schema, &json!({ "type": "object", "properties": { "q": { "type": "string" } } }));
}

#[test]
fn legacy_lowered_schema_is_type_properties_required_with_properties_in_source_order() {
    let outcome = compile_text(
        "input.json",
        r#"{"tools": [{"name": "t", "parameters": {
            "zeta": {"required": true, "type": "int"},
            "alpha": "string",
            "mid": {"description": "Mid.", "type": "bool", "required": true}
        }}]}"#,
    );
    outcome.assert_clean();
    let text = text_of(&outcome);
    let expected = r#""inputSchema":{"type":"object","properties":{"zeta":{"type":"integer"},"alpha":{"type":"string"},"mid":{"description":"Mid.","type":"boolean"}},"required":["mid","zeta"]}"#;
    assert!(text.contains(expected), "{text}");
}

// ---------------------------------------------------------------------------
// a.2 / a.3 step 6: output and error schemas
// ---------------------------------------------------------------------------

#[test]
fn output_schema_spelling_is_stored_as_output_schema() {
    let tool = clean_tool(json!({ "name": "t", "output_schema": { "type": "string" } }));
    assert_exact(&tool["outputSchema"], &json!({ "type": "string" }));
    let tool = clean_tool(json!({ "name": "t", "returns": { "type": "integer" } }));
    assert_exact(&tool["outputSchema"], &json!({ "type": "integer" }));
}

#[test]
fn returns_wins_over_output_schema_with_a_warning() {
    let outcome = compile_json(&json!({ "tools": [{
        "name": "t",
        "output_schema": { "type": "integer" },
        "returns": { "type": "string" }
    }]}));
    assert_exact(&outcome.json()["tools"][0]["outputSchema"], &json!({ "type": "string" }));
    outcome.assert_has("shadowed-key", "\"output_schema\"");
    assert_eq!(outcome.codes(), ["shadowed-key"]);
}

#[test]
fn literal_output_schema_overrides_returns_and_output_schema() {
    let outcome = compile_json(&json!({ "tools": [{
        "name": "t",
        "outputSchema": { "type": "boolean" },
        "returns": { "type": "string" },
        "output_schema": { "type": "integer" }
    }]}));
    let tool = &outcome.json()["tools"][0];
    assert_exact(&tool["outputSchema"], &json!({ "type": "boolean" }));
    assert!(outcome.codes().iter().all(|c| *c == "shadowed-key"), "{}", outcome.human());
    outcome.assert_has("shadowed-key", "\"returns\"");
}

#[test]
fn error_schema_is_stored_as_error_schema() {
    let tool = clean_tool(json!({
        "name": "t",
        "error_schema": { "type": "object", "properties": { "code": { "type": "string" } } }
    }));
    assert_exact(&tool["errorSchema"], &json!({ "type": "object", "properties": { "code": { "type": "string" } } }));
    assert!(tool.get("error_schema").is_none());
}

#[test]
fn literal_error_schema_passes_through_and_wins() {
    let tool = clean_tool(json!({ "name": "t", "errorSchema": { "type": "string" } }));
    assert_exact(&tool["errorSchema"], &json!({ "type": "string" }));

    let outcome = compile_json(&json!({ "tools": [{
        "name": "t",
        "error_schema": { "type": "integer" },
        "errorSchema": { "type": "string" }
    }]}));
    assert_exact(&outcome.json()["tools"][0]["errorSchema"], &json!({ "type": "string" }));
    outcome.assert_has("shadowed-key", "\"error_schema\"");
}

#[test]
fn boolean_output_and_error_schemas_are_kept_literally() {
    let tool = clean_tool(json!({ "name": "t", "returns": false, "error_schema": true }));
    assert_eq!(tool["outputSchema"], json!(false));
    assert_eq!(tool["errorSchema"], json!(true));
    let tool = clean_tool(json!({ "name": "t", "outputSchema": true, "errorSchema": false }));
    assert_eq!(tool["outputSchema"], json!(true));
    assert_eq!(tool["errorSchema"], json!(false));
}

// ---------------------------------------------------------------------------
// a.2 / a.3 steps 2–4: description, title, namespace, defer_loading
// ---------------------------------------------------------------------------

#[test]
fn desc_is_a_spelling_of_description() {
    let tool = clean_tool(json!({ "name": "t", "desc": "Short form." }));
    assert_eq!(tool["description"], json!("Short form."));
    let tool = clean_tool(json!({ "name": "t", "description": "Long form." }));
    assert_eq!(tool["description"], json!("Long form."));
}

/// spec/contract.md a.2: `description` (or `desc`) is read from a spec's `config` as well
/// as from the spec itself.
#[test]
fn description_may_be_given_in_config() {
    let tool = clean_tool(json!({ "name": "t", "config": { "description": "From config." } }));
    assert_eq!(tool["description"], json!("From config."), "{tool}");
}

#[test]
fn empty_description_means_no_description() {
    for spec in [
        json!({ "name": "t", "description": "" }),
        json!({ "name": "t", "description": null }),
        json!({ "name": "t", "desc": "" }),
    ] {
        let tool = clean_tool(spec.clone());
        assert!(tool.get("description").is_none(), "{spec} gave {tool}");
    }
}

#[test]
fn title_and_namespace_are_copied() {
    let tool = clean_tool(json!({ "name": "t", "title": "The T tool", "namespace": "tee" }));
    assert_eq!(tool["title"], json!("The T tool"));
    assert_eq!(tool["namespace"], json!("tee"));
}

#[test]
fn defer_loading_is_emitted_as_defer_loading_default_false() {
    for (spec, expected) in [
        (json!({ "name": "t", "defer_loading": true }), true),
        (json!({ "name": "t", "defer_loading": false }), false),
        (json!({ "name": "t", "defer_loading": null }), false),
        (json!({ "name": "t" }), false),
    ] {
        let tool = clean_tool(spec.clone());
        assert_eq!(tool["deferLoading"], json!(expected), "{spec}");
        assert!(tool.get("defer_loading").is_none());
    }
}

// ---------------------------------------------------------------------------
// a.2: spec keys and config
// ---------------------------------------------------------------------------

#[test]
fn spec_keys_are_merged_into_config() {
    let tool = clean_tool(json!({
        "name": "t",
        "title": "Spec title",
        "config": { "namespace": "ns", "returns": { "type": "string" } }
    }));
    assert_eq!(tool["title"], json!("Spec title"));
    assert_eq!(tool["namespace"], json!("ns"));
    assert_exact(&tool["outputSchema"], &json!({ "type": "string" }));
    assert_exact(&tool["cli"], &default_cli(&["ns", "t"]));
}

#[test]
fn spec_value_wins_over_config_with_a_shadowed_key_warning() {
    let outcome = compile_json(&json!({ "tools": [{
        "name": "t",
        "config": { "title": "Config title", "namespace": "ns" },
        "title": "Spec title"
    }]}));
    let tool = &outcome.json()["tools"][0];
    assert_eq!(tool["title"], json!("Spec title"));
    assert_eq!(tool["namespace"], json!("ns"));
    assert_eq!(outcome.codes(), ["shadowed-key"]);
    outcome.assert_has("shadowed-key", "\"title\"");
}

#[test]
fn runtime_keys_are_accepted_and_left_out_of_the_catalog() {
    let catalog = clean(json!({ "tools": [
        { "name": "bridge", "executor": "host_bridge", "host_capability": "fs.read" },
        { "name": "remote", "executor": "mcp_server", "mcp_server": "github" },
        { "name": "native", "executor": "provider_native" },
        { "name": "builtin", "executor": "harn_builtin", "policy": { "timeout_ms": 500 } },
        { "name": "plain", "executor": "harn", "_mcp_server": "github", "_mcp_tool_name": "search" }
    ]}));
    for (i, name) in ["bridge", "remote", "native", "builtin", "plain"].into_iter().enumerate() {
        assert_exact(
            &catalog["tools"][i],
            &json!({
                "name": name,
                "inputSchema": { "type": "object", "properties": {} },
                "governance": { "audiences": ALL_AUDIENCES },
                "cli": default_cli(&[name]),
                "deferLoading": false
            }),
        );
    }
}

/// Any other key is read by nothing: left out of the catalog, with a warning that
/// names the key it most likely misspells.
#[test]
fn keys_nothing_reads_are_left_out_with_a_warning() {
    let outcome = compile_json(&json!({ "tools": [
        { "name": "t", "timeout_ms": 500, "Returns": { "type": "string" } }
    ]}));
    assert_eq!(outcome.codes(), ["unknown-tool-key", "unknown-tool-key"]);
    outcome.assert_has("unknown-tool-key", "\"timeout_ms\"");
    assert!(outcome.human().contains("did you mean \"returns\"?"), "{}", outcome.human());
    let tool = &outcome.json()["tools"][0];
    assert_eq!(tool.get("outputSchema"), None);
    assert_eq!(tool.get("timeout_ms"), None);
}

// ---------------------------------------------------------------------------
// a.3 step 8: annotations
// ---------------------------------------------------------------------------

#[test]
fn annotations_keep_only_the_mcp_hints_in_canonical_order() {
    let tool = clean_tool(json!({
        "name": "t",
        "annotations": {
            "agent_lifecycle": "short",
            "openWorldHint": false,
            "inline_result": true,
            "idempotentHint": true,
            "emits_artifacts": false,
            "destructiveHint": false,
            "readOnlyHint": true,
            "title": "Tee",
            "side_effect_level": "bogus"
        }
    }));
    assert_exact(
        &tool["annotations"],
        &json!({
            "title": "Tee",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false
        }),
    );
}

#[test]
fn annotations_are_omitted_when_nothing_remains() {
    for annotations in [json!({}), json!({ "inline_result": true, "kind": "read" })] {
        let tool = clean_tool(json!({ "name": "t", "annotations": annotations }));
        assert!(tool.get("annotations").is_none(), "{annotations} gave {tool}");
    }
}

// ---------------------------------------------------------------------------
// a.2 / a.3 step 15: execution policy
// ---------------------------------------------------------------------------

#[test]
fn execution_policy_becomes_policy() {
    let tool = clean_tool(json!({
        "name": "t",
        "execution_policy": { "side_effect_level": "read_only", "kind": "read" },
        "annotations": { "readOnlyHint": true }
    }));
    assert_exact(&tool["policy"], &json!({ "kind": "read", "side_effect_level": "read_only" }));
    assert_exact(&tool["annotations"], &json!({ "readOnlyHint": true }));
    assert!(tool.get("execution_policy").is_none());

    // Without annotations the merged policy keys are not presentation hints either.
    let tool = clean_tool(json!({
        "name": "t",
        "execution_policy": { "kind": "execute", "side_effect_level": "process_exec" }
    }));
    assert!(tool.get("annotations").is_none(), "{tool}");
    assert_exact(&tool["policy"], &json!({ "kind": "execute", "side_effect_level": "process_exec" }));
}

#[test]
fn every_policy_kind_and_side_effect_level_is_accepted() {
    let kinds = ["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "other"];
    let levels = ["none", "read_only", "workspace_write", "process_exec", "network", "desktop_control"];
    let mut tools = Vec::new();
    let mut expected = Vec::new();
    for kind in kinds {
        for level in levels {
            tools.push(json!({
                "name": format!("{kind}_{level}"),
                "execution_policy": { "kind": kind, "side_effect_level": level }
            }));
            expected.push(json!({ "kind": kind, "side_effect_level": level }));
        }
    }
    let catalog = clean(json!({ "tools": tools }));
    let policies: Vec<Value> = catalog["tools"].as_array().unwrap().iter().map(|t| t["policy"].clone()).collect();
    assert_eq!(policies, expected);
}

#[test]
fn legacy_annotation_pair_becomes_policy() {
    let tool = clean_tool(json!({
        "name": "t",
        "annotations": { "kind": "search", "readOnlyHint": true, "side_effect_level": "network" }
    }));
    assert_exact(&tool["policy"], &json!({ "kind": "search", "side_effect_level": "network" }));
    assert_exact(&tool["annotations"], &json!({ "readOnlyHint": true }));
}

#[test]
fn execution_policy_wins_over_a_legacy_annotation_pair() {
    let tool = clean_tool(json!({
        "name": "t",
        "execution_policy": { "kind": "read", "side_effect_level": "none" },
        "annotations": { "kind": "edit", "side_effect_level": "workspace_write" }
    }));
    assert_exact(&tool["policy"], &json!({ "kind": "read", "side_effect_level": "none" }));
    assert!(tool.get("annotations").is_none(), "{tool}");
}

#[test]
fn invalid_legacy_annotation_pair_is_ignored_silently() {
    for annotations in [
        json!({ "kind": "look", "side_effect_level": "none" }),
        json!({ "kind": "read", "side_effect_level": "some" }),
        json!({ "kind": "read" }),
        json!({ "side_effect_level": "none" }),
        json!({ "kind": 1, "side_effect_level": "none" }),
        json!({ "kind": "read", "side_effect_level": ["none"] }),
    ] {
        let tool = clean_tool(json!({ "name": "t", "annotations": annotations }));
        assert!(tool.get("policy").is_none(), "{annotations} gave {tool}");
        assert!(tool.get("annotations").is_none(), "{annotations} gave {tool}");
    }
}

#[test]
fn runtime_policy_key_is_never_read_as_the_policy() {
    let tool = clean_tool(json!({
        "name": "t",
        "policy": { "kind": "read", "side_effect_level": "none" }
    }));
    assert!(tool.get("policy").is_none(), "{tool}");

    let tool = clean_tool(json!({
        "name": "t",
        "policy": { "kind": "read", "side_effect_level": "none" },
        "execution_policy": { "kind": "delete", "side_effect_level": "workspace_write" }
    }));
    assert_exact(&tool["policy"], &json!({ "kind": "delete", "side_effect_level": "workspace_write" }));
}

// ---------------------------------------------------------------------------
// a.3 steps 9–12: icons, execution, meta, governance
// ---------------------------------------------------------------------------

#[test]
fn icons_are_emitted_in_canonical_field_order() {
    let tool = clean_tool(json!({
        "name": "t",
        "icons": [
            { "theme": "dark", "sizes": ["48x48", "any"], "mimeType": "image/png", "src": "https://example.com/t.png" },
            { "src": "data:image/svg+xml;base64,PHN2Zy8+" },
            { "theme": "light", "src": "t-light.svg" }
        ]
    }));
    assert_exact(
        &tool["icons"],
        &json!([
            { "src": "https://example.com/t.png", "mimeType": "image/png", "sizes": ["48x48", "any"], "theme": "dark" },
            { "src": "data:image/svg+xml;base64,PHN2Zy8+" },
            { "src": "t-light.svg", "theme": "light" }
        ]),
    );
}

#[test]
fn execution_task_support_is_copied() {
    for support in ["forbidden", "optional", "required"] {
        let tool = clean_tool(json!({ "name": "t", "execution": { "taskSupport": support } }));
        assert_exact(&tool["execution"], &json!({ "taskSupport": support }));
    }
}

#[test]
fn meta_becomes_underscore_meta_with_keys_sorted() {
    let tool = clean_tool(json!({
        "name": "t",
        "meta": {
            "io.example/zeta": 1,
            "Upper": true,
            "io.example/alpha": { "b": 2, "a": 1 },
            "com.example/mid": [3, 2, 1]
        }
    }));
    assert!(tool.get("meta").is_none());
    assert_exact(
        &tool["_meta"],
        &json!({
            "Upper": true,
            "com.example/mid": [3, 2, 1],
            "io.example/alpha": { "b": 2, "a": 1 },
            "io.example/zeta": 1
        }),
    );
}

#[test]
fn underscore_meta_in_a_spec_is_ignored_with_a_warning() {
    let outcome = compile_json(&json!({ "tools": [{ "name": "t", "_meta": { "a": 1 } }] }));
    let tool = &outcome.json()["tools"][0];
    assert!(tool.get("_meta").is_none(), "{tool}");
    assert_eq!(outcome.codes(), ["ignored-meta-key"]);
}

#[test]
fn governance_defaults_to_all_five_audiences() {
    for spec in [json!({ "name": "t" }), json!({ "name": "t", "governance": null })] {
        let tool = clean_tool(spec);
        assert_exact(&tool["governance"], &json!({ "audiences": ALL_AUDIENCES }));
    }
}

#[test]
fn governance_audiences_are_canonically_ordered() {
    let tool = clean_tool(json!({
        "name": "t",
        "governance": { "audiences": ["agent", "dashboard", "catalog", "mcp", "cli"] }
    }));
    assert_exact(&tool["governance"], &json!({ "audiences": ALL_AUDIENCES }));
    let tool = clean_tool(json!({
        "name": "t",
        "governance": { "audiences": ["agent", "catalog", "cli"] }
    }));
    assert_exact(&tool["governance"], &json!({ "audiences": ["cli", "catalog", "agent"] }));
}

#[test]
fn tools_without_the_catalog_audience_are_left_out() {
    let catalog = clean(json!({ "tools": [
        { "name": "first" },
        { "name": "hidden_from_catalog", "governance": { "audiences": ["cli", "mcp", "dashboard", "agent"] } },
        { "name": "catalog_only", "governance": { "audiences": ["catalog"] } },
        { "name": "last", "governance": { "audiences": ["mcp", "catalog"] } }
    ]}));
    let names: Vec<&str> = catalog["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["first", "catalog_only", "last"]);
    assert_exact(&catalog["tools"][1]["governance"], &json!({ "audiences": ["catalog"] }));
}

// ---------------------------------------------------------------------------
// a.3 step 13 / d.1: the tool's CLI spec
// ---------------------------------------------------------------------------

#[test]
fn implicit_cli_command_from_namespace_and_name() {
    let tool = clean_tool(json!({ "name": "get_widget", "namespace": "widgets" }));
    assert_exact(&tool["cli"], &default_cli(&["widgets", "get_widget"]));
    let tool = clean_tool(json!({ "name": "get_widget" }));
    assert_exact(&tool["cli"], &default_cli(&["get_widget"]));
}

#[test]
fn implicit_cli_command_splits_dotted_names() {
    let tool = clean_tool(json!({ "name": "harn.code.search_examples" }));
    assert_exact(&tool["cli"], &default_cli(&["harn", "code", "search_examples"]));
    let tool = clean_tool(json!({ "name": "search.all", "namespace": "harn.code" }));
    assert_exact(&tool["cli"], &default_cli(&["harn", "code", "search", "all"]));
}

#[test]
fn implicit_cli_command_when_cli_or_its_command_is_absent() {
    let tool = clean_tool(json!({ "name": "t", "namespace": "ns", "cli": null }));
    assert_exact(&tool["cli"], &default_cli(&["ns", "t"]));
    let tool = clean_tool(json!({ "name": "t", "namespace": "ns", "cli": {} }));
    assert_exact(&tool["cli"], &default_cli(&["ns", "t"]));
    let tool = clean_tool(json!({
        "name": "t",
        "namespace": "ns",
        "cli": { "command": null, "aliases": ["tee"], "hidden": true }
    }));
    assert_exact(&tool["cli"], &json!({ "command": ["ns", "t"], "aliases": ["tee"], "hidden": true, "arguments": {} }));
}

#[test]
fn explicit_cli_command_is_used_as_given() {
    let tool = clean_tool(json!({
        "name": "lookup.widget",
        "namespace": "ignored",
        "cli": { "command": ["widgets", "get", "one"] }
    }));
    assert_exact(&tool["cli"], &default_cli(&["widgets", "get", "one"]));
    assert_eq!(tool["namespace"], json!("ignored"));
}

#[test]
fn cli_spec_fields_are_emitted_in_order_with_argument_defaults() {
    let tool = clean_tool(json!({
        "name": "t",
        "parameters": {
            "zeta": { "type": "string" },
            "alpha": { "type": "string" },
            "Beta": { "type": "bool" }
        },
        "cli": {
            "arguments": {
                "zeta": { "position": 0 },
                "alpha": {},
                "Beta": { "boolean_style": "set_false", "long": "no-beta" }
            },
            "hidden": true,
            "aliases": ["tee", "t2"],
            "command": ["tools", "t"]
        }
    }));
    let mut beta = default_argument();
    beta["long"] = json!("no-beta");
    beta["boolean_style"] = json!("set_false");
    let mut zeta = default_argument();
    zeta["position"] = json!(0);
    let expected = json!({
        "command": ["tools", "t"],
        "aliases": ["tee", "t2"],
        "hidden": true,
        "arguments": {
            "Beta": {
                "long": "no-beta",
                "aliases": [],
                "boolean_style": "set_false",
                "repeatable": false,
                "hidden": false,
                "completions": []
            },
            "alpha": default_argument(),
            "zeta": {
                "aliases": [],
                "position": 0,
                "boolean_style": "value",
                "repeatable": false,
                "hidden": false,
                "completions": []
            }
        }
    });
    assert_exact(&tool["cli"], &expected);
    assert_eq!(tool["cli"]["arguments"]["Beta"], beta);
    assert_eq!(tool["cli"]["arguments"]["zeta"], zeta);
}

#[test]
fn cli_argument_fields_serialise_in_contract_order() {
    let tool = clean_tool(json!({
        "name": "t",
        "parameters": { "paths": { "type": "list", "items": { "type": "string" } } },
        "cli": { "arguments": { "paths": {
            "help_group": "Input",
            "display_order": 3,
            "completions": ["a.txt", "b.txt"],
            "hidden": true,
            "repeatable": true,
            "boolean_style": "value",
            "value_hint": "file",
            "help": "Files to read.",
            "value_name": "PATH",
            "aliases": ["file", "input"],
            "short": "p",
            "long": "path"
        }}}
    }));
    assert_exact(
        &tool["cli"]["arguments"]["paths"],
        &json!({
            "long": "path",
            "short": "p",
            "aliases": ["file", "input"],
            "value_name": "PATH",
            "help": "Files to read.",
            "value_hint": "file",
            "boolean_style": "value",
            "repeatable": true,
            "hidden": true,
            "completions": ["a.txt", "b.txt"],
            "display_order": 3,
            "help_group": "Input"
        }),
    );
}

// ---------------------------------------------------------------------------
// a.3 step 14: source
// ---------------------------------------------------------------------------

#[test]
fn source_is_emitted_with_binding_sorted() {
    let tool = clean_tool(json!({
        "name": "t",
        "source": {
            "binding": { "path": "/w/{id}", "method": "GET", "Accept": "application/json", "params": { "z": 1, "a": 2 } },
            "id": "getWidget",
            "kind": "openapi"
        }
    }));
    assert_exact(
        &tool["source"],
        &json!({
            "kind": "openapi",
            "id": "getWidget",
            "binding": {
                "Accept": "application/json",
                "method": "GET",
                "params": { "z": 1, "a": 2 },
                "path": "/w/{id}"
            }
        }),
    );
    let tool = clean_tool(json!({ "name": "t", "source": { "kind": "harn" } }));
    assert_exact(&tool["source"], &json!({ "kind": "harn" }));
}

// ---------------------------------------------------------------------------
// a.4: the entry's field order and its always-serialised defaults
// ---------------------------------------------------------------------------

#[test]
fn minimal_entry_always_serialises_its_defaults() {
    let outcome = compile_json(&json!({ "tools": [{ "name": "t" }] }));
    outcome.assert_clean();
    assert_eq!(
        text_of(&outcome),
        concat!(
            r#"{"schema_version":"harn-tools/2.0","tools":[{"name":"t","#,
            r#""inputSchema":{"type":"object","properties":{}},"#,
            r#""governance":{"audiences":["cli","mcp","catalog","dashboard","agent"]},"#,
            r#""cli":{"command":["t"],"aliases":[],"hidden":false,"arguments":{}},"#,
            r#""deferLoading":false}]}"#,
            "\n"
        )
    );
}

#[test]
fn entry_fields_are_emitted_in_contract_order() {
    // Every field, declared in reverse of the emitted order.
    let outcome = compile_json(&json!({ "tools": [{
        "meta": { "io.example/tier": "gold" },
        "execution_policy": { "kind": "read", "side_effect_level": "read_only" },
        "source": { "kind": "openapi", "id": "getWidget" },
        "defer_loading": true,
        "namespace": "widgets",
        "cli": { "aliases": ["show"] },
        "governance": { "audiences": ["mcp", "catalog"] },
        "execution": { "taskSupport": "optional" },
        "icons": [{ "src": "w.svg" }],
        "annotations": { "readOnlyHint": true },
        "error_schema": { "type": "string" },
        "returns": { "type": "object" },
        "parameters": { "id": "string" },
        "description": "Look up a widget.",
        "title": "Lookup",
        "name": "lookup"
    }]}));
    outcome.assert_clean();
    let expected = json!({
        "schema_version": "harn-tools/2.0",
        "tools": [{
            "name": "lookup",
            "title": "Lookup",
            "description": "Look up a widget.",
            "inputSchema": { "type": "object", "properties": { "id": { "type": "string" } } },
            "outputSchema": { "type": "object" },
            "errorSchema": { "type": "string" },
            "annotations": { "readOnlyHint": true },
            "icons": [{ "src": "w.svg" }],
            "execution": { "taskSupport": "optional" },
            "governance": { "audiences": ["mcp", "catalog"] },
            "cli": { "command": ["widgets", "lookup"], "aliases": ["show"], "hidden": false, "arguments": {} },
            "namespace": "widgets",
            "deferLoading": true,
            "source": { "kind": "openapi", "id": "getWidget" },
            "policy": { "kind": "read", "side_effect_level": "read_only" },
            "_meta": { "io.example/tier": "gold" }
        }]
    });
    assert_eq!(text_of(&outcome), compact(&expected));
}

// ---------------------------------------------------------------------------
// a.5: the registry options, and the envelope
// ---------------------------------------------------------------------------

#[test]
fn info_is_emitted_as_name_version_description() {
    let catalog = clean(json!({
        "info": { "description": "All the widgets.", "version": "2.1.0", "name": "widgets" },
        "tools": []
    }));
    assert_exact(
        &catalog["info"],
        &json!({ "name": "widgets", "version": "2.1.0", "description": "All the widgets." }),
    );
    let catalog = clean(json!({ "info": { "name": "widgets" }, "tools": [] }));
    assert_exact(&catalog["info"], &json!({ "name": "widgets" }));
}

#[test]
fn components_are_sorted_by_name_and_other_keys_ignored() {
    let catalog = clean(json!({
        "components": {
            "responses": { "Ignored": { "description": "not a schema" } },
            "schemas": {
                "Zeta": { "type": "string" },
                "Alpha": { "type": "object", "properties": { "z": true, "a": false } },
                "Bool": true,
                "alpha": { "type": "integer" }
            },
            "x-notes": 1
        },
        "tools": []
    }));
    assert_exact(
        &catalog["components"],
        &json!({ "schemas": {
            "Alpha": { "type": "object", "properties": { "z": true, "a": false } },
            "Bool": true,
            "Zeta": { "type": "string" },
            "alpha": { "type": "integer" }
        }}),
    );
}

#[test]
fn registry_cli_commands_always_emit_aliases_and_hidden() {
    let catalog = clean(json!({
        "cli": { "commands": [
            { "command": ["widgets"] },
            {
                "display_order": 2,
                "hidden": true,
                "aliases": ["adm"],
                "description": "Administer widgets.",
                "title": "Admin",
                "command": ["widgets", "admin"]
            }
        ]},
        // The metadata must name parent commands of CLI tools (spec/contract.md d.3).
        "tools": [
            { "name": "get", "namespace": "widgets" },
            { "name": "reset", "cli": { "command": ["widgets", "admin", "reset"] } }
        ]
    }));
    assert_exact(
        &catalog["cli"],
        &json!({ "commands": [
            { "command": ["widgets"], "aliases": [], "hidden": false },
            {
                "command": ["widgets", "admin"],
                "title": "Admin",
                "description": "Administer widgets.",
                "aliases": ["adm"],
                "hidden": true,
                "display_order": 2
            }
        ]}),
    );
}

#[test]
fn registry_cli_without_commands_emits_an_empty_list() {
    let catalog = clean(json!({ "cli": {}, "tools": [] }));
    assert_exact(&catalog["cli"], &json!({ "commands": [] }));
}

#[test]
fn envelope_fields_are_emitted_in_contract_order() {
    let outcome = compile_json(&json!({
        "components": { "schemas": { "S": { "type": "string" } } },
        "tools": [{ "name": "t" }],
        "cli": { "commands": [] },
        "info": { "name": "reg" }
    }));
    outcome.assert_clean();
    let text = text_of(&outcome);
    let keys: Vec<String> =
        serde_json::from_str::<Value>(&text).unwrap().as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["schema_version", "info", "cli", "tools", "components"]);
    assert!(
        text.starts_with(
            r#"{"schema_version":"harn-tools/2.0","info":{"name":"reg"},"cli":{"commands":[]},"tools":[{"name":"t","#
        ),
        "{text}"
    );
    assert!(text.ends_with("],\"components\":{\"schemas\":{\"S\":{\"type\":\"string\"}}}}\n"), "{text}");
}

// ---------------------------------------------------------------------------
// spec/decisions.md 1, 7, 8
// ---------------------------------------------------------------------------

#[test]
fn empty_tools_list_is_valid() {
    let outcome = compile_json(&json!({ "tools": [] }));
    outcome.assert_clean();
    assert_eq!(text_of(&outcome), "{\"schema_version\":\"harn-tools/2.0\",\"tools\":[]}\n");
}

#[test]
fn redefined_tool_last_definition_wins_and_moves_to_the_end() {
    let text = r#"{"tools": [
  {"name": "a", "description": "First a."},
  {"name": "b"},
  {"name": "a", "description": "Second a."}
]}"#;
    let outcome = compile_text("input.json", text);
    let catalog = outcome.json();
    let tools = catalog["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 2, "{catalog}");
    assert_eq!(tools[0]["name"], json!("b"));
    assert_eq!(tools[1]["name"], json!("a"));
    assert_eq!(tools[1]["description"], json!("Second a."));

    assert_eq!(outcome.codes(), ["redefined-tool"]);
    let warning = &outcome.diagnostics[0];
    assert!(!warning.is_error());
    assert!(warning.message.contains("\"a\""), "{}", warning.message);
    let here = warning.origin.as_ref().expect("the redefinition is located");
    assert_eq!(here.pointer().map(ToString::to_string).as_deref(), Some("/tools/2/name"));
    assert_eq!(here.line_col().line, 4);
    assert_eq!(warning.related.len(), 1, "the first definition is named");
    let first = &warning.related[0].origin;
    assert_eq!(first.pointer().map(ToString::to_string).as_deref(), Some("/tools/0/name"));
    assert_eq!(first.line_col().line, 2);
    let human = outcome.human();
    assert!(human.contains("input.json:4:12"), "{human}");
    assert!(human.contains("first defined here"), "{human}");
    assert!(human.contains("input.json:2:12"), "{human}");
}

#[test]
fn widgets_registry_is_the_same_in_json_yaml_and_toml() {
    let json = compile_path(&widgets_path("json"));
    let yaml = compile_path(&widgets_path("yaml"));
    let toml = compile_path(&widgets_path("toml"));
    for outcome in [&json, &yaml, &toml] {
        outcome.assert_clean();
    }
    let json = text_of(&json);
    assert_eq!(text_of(&yaml), json, "YAML differs from JSON");
    assert_eq!(text_of(&toml), json, "TOML differs from JSON");

    // `.yml` is the same format as `.yaml`.
    let yaml_text = std::fs::read_to_string(widgets_path("yaml")).unwrap();
    assert_eq!(text_of(&compile_text("registry.yml", &yaml_text)), json);
}

#[test]
fn widgets_catalog() {
    let outcome = compile_path(&widgets_path("json"));
    outcome.assert_clean();
    let pretty = format!("{}\n", serde_json::to_string_pretty(&outcome.json()).unwrap());
    let text = std::fs::read_to_string(widgets_path("json")).unwrap();
    assert_eq!(pretty_of("registry.json", &text), pretty);
    insta::assert_snapshot!("widgets_catalog", pretty);
}

// ---------------------------------------------------------------------------
// Existing catalogs (spec/decisions.md 1, spec/contract.md a.1)
// ---------------------------------------------------------------------------

#[test]
fn emitted_catalog_reads_back_byte_identically() {
    let first = text_of(&compile_path(&widgets_path("json")));
    let again = compile_text("catalog.json", &first);
    again.assert_clean();
    assert_eq!(text_of(&again), first);

    // A pretty catalog reads back to the same compact bytes, and pretty to pretty.
    let registry = std::fs::read_to_string(widgets_path("json")).unwrap();
    let pretty = pretty_of("registry.json", &registry);
    assert_eq!(text_of(&compile_text("catalog.json", &pretty)), first);
    assert_eq!(pretty_of("catalog.json", &pretty), pretty);

    // A catalog with every optional field set reads back unchanged too.
    let full = text_of(&compile_json(&json!({
        "info": { "name": "r", "version": "1", "description": "R." },
        "cli": { "commands": [{ "command": ["g"], "title": "G", "description": "Group.", "aliases": ["gg"], "hidden": true, "display_order": 1 }] },
        "components": { "schemas": { "B": { "type": "string" }, "A": { "type": "object" } } },
        "tools": [{
            "name": "t", "title": "T", "description": "D.",
            "parameters": { "x": { "type": "int", "required": true } },
            "returns": { "$ref": "#/components/schemas/A" }, "error_schema": false,
            "annotations": { "title": "TT", "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false },
            "icons": [{ "src": "i.png", "mimeType": "image/png", "sizes": ["16x16"], "theme": "light" }],
            "execution": { "taskSupport": "required" },
            "governance": { "audiences": ["catalog", "cli"] },
            "namespace": "g",
            "cli": { "aliases": ["tee"], "arguments": { "x": { "position": 0, "help": "X." } } },
            "defer_loading": true,
            "source": { "kind": "harn", "id": "t", "binding": { "b": 1, "a": 2 } },
            "execution_policy": { "kind": "think", "side_effect_level": "none" },
            "meta": { "b": 1, "a": 2 }
        }]
    })));
    let again = compile_text("catalog.json", &full);
    again.assert_clean();
    assert_eq!(text_of(&again), full);
}

#[test]
fn catalog_explicit_null_optionals_are_omitted() {
    let canonical = json!({
        "schema_version": "harn-tools/2.0",
        "info": { "name": "r" },
        "cli": { "commands": [{ "command": ["g"], "aliases": [], "hidden": false }] },
        "tools": [{
            "name": "t",
            "inputSchema": { "type": "object", "properties": {} },
            "annotations": { "readOnlyHint": true },
            "icons": [{ "src": "i.svg" }],
            "governance": { "audiences": ["cli", "catalog"] },
            "cli": {
                "command": ["g", "t"],
                "aliases": [],
                "hidden": false,
                "arguments": {}
            },
            "deferLoading": false,
            "source": { "kind": "harn" }
        }]
    });
    let with_nulls = json!({
        "schema_version": "harn-tools/2.0",
        "info": { "name": "r", "version": null, "description": null },
        "cli": { "commands": [{
            "command": ["g"], "title": null, "description": null,
            "aliases": [], "hidden": false, "display_order": null
        }] },
        "tools": [{
            "name": "t",
            "title": null,
            "description": null,
            "inputSchema": { "type": "object", "properties": {} },
            "outputSchema": null,
            "errorSchema": null,
            "annotations": {
                "title": null, "readOnlyHint": true, "destructiveHint": null,
                "idempotentHint": null, "openWorldHint": null
            },
            "icons": [{ "src": "i.svg", "mimeType": null, "sizes": null, "theme": null }],
            "execution": null,
            "governance": { "audiences": ["cli", "catalog"] },
            "cli": {
                "command": ["g", "t"],
                "aliases": [],
                "hidden": false,
                "arguments": {}
            },
            "namespace": null,
            "deferLoading": false,
            "source": { "kind": "harn", "id": null, "binding": null },
            "policy": null,
            "_meta": null
        }],
        "components": null
    });
    let outcome = compile_json(&with_nulls);
    outcome.assert_clean();
    assert_eq!(text_of(&outcome), compact(&canonical));
    // And the canonical form itself is a fixed point.
    assert_eq!(text_of(&compile_json(&canonical)), compact(&canonical));
}

#[test]
fn catalog_argument_null_optionals_are_omitted() {
    let argument = |extra: Value| {
        let mut argument = default_argument();
        for (k, v) in extra.as_object().unwrap() {
            argument[k] = v.clone();
        }
        json!({
            "schema_version": "harn-tools/2.0",
            "tools": [{
                "name": "t",
                "inputSchema": { "type": "object", "properties": { "x": { "type": "string" } } },
                "governance": { "audiences": ["catalog"] },
                "cli": { "command": ["t"], "aliases": [], "hidden": false, "arguments": { "x": argument } },
                "deferLoading": false
            }]
        })
    };
    let with_nulls = argument(json!({
        "long": null, "short": null, "position": null, "value_name": null,
        "help": null, "value_hint": null, "display_order": null, "help_group": null
    }));
    let outcome = compile_json(&with_nulls);
    outcome.assert_clean();
    let expected = argument(json!({}));
    assert_eq!(text_of(&outcome), compact(&expected));
    let tool_cli = &outcome.json()["tools"][0]["cli"]["arguments"]["x"];
    assert_exact(tool_cli, &default_argument());
}

// ---------------------------------------------------------------------------
// spec/contract.md e / spec/decisions.md 9: serialisation and determinism
// ---------------------------------------------------------------------------

#[test]
fn compact_and_pretty_output_of_the_binary() {
    let registry = widgets_path("json");
    let registry = registry.to_str().unwrap();
    let (code, compact_out, _) = run(&["schema", registry]);
    assert_eq!(code, 0);
    let (code, pretty_out, _) = run(&["schema", registry, "--pretty"]);
    assert_eq!(code, 0);

    // Compact: serde_json::to_string, one trailing newline and no other.
    let value: Value = serde_json::from_str(&compact_out).unwrap();
    assert_eq!(compact_out, format!("{}\n", serde_json::to_string(&value).unwrap()));
    assert_eq!(compact_out.matches('\n').count(), 1);
    assert!(!compact_out.contains(": ") && !compact_out.contains(", "));

    // Pretty: serde_json's two-space printer over the same value, one trailing newline.
    assert_eq!(pretty_out, format!("{}\n", serde_json::to_string_pretty(&value).unwrap()));
    assert!(pretty_out.ends_with("}\n") && !pretty_out.ends_with("\n\n"));
    assert!(pretty_out.starts_with("{\n  \"schema_version\": \"harn-tools/2.0\",\n"));
    assert!(pretty_out.contains("\n        \"aliases\": [],\n"), "{pretty_out}");
    for line in pretty_out.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        assert_eq!(indent % 2, 0, "odd indent in {line:?}");
        assert!(!line.starts_with('\t'));
    }
    // `/` is not escaped.
    assert!(pretty_out.contains(r##""$ref": "#/components/schemas/Widget""##));
    assert!(!pretty_out.contains("\\/"));
}

#[test]
fn pretty_output_writes_empty_containers_and_raw_utf8() {
    let text = r#"{"tools": [{"name": "t", "description": "Größe — ☃ 日本 / \"q\" \\ tab\t."}]}"#;
    let compiled = compile_text("input.json", text);
    compiled.assert_clean();
    let compact_text = text_of(&compiled);
    assert!(compact_text.contains(r#""description":"Größe — ☃ 日本 / \"q\" \\ tab\t.""#), "{compact_text}");
    let pretty = pretty_of("input.json", text);
    let expected = concat!(
        "{\n",
        "  \"schema_version\": \"harn-tools/2.0\",\n",
        "  \"tools\": [\n",
        "    {\n",
        "      \"name\": \"t\",\n",
        "      \"description\": \"Größe — ☃ 日本 / \\\"q\\\" \\\\ tab\\t.\",\n",
        "      \"inputSchema\": {\n",
        "        \"type\": \"object\",\n",
        "        \"properties\": {}\n",
        "      },\n",
        "      \"governance\": {\n",
        "        \"audiences\": [\n",
        "          \"cli\",\n",
        "          \"mcp\",\n",
        "          \"catalog\",\n",
        "          \"dashboard\",\n",
        "          \"agent\"\n",
        "        ]\n",
        "      },\n",
        "      \"cli\": {\n",
        "        \"command\": [\n",
        "          \"t\"\n",
        "        ],\n",
        "        \"aliases\": [],\n",
        "        \"hidden\": false,\n",
        "        \"arguments\": {}\n",
        "      },\n",
        "      \"deferLoading\": false\n",
        "    }\n",
        "  ]\n",
        "}\n"
    );
    assert_eq!(pretty, expected);
}

#[test]
fn numbers_are_written_as_serde_json_writes_them() {
    let outcome = compile_text(
        "input.json",
        r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {
            "type": "number", "minimum": 1.50, "maximum": 1e3, "multipleOf": 0.1,
            "default": 10, "examples": [-7, 18446744073709551615, 2.5e-8]
        }}}}]}"#,
    );
    outcome.assert_clean();
    let text = text_of(&outcome);
    assert!(
        text.contains(r#"{"type":"number","minimum":1.5,"maximum":1000.0,"multipleOf":0.1,"default":10,"examples":[-7,18446744073709551615,2.5e-8]}"#),
        "{text}"
    );
}

#[test]
fn same_input_gives_the_same_bytes() {
    let declaration = json!({
        "info": { "name": "r" },
        "components": { "schemas": { "Z": true, "M": { "type": "string" }, "A": false } },
        "tools": [
            {
                "name": "t",
                "parameters": { "z": "int", "a": { "type": "string", "required": true }, "m": "any" },
                "meta": { "z": 1, "y": 2, "x": 3, "w": 4, "v": 5, "u": 6 },
                "source": { "kind": "k", "binding": { "q": 1, "p": 2, "o": 3, "n": 4 } },
                "cli": { "arguments": { "z": {}, "m": {}, "a": { "position": 0 } } },
                "governance": { "audiences": ["agent", "mcp", "catalog"] }
            },
            { "name": "s.u.v" }
        ]
    });
    let first = text_of(&compile_json(&declaration));
    for _ in 0..5 {
        assert_eq!(text_of(&compile_json(&declaration)), first);
    }
    let widgets = text_of(&compile_path(&widgets_path("json")));
    assert_eq!(text_of(&compile_path(&widgets_path("json"))), widgets);
    let (_, a, _) = run(&["schema", widgets_path("toml").to_str().unwrap()]);
    let (_, b, _) = run(&["schema", widgets_path("toml").to_str().unwrap()]);
    assert_eq!(a, b);
    assert_eq!(a, widgets);
}

#[test]
fn embedded_schemas_keep_source_key_order() {
    let input = r#"{"required":["b"],"properties":{"b":{"maxLength":3,"type":"string"},"a":{"type":"integer"}},"type":"object","additionalProperties":false}"#;
    let output = r#"{"properties":{"z":{"type":"string"},"y":true},"type":"object"}"#;
    let error = r#"{"title":"Oops","type":"object","$defs":{"Z":{"type":"null"},"A":true}}"#;
    let component = r#"{"required":["id"],"type":"object","properties":{"id":{"type":"string"}}}"#;
    let json_text = format!(
        r#"{{"components":{{"schemas":{{"C":{component}}}}},"tools":[{{"name":"t","inputSchema":{input},"outputSchema":{output},"errorSchema":{error}}}]}}"#
    );
    for (name, text) in [
        ("input.json", json_text.clone()),
        ("input.yaml", json_text.clone()), // JSON is YAML too: flow mappings keep their order.
    ] {
        let outcome = compile_text(name, &text);
        outcome.assert_clean();
        let emitted = text_of(&outcome);
        for fragment in [
            format!(r#""inputSchema":{input}"#),
            format!(r#""outputSchema":{output}"#),
            format!(r#""errorSchema":{error}"#),
            format!(r#""C":{component}"#),
        ] {
            assert!(emitted.contains(&fragment), "{name}: {fragment} not in {emitted}");
        }
    }

    let toml_text = r#"
[components.schemas.C]
required = ["id"]
type = "object"
properties.id = { type = "string" }

[[tools]]
name = "t"
inputSchema = { required = ["b"], properties = { b = { maxLength = 3, type = "string" }, a = { type = "integer" } }, type = "object", additionalProperties = false }
outputSchema = { properties = { z = { type = "string" }, y = true }, type = "object" }
errorSchema = { title = "Oops", type = "object", "$defs" = { Z = { type = "null" }, A = true } }
"#;
    let from_toml = compile_text("input.toml", toml_text);
    from_toml.assert_clean();
    assert_eq!(text_of(&from_toml), text_of(&compile_text("input.json", &json_text)));

    let yaml_text = r#"
components:
  schemas:
    C:
      required: [id]
      type: object
      properties:
        id: {type: string}
tools:
  - name: t
    inputSchema:
      required: [b]
      properties:
        b: {maxLength: 3, type: string}
        a: {type: integer}
      type: object
      additionalProperties: false
    outputSchema:
      properties:
        z: {type: string}
        y: true
      type: object
    errorSchema:
      title: Oops
      type: object
      $defs:
        Z: {type: "null"}
        A: true
"#;
    let from_yaml = compile_text("input.yaml", yaml_text);
    from_yaml.assert_clean();
    assert_eq!(text_of(&from_yaml), text_of(&compile_text("input.json", &json_text)));
}
