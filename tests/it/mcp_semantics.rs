//! MCP projection keeps schema semantics, on real data:
//!
//! - every test group of the JSON-Schema-Test-Suite (Draft 2020-12) that needs no
//!   remote document becomes a component referenced from a tool's input property; the
//!   tool is projected through MCP and each test's data, wrapped as that property, is
//!   validated against the standalone schema with the `jsonschema` crate: the verdict
//!   must equal the suite's, and every group that is refused must be refused for a
//!   documented reason;
//! - the 117 tools of the GitHub MCP server, declared as a registry and compiled,
//!   project back to their original `inputSchema`, `annotations`, `icons` and `_meta`.

use crate::common;

use std::collections::BTreeMap;

use serde_json::{Value, json};

/// Suite files whose every group must project: references, definitions, anchors,
/// dynamic references, the applicators and the unevaluated keywords. Only groups that
/// use resource-scope keywords (which MCP bundling cannot move) may be refused here,
/// whichever of their keywords the projection meets first.
const MUST_PROJECT: &[&str] = &[
    "ref.json",
    "defs.json",
    "anchor.json",
    "dynamicRef.json",
    "allOf.json",
    "anyOf.json",
    "oneOf.json",
    "not.json",
    "if-then-else.json",
    "properties.json",
    "patternProperties.json",
    "additionalProperties.json",
    "items.json",
    "prefixItems.json",
    "contains.json",
    "dependentSchemas.json",
    "propertyNames.json",
    "unevaluatedItems.json",
    "unevaluatedProperties.json",
];

/// Why a group may be refused, by the rule that refuses it.
const DOCUMENTED_REFUSALS: &[(&str, &str)] = &[
    (
        "mcp-resource-scope",
        "the schema uses $id, $anchor, $dynamicAnchor or $dynamicRef, which MCP bundling cannot move (spec/contract.md c.2)",
    ),
    (
        "mcp-external-ref",
        "the schema references a document by URI (here, resources its own $id declares), which a bundled MCP schema cannot hold (spec/decisions.md 5)",
    ),
    ("ref-cycle", "the schema's references loop without consuming the instance, which Draft 2020-12 calls invalid"),
];

/// Whether a group needs a document that is not in it: one of the suite's remotes
/// (served at `http://localhost:1234` by the suite's own harness) or a meta-schema
/// that validators know by its URL. harn-catalog never fetches either.
pub fn needs_remote(group: &Value) -> bool {
    let text = group["schema"].to_string();
    text.contains("localhost:1234") || text.contains("\"$ref\":\"https://json-schema.org/")
}

/// Whether a schema uses a keyword that changes resource scope anywhere.
pub(crate) fn uses_resource_scope(schema: &Value) -> bool {
    let text = schema.to_string();
    ["\"$id\"", "\"$anchor\"", "\"$dynamicAnchor\"", "\"$dynamicRef\""].iter().any(|k| text.contains(k))
}

struct Tally {
    projected: usize,
    refused: BTreeMap<&'static str, Vec<String>>,
    remote: usize,
    mismatches: Vec<String>,
}

#[test]
fn the_json_schema_test_suite_keeps_its_verdicts_through_mcp_projection() {
    let Some(files) = common::suite_files("mcp_semantics: the JSON-Schema-Test-Suite through MCP projection") else {
        return;
    };
    let mut tally = Tally { projected: 0, refused: BTreeMap::new(), remote: 0, mismatches: Vec::new() };
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let groups: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for (g, group) in groups.iter().enumerate() {
            let label = format!("{name} #{g} {:?}", group["description"].as_str().unwrap_or_default());
            if needs_remote(group) {
                tally.remote += 1;
                continue;
            }
            project_group(&name, &label, group, &mut tally);
        }
    }
    let refused: usize = tally.refused.values().map(Vec::len).sum();
    println!(
        "JSON-Schema-Test-Suite through MCP: {} groups projected, {refused} refused, {} need a remote document",
        tally.projected, tally.remote
    );
    for (code, groups) in &tally.refused {
        let reason = DOCUMENTED_REFUSALS.iter().find(|(c, _)| c == code).map_or("", |(_, r)| r);
        println!("  refused by {code}, because {reason} ({} groups): {}", groups.len(), groups.join("; "));
    }
    assert!(tally.mismatches.is_empty(), "verdicts changed by projection:\n{}", tally.mismatches.join("\n"));
    // A guard against the test passing vacuously (the suite has 383 groups, 40 of
    // them with remote documents).
    assert!(tally.projected >= 300, "only {} groups projected", tally.projected);
}

