//! The inputs `make bench` generates compile clean: a benchmark of an input that is
//! refused measures only how fast it is refused. (A grammar change made the generated
//! `.harn` module invalid once, and only `make bench` noticed.)

use crate::common::compile_text;

#[path = "../../benches/support/generate.rs"]
pub(crate) mod generate;
#[path = "../../benches/support/generate_harn.rs"]
mod generate_harn;

#[test]
fn the_generated_registry_compiles_clean() {
    compile_text("bench.json", &generate::registry(60).to_string()).assert_clean();
}

#[test]
fn the_generated_harn_module_compiles_clean() {
    let outcome = compile_text("bench.harn", &generate_harn::module(400));
    outcome.assert_clean();
    let catalog: serde_json::Value = serde_json::from_str(outcome.catalog.as_deref().unwrap()).unwrap();
    let tools = catalog["tools"].as_array().map_or(0, Vec::len);
    assert!(tools >= 5, "the module exports its functions as tools ({tools})");
}

#[test]
fn the_changed_registry_compiles_clean_and_differs_in_one_tool_of_a_hundred() {
    let old = generate::registry(500);
    let new = generate::changed(500);
    compile_text("changed.json", &new.to_string()).assert_clean();
    let (old, new) = (old["tools"].as_array().unwrap(), new["tools"].as_array().unwrap());
    let differing = old.iter().zip(new).filter(|(a, b)| a != b).count();
    assert_eq!(differing, 5);
}

#[test]
fn the_same_named_registry_warns_once_per_redefinition() {
    let outcome = compile_text("same.json", &generate::same_named(50));
    assert_eq!(outcome.diagnostics.iter().filter(|d| d.code() == "redefined-tool").count(), 49);
    assert!(outcome.catalog.is_some(), "redefinitions are warnings");
}

/// Every shape `make bench` measures compiles clean, and has what its name says: the
/// graph shapes reference their components, the chain reaches from `Entity29` down to
/// `Entity0`, the mixed one declares some tools by legacy maps.
#[test]
fn every_generated_shape_compiles_clean_and_is_the_shape_it_names() {
    for shape in generate::SHAPES {
        let registry = generate::shaped(90, shape).unwrap();
        compile_text(&format!("{shape}.json"), &registry.to_string()).assert_clean();
        let text = registry.to_string();
        let references = text.matches("#/components/schemas/").count();
        match shape {
            "none" | "deep" => assert_eq!(references, 0, "{shape} has no component"),
            _ => assert!(references > 90, "{shape}: each tool references components"),
        }
    }
    let chained = generate::shaped(1, "chained").unwrap();
    assert_eq!(
        chained["components"]["schemas"]["Entity29"]["properties"]["parent"]["$ref"],
        "#/components/schemas/Entity28"
    );
    assert!(chained["components"]["schemas"]["Entity0"]["properties"].get("parent").is_none());
    let mixed = generate::shaped(9, "mixed").unwrap();
    let legacy = mixed["tools"].as_array().unwrap().iter().filter(|t| t.get("parameters").is_some()).count();
    assert_eq!(legacy, 3, "a third by legacy parameter maps");
    assert!(generate::shaped(1, "cubic").is_none());
}
