//! The compiler never panics on input: thousands of mutated registries and
//! catalogs, at the byte level and at the value level, must each be accepted or
//! refused with diagnostics.

use crate::common;

use harn_catalog::compile::{Options, compile_source};
use harn_catalog::source::{Format, SourceFile};
use serde_json::{Value, json};

/// A small deterministic generator (xorshift64*): the same mutations every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Compiles `text` and checks the outcome is coherent: a catalog exactly when there
/// is no error, every diagnostic can be rendered with its location, and every
/// accepted catalog validates against the published envelope schema.
fn compile_without_panicking(name: &str, text: String, format: Format, options: Options) {
    let source = SourceFile::new(name, text.clone(), format);
    let result = std::panic::catch_unwind(|| {
        let compilation = compile_source(source, options);
        let renderer = harn_catalog::diagnostics::Renderer::new(harn_catalog::diagnostics::ErrorFormat::Human, false);
        let json = harn_catalog::diagnostics::Renderer::new(harn_catalog::diagnostics::ErrorFormat::Json, false);
        for diagnostic in compilation.diagnostics.iter() {
            assert!(!renderer.render(diagnostic).is_empty());
            assert!(!json.render(diagnostic).is_empty());
        }
        assert_eq!(compilation.catalog().is_some(), !compilation.diagnostics.has_errors());
        if let Some(catalog) = compilation.catalog() {
            let text = harn_catalog::emit::canonical_json(catalog, harn_catalog::emit::Layout::Compact);
            if let Err(reasons) = common::reference_check(&text) {
                panic!("accepted a catalog the reference schema refuses: {reasons}");
            }
        }
    });
    assert!(result.is_ok(), "compiling this input ({:?}) panicked:\n{text}", options.surface);
}

/// The options `harn-catalog mcp` compiles with.
fn mcp_documents() -> Options {
    Options { mcp_documents: harn_catalog::prepare::McpDocuments::Build, ..Options::default() }
}

fn seeds() -> Vec<(String, Format)> {
    let root = common::root().join("fixtures/widgets");
    let mut seeds = vec![(std::fs::read_to_string(root.join("registry.json")).unwrap(), Format::Json)];
    for (file, format) in [("registry.yaml", Format::Yaml), ("registry.toml", Format::Toml)] {
        seeds.push((std::fs::read_to_string(root.join(file)).unwrap(), format));
    }
    seeds
}

#[test]
fn byte_mutations_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let alphabet = b"{}[]\":,. \n\t0-1eE\\/#$~%xyz\xc3\xa9";
    for (seed, format) in seeds() {
        let bytes = seed.into_bytes();
        for _ in 0..1_500 {
            let mut mutated = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(mutated.len());
                match rng.below(3) {
                    0 => mutated[at] = alphabet[rng.below(alphabet.len())],
                    1 => {
                        mutated.remove(at);
                    }
                    _ => mutated.insert(at, alphabet[rng.below(alphabet.len())]),
                }
            }
            // Invalid UTF-8 is refused before parsing; the interesting part is the parsers.
            let text = String::from_utf8_lossy(&mutated).into_owned();
            compile_without_panicking("mutated", text, format, mcp_documents());
        }
    }
}

/// Values that stress every field reader: wrong types, blanks, odd references.
fn replacement(rng: &mut Rng) -> Value {
    let choices = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(""),
        json!("   "),
        json!("x"),
        json!("a.b"),
        json!([]),
        json!([null]),
        json!(["cli", "cli"]),
        json!({}),
        json!({"type": "object"}),
        json!({"$ref": "#/components/schemas/Widget/properties/nope"}),
        json!({"$ref": "#/components/schemas/Nope"}),
        json!({"$ref": "#/components/schemas/a~2"}),
        json!({"$ref": "#"}),
        json!({"$ref": "#/$defs/x", "$defs": {"x": {"$ref": "#/$defs/x"}}}),
        json!({"$ref": "https://example.com/x.json"}),
        json!({"$id": "http://[::1", "type": "string"}),
        json!({"$dynamicRef": "#meta"}),
        json!({"pattern": "(["}),
        json!({"$schema": "http://json-schema.org/draft-07/schema#"}),
        json!({"x-harn-type": "closure"}),
        json!({"type": "string", "enum": []}),
    ];
    choices[rng.below(choices.len())].clone()
}