fn project_group(file: &str, label: &str, group: &Value, tally: &mut Tally) {
    let registry = json!({
        "components": {"schemas": {"S": group["schema"]}},
        "tools": [{
            "name": "t",
            "governance": {"audiences": ["mcp", "catalog"]},
            "inputSchema": {"type": "object", "properties": {"value": {"$ref": "#/components/schemas/S"}}, "required": ["value"]}
        }]
    });
    let compilation = common::compile_text("suite.json", &registry.to_string());
    let Some(prepared) = compilation.prepared.filter(|_| compilation.catalog.is_some()) else {
        let code = compilation.diagnostics.iter().find(|d| d.is_error()).map_or("?", |d| d.code());
        let documented = DOCUMENTED_REFUSALS.iter().find(|(c, _)| *c == code).map(|(c, _)| *c);
        match documented {
            Some(code) if uses_resource_scope(&group["schema"]) || !MUST_PROJECT.contains(&file) => {
                tally.refused.entry(code).or_default().push(label.to_owned());
            }
            _ => {
                let messages: Vec<String> = compilation.diagnostics.iter().map(|d| d.message.clone()).collect();
                tally.mismatches.push(format!("{label}: refused by {code}: {}", messages.join(" / ")));
            }
        }
        return;
    };
    let standalone = &prepared.mcp[0].input_schema;
    let validator = match jsonschema::options().with_draft(jsonschema::Draft::Draft202012).build(standalone) {
        Ok(validator) => validator,
        Err(e) => {
            tally.mismatches.push(format!("{label}: the projected schema does not compile: {e}\n{standalone}"));
            return;
        }
    };
    tally.projected += 1;
    for test in group["tests"].as_array().unwrap() {
        let expected = test["valid"].as_bool().unwrap();
        let actual = validator.is_valid(&json!({ "value": test["data"] }));
        if actual != expected {
            tally.mismatches.push(format!(
                "{label}: {:?}: the suite says {expected}, the projected schema says {actual}",
                test["description"].as_str().unwrap_or_default()
            ));
        }
    }
}

#[test]
fn the_github_mcp_server_tools_round_trip() {
    let Some((originals, registry)) =
        common::github_registry("mcp_semantics: the GitHub MCP server's tools round-trip")
    else {
        return;
    };
    assert_eq!(originals.len(), 117);
    let outcome = common::compile_json(&registry);
    assert!(outcome.diagnostics.is_empty(), "{}", outcome.human());
    let prepared = outcome.prepared.expect("prepared");
    assert_eq!(prepared.mcp.len(), originals.len());
    for (original, projected) in originals.iter().zip(&prepared.mcp) {
        let projected = serde_json::to_value(projected).unwrap();
        assert_eq!(projected["name"], original["name"]);
        for field in ["inputSchema", "annotations", "icons", "_meta"] {
            assert_eq!(projected.get(field), original.get(field), "{}: {field}", original["name"]);
        }
        // Key order too: the schema comes back byte for byte.
        assert_eq!(projected["inputSchema"].to_string(), original["inputSchema"].to_string(), "{}", original["name"]);
    }
}

#[test]
fn bundled_references_resolve_for_component_names_that_need_escaping() {
    let registry = json!({
        "components": {"schemas": {
            "My Thing": {"type": "integer"},
            "Result/Envelope~v2": {"type": "object", "properties": {"n": {"$ref": "#/components/schemas/My Thing"}}, "required": ["n"]}
        }},
        "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"e": {"$ref": "#/components/schemas/Result~1Envelope~0v2"}}, "required": ["e"]}}]
    });
    let prepared = common::compile_json(&registry).prepared.expect("prepared");
    let schema = &prepared.mcp[0].input_schema;
    let validator =
        jsonschema::options().with_draft(jsonschema::Draft::Draft202012).build(schema).expect("references resolve");
    assert!(validator.is_valid(&json!({"e": {"n": 3}})));
    assert!(!validator.is_valid(&json!({"e": {"n": "three"}})));
}