/// Replaces one randomly chosen node of `value`.
fn mutate(value: &mut Value, rng: &mut Rng, depth: usize) {
    let children = match value {
        Value::Object(map) => map.len(),
        Value::Array(items) => items.len(),
        _ => 0,
    };
    if children == 0 || depth > 8 || rng.below(4) == 0 {
        *value = replacement(rng);
        return;
    }
    let pick = rng.below(children);
    match value {
        Value::Object(map) => {
            if rng.below(8) == 0 {
                let key =
                    ["name", "cli", "inputSchema", "governance", "_meta", "schemas", "command", "$defs"][rng.below(8)];
                map.insert(key.to_owned(), replacement(rng));
            } else if let Some((_, child)) = map.iter_mut().nth(pick) {
                mutate(child, rng, depth + 1);
            }
        }
        Value::Array(items) => mutate(&mut items[pick], rng, depth + 1),
        _ => unreachable!(),
    }
}

#[test]
fn value_mutations_of_registries_and_catalogs_never_panic() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let registry: Value = serde_json::from_str(&seeds()[0].0).unwrap();
    let catalog = common::compile_json(&registry).json();
    for seed in [registry, catalog] {
        for _ in 0..2_000 {
            let mut mutated = seed.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut mutated, &mut rng, 0);
            }
            compile_without_panicking(
                "mutated.json",
                serde_json::to_string_pretty(&mutated).unwrap(),
                Format::Json,
                mcp_documents(),
            );
        }
    }
}

#[test]
fn mutated_harn_modules_never_panic_on_either_surface() {
    use harn_catalog::ingest::harn::Surface;
    let mut rng = Rng(0xA076_1D64_78BD_642F);
    // With the near misses of `harn-too-large`, modules exactly at the depth bound,
    // which a mutation pushes to either side of it.
    let near_misses = common::harn_fixtures(&common::root().join("fixtures/rules/harn-too-large/accepted"));
    let mut seeds: Vec<String> = common::harn_fixtures(&common::root().join("fixtures/harn"))
        .into_iter()
        .chain(near_misses)
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    seeds.sort();
    let pieces: &[&str] = &[
        "?",
        "| nil",
        "<int>",
        "list<",
        ">",
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        ",",
        ":",
        "\n",
        "pub ",
        "fn ",
        "struct ",
        "enum ",
        "type T = ",
        "throws ",
        "-> ",
        "any",
        "T",
        "@annotations(readOnly: true)",
        "@job",
        "\"s\"",
        "${x}",
        "...",
        "= 1",
        "&",
        "harness.tools.mcp_tools(",
        "tool_registry_from(",
        "let ",
        "return ",
        "handler: { a -> a }",
        "main",
        "//",
        "/*",
        "*/",
    ];
    let mut runs = 0;
    for seed in &seeds {
        for _ in 0..150 {
            let mut text = seed.clone();
            for _ in 0..1 + rng.below(3) {
                let at = source_boundary(&text, rng.below(text.len() + 1));
                if rng.below(2) == 0 {
                    text.insert_str(at, pieces[rng.below(pieces.len())]);
                } else {
                    let end = source_boundary(&text, (at + 1 + rng.below(8)).min(text.len()));
                    text.replace_range(at..end, "");
                }
            }
            for surface in [Surface::Exports, Surface::Script] {
                let options = Options { surface, ..mcp_documents() };
                compile_without_panicking("mutated.harn", text.clone(), Format::Harn, options);
                runs += 1;
            }
        }
    }
    println!("{runs} mutated .harn compilations");
}

/// The largest char boundary of `text` at or below `at`.
fn source_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
