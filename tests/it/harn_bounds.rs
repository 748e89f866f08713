//! `harn-too-large`: chains of aliases, structs and constants that expand a short
//! module into a schema or registry deeper than 128 levels, or into more than a
//! million nodes, are refused with a located error, promptly and on an ordinary 2 MiB
//! thread stack, so that an overflow or a runaway expansion would show as a crash or a
//! hang of the test itself. Near misses just under the bounds compile.

use crate::common;

use harn_catalog::compile::{Compilation, Options, compile_source};
use harn_catalog::ingest::harn::Surface;
use harn_catalog::source::{Format, SourceFile};

/// Compiles `text` as `bounds.harn` on `surface`, on a thread with a 2 MiB stack.
fn compile_small_stack(text: String, surface: Surface) -> common::Outcome {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let compilation: Compilation = compile_source(
                SourceFile::new("bounds.harn", text, Format::Harn),
                Options { surface, mcp_documents: harn_catalog::prepare::McpDocuments::Build, ..Options::default() },
            );
            common::outcome(compilation)
        })
        .unwrap()
        .join()
        .expect("compiling on a 2 MiB stack does not crash")
}

/// `n` nested `list<…>` around `inner`.
fn lists(n: usize, inner: &str) -> String {
    format!("{}{inner}{}", "list<".repeat(n), ">".repeat(n))
}

/// `n` nested `dict<string, …>` around `inner`.
fn string_dicts(n: usize, inner: &str) -> String {
    format!("{}{inner}{}", "dict<string, ".repeat(n), ">".repeat(n))
}

/// `n` nested `{a: …}` around `inner`.
fn dicts(n: usize, inner: &str) -> String {
    format!("{}{inner}{}", "{a: ".repeat(n), "}".repeat(n))
}

/// A chain of aliases, `A0 = int` and each `Ak` = `per` lists around the one before.
fn alias_chain(count: usize, per: usize) -> String {
    let mut text = "type A0 = int\n".to_owned();
    for k in 1..count {
        text += &format!("type A{k} = {}\n", lists(per, &format!("A{}", k - 1)));
    }
    text
}

/// A chain of `count` declarations written by `declare(name, field, type)`: `<P>0`
/// with an integer field `v`, and each `<P>k` with a field `f` of type
/// `nest(per, "<P>k-1")`, then a function returning the last. `<P>k` is declared on
/// line 3k + 1.
fn chain(declare: Declare, count: usize, nest: fn(usize, &str) -> String, per: usize) -> String {
    let (prefix, declare) = declare;
    let mut text = declare(&format!("{prefix}0"), "v", "int");
    for k in 1..count {
        text += &declare(&format!("{prefix}{k}"), "f", &nest(per, &format!("{prefix}{}", k - 1)));
    }
    text + &format!("/// Bounds.\npub fn f() -> {prefix}{} {{\n  return nil\n}}\n", count - 1)
}

/// The prefix of a [`chain`]'s names, and how one of its links is declared.
type Declare = (&'static str, fn(&str, &str, &str) -> String);

/// Structs `S0`, `S1`, …, each of one field.
const STRUCTS: Declare = ("S", |name, field, ty| format!("struct {name} {{\n  {field}: {ty}\n}}\n"));

/// Enums `E0`, `E1`, …, each of one variant of one field.
const ENUMS: Declare = ("E", |name, field, ty| format!("enum {name} {{\n  Node({field}: {ty})\n}}\n"));

/// An exported function taking and returning `ty`.
fn export(ty: &str) -> String {
    format!("/// Bounds.\npub fn f(x: {ty}) -> {ty} {{\n  return x\n}}\n")
}

/// A script whose one tool's parameter `p` is the constant `value`.
fn script(constants: &str, value: &str) -> String {
    format!(
        "{constants}fn main(harness) {{\n  harness.tools.mcp_tools(tool_registry_from([{{name: \"t\", description: \"d\", parameters: {{p: {value}}}}}], {{}}))\n}}\n"
    )
}

/// Asserts that the only errors are `harn-too-large` ones (one per signature type
/// that crosses a bound), one containing `fragment` on the line of `bounds.harn` that
/// `line` gives, and that nothing was written.
#[track_caller]
fn assert_too_large(outcome: &common::Outcome, fragment: &str, line: usize) {
    assert!(outcome.catalog.is_none(), "accepted:\n{}", outcome.human());
    assert!(
        !outcome.codes().is_empty() && outcome.codes().iter().all(|c| *c == "harn-too-large"),
        "{}",
        outcome.human()
    );
    outcome.assert_has("harn-too-large", fragment);
    let at = format!("bounds.harn:{line}:");
    assert!(outcome.human().contains(&at), "expected the error at {at}, got:\n{}", outcome.human());
    assert!(outcome.human().contains("help: "), "{}", outcome.human());
}

#[test]
fn a_deep_alias_chain_is_refused_where_it_crosses_the_bound() {
    // The colleague's case: 60 aliases of 190 lists each. Expanded from the top, the
    // bound is crossed in A59 (190 levels on its own), declared on line 60.
    let text = alias_chain(60, 190) + &export("A59");
    let outcome = compile_small_stack(text, Surface::Exports);
    assert_too_large(&outcome, "nests deeper than the 128 levels allowed", 60);
    outcome.assert_has("harn-too-large", "type alias `A59`");

    // 400 aliases of one list each (through the CLI, a stack overflow before): from
    // A399 down, A272's body puts A271 at the 129th level; A272 is on line 273.
    let outcome = compile_small_stack(alias_chain(400, 1) + &export("A399"), Surface::Exports);
    assert_too_large(&outcome, "type alias `A272`", 273);
}

#[test]
fn an_alias_chain_just_inside_the_bound_compiles_and_reads_back() {
    // A parameter's schema sits under the catalog, `tools`, the tool, `inputSchema`
    // and `properties`: 122 lists and the innermost `{"type": "integer"}` make the
    // catalog exactly 128 levels deep. An output schema sits two levels higher.
    let text = alias_chain(123, 1) + "/// Bounds.\npub fn f(x: A122) -> A122 {\n  return x\n}\n";
    let outcome = compile_small_stack(text.clone(), Surface::Exports);
    outcome.assert_clean();
    let catalog = parse_deep(outcome.catalog.as_ref().unwrap());
    assert_eq!(depth(&catalog), 128);

    // The catalog, written out, is read back by `harn-catalog schema` as it was.
    let dir = tempfile::tempdir().unwrap();
    let written = common::write(dir.path(), "catalog.json", outcome.catalog.as_ref().unwrap());
    let read_back = common::harn_catalog().arg("schema").arg(&written).assert().success();
    let again = parse_deep(&String::from_utf8(read_back.get_output().stdout.clone()).unwrap());
    assert_eq!(again, catalog);

    // One alias more is one level too many, the figure reached is named.
    let text = alias_chain(124, 1) + "/// Bounds.\npub fn f(x: A123) {\n  return x\n}\n";
    let outcome = compile_small_stack(text, Surface::Exports);
    assert_too_large(&outcome, "makes the document 129 levels deep", 126);
    outcome.assert_has("harn-too-large", "parameter `x`");
}

#[test]
fn a_deep_struct_chain_is_refused_at_a_struct() {
    // The colleague's case: 60 structs whose one field is 190 lists around the struct
    // before; the first field alone is past the bound.
    let outcome = compile_small_stack(chain(STRUCTS, 60, lists, 190), Surface::Exports);
    // S59 is declared on line 3 × 59 + 1.
    assert_too_large(&outcome, "struct `S59`", 178);

    // Structs of 10 lists, or 10 dicts of strings, each: every field is shallow, their
    // chain is not. Each link takes 12 levels (the struct, `properties`, 10 lists or
    // dicts), so the eleventh struct from the top, S49 on line 148, crosses the bound.
    for nest in [lists, string_dicts] {
        let outcome = compile_small_stack(chain(STRUCTS, 60, nest, 10), Surface::Exports);
        assert_too_large(&outcome, "the return type of `f`", 148);
        outcome.assert_has("harn-too-large", "nests deeper than the 128 levels allowed");
        outcome.assert_has("harn-too-large", "struct `S49`");
    }
}

#[test]
fn a_struct_chain_within_the_bound_compiles() {
    // Ten structs of 10 lists: 10 × 12 levels, plus the innermost struct's 3, under
    // the tool's 3.
    let outcome = compile_small_stack(chain(STRUCTS, 10, lists, 10), Surface::Exports);
    outcome.assert_clean();
    assert!(depth(&parse_deep(outcome.catalog.as_ref().unwrap())) <= 128);
}

#[test]
fn doubling_aliases_and_structs_stop_at_the_size_bound() {
    // The colleague's case: 40 aliases, each a shape naming the one before twice
    // (2^40 nodes once expanded; 1.1 KB of source).
    let mut text = "type B0 = string\n".to_owned();
    for k in 1..=40 {
        text += &format!("type B{k} = {{a: B{0}, b: B{0}}}\n", k - 1);
    }
    let outcome = compile_small_stack(text.clone() + &export("B40"), Surface::Exports);
    assert!(outcome.catalog.is_none(), "accepted");
    // The parameter and the return type cross it; it is reported once.
    assert_eq!(outcome.codes(), ["harn-too-large"], "{}", outcome.human());
    outcome.assert_has("harn-too-large", "has more than 1,000,000 nodes");
    outcome.assert_has("harn-too-large", "in expanding type alias `B40`");

    // Sixteen doublings (about 130,000 nodes) are within it.
    let outcome = compile_small_stack(text + &export("B16"), Surface::Exports);
    outcome.assert_clean();

    // Structs resolved by name double the same way on the output side: D0 of `fields`
    // integers, each Dk naming the one before twice, and a function returning the last.
    let doubling = |fields: usize, doublings: usize| {
        let fields: String = (0..fields).map(|i| format!("  v{i}: int\n")).collect();
        let mut text = format!("struct D0 {{\n{fields}}}\n");
        for k in 1..=doublings {
            text += &format!("struct D{k} {{\n  a: D{0}\n  b: D{0}\n}}\n", k - 1);
        }
        text + &format!("/// Bounds.\npub fn f() -> D{doublings} {{\n  return nil\n}}\n")
    };
    let outcome = compile_small_stack(doubling(1, 40), Surface::Exports);
    assert!(outcome.catalog.is_none() && outcome.codes() == ["harn-too-large"], "{}", outcome.human());
    outcome.assert_has("harn-too-large", "has more than 1,000,000 nodes");

    // Every field of a struct counts: four nodes in the struct (its name in
    // `required`, its nullable wrapper at most) and one for its type, so 2^10 copies
    // of a struct of 200 integers (1,024,000 nodes) are past the bound, 2^9 within it.
    let outcome = compile_small_stack(doubling(200, 10), Surface::Exports);
    assert!(outcome.catalog.is_none() && outcome.codes() == ["harn-too-large"], "{}", outcome.human());
    outcome.assert_has("harn-too-large", "has more than 1,000,000 nodes");
    compile_small_stack(doubling(200, 9), Surface::Exports).assert_clean();
}

#[test]
fn a_deep_constant_chain_is_refused_at_a_constant() {
    // The colleague's case: 60 constants of 190 dicts each around the one before; the
    // first is past the bound on its own.
    let mut constants = "let c0 = 1\n".to_owned();
    for k in 1..60 {
        constants += &format!("let c{k} = {}\n", dicts(190, &format!("c{}", k - 1)));
    }
    let outcome = compile_small_stack(script(&constants, "c59"), Surface::Script);
    assert_too_large(&outcome, "nests deeper than the 128 levels allowed", 60);
    outcome.assert_has("harn-too-large", "constant `c59`");

    // Two dicts each: the registry (1), `tools` (2), the spec (3), `parameters` (4),
    // then `p`'s dicts; 126 are too many for the module. In the catalog `parameters`
    // becomes `inputSchema` and its `properties`, one level more: 122 dicts make 128
    // levels there and compile, 124 make 128 in the module but 129 in the catalog,
    // which is refused as nesting too deep (its reader would refuse it).
    let chain = |count: usize| {
        let mut constants = "let c0 = 1\n".to_owned();
        for k in 1..=count {
            constants += &format!("let c{k} = {}\n", dicts(2, &format!("c{}", k - 1)));
        }
        constants
    };
    let outcome = compile_small_stack(script(&chain(61), "c61"), Surface::Script);
    assert!(outcome.catalog.is_some(), "refused:\n{}", outcome.human());
    let outcome = compile_small_stack(script(&chain(62), "c62"), Surface::Script);
    assert!(outcome.catalog.is_none(), "accepted:\n{}", outcome.human());
    assert_eq!(outcome.codes(), ["nesting-too-deep"], "{}", outcome.human());
    let outcome = compile_small_stack(script(&chain(63), "c63"), Surface::Script);
    assert_too_large(&outcome, "nests deeper than the 128 levels allowed", 2);
    outcome.assert_has("harn-too-large", "constant `c1`");

    // The same bounds, written out in one constant.
    let deep = format!("let deep = {}\n", dicts(123, "1"));
    let outcome = compile_small_stack(script(&deep, "deep"), Surface::Script);
    assert!(outcome.catalog.is_some(), "refused:\n{}", outcome.human());
    let deep = format!("let deep = {}\n", dicts(124, "1"));
    let outcome = compile_small_stack(script(&deep, "deep"), Surface::Script);
    assert_eq!(outcome.codes(), ["nesting-too-deep"], "{}", outcome.human());
    let deeper = format!("let deep = {}\n", dicts(125, "1"));
    let outcome = compile_small_stack(script(&deeper, "deep"), Surface::Script);
    assert_too_large(&outcome, "nests deeper than the 128 levels allowed", 1);
    outcome.assert_has("harn-too-large", "constant `deep`");
}

#[test]
fn doubling_constants_stop_at_the_size_bound() {
    // Constants are evaluated where they are named, so each names the one before
    // twice: 2^40 values.
    let doubling = |count: usize| {
        let mut constants = "let c0 = \"x\"\n".to_owned();
        for k in 1..=count {
            constants += &format!("let c{k} = [c{0}, c{0}]\n", k - 1);
        }
        constants
    };
    let outcome = compile_small_stack(script(&doubling(40), "{type: \"string\", default: c40}"), Surface::Script);
    assert!(outcome.catalog.is_none(), "accepted");
    assert_eq!(outcome.codes(), ["harn-too-large"], "{}", outcome.human());
    outcome.assert_has("harn-too-large", "has more than 1,000,000 nodes");
    outcome.assert_has("harn-too-large", "in expanding constant `c40`");

    let outcome = compile_small_stack(script(&doubling(12), "{type: \"string\", default: c12}"), Surface::Script);
    assert!(outcome.catalog.is_some(), "refused:\n{}", outcome.human());
}

/// Parses a catalog up to 128 levels deep (serde_json's default limit stops at 127).
fn parse_deep(text: &str) -> serde_json::Value {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut deserializer).expect("catalogs are JSON")
}

/// How many levels of arrays and objects `value` nests.
fn depth(value: &serde_json::Value) -> usize {
    match value {
        serde_json::Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        serde_json::Value::Object(members) => 1 + members.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[test]
fn an_enum_chain_is_counted_like_a_struct_chain() {
    // Each link of 10 lists adds 16 levels to the document: eight links make 122
    // levels and compile, a ninth crosses the bound.
    let outcome = compile_small_stack(chain(ENUMS, 8, lists, 10), Surface::Exports);
    outcome.assert_clean();
    assert_eq!(depth(&parse_deep(outcome.catalog.as_ref().unwrap())), 122);
    let outcome = compile_small_stack(chain(ENUMS, 9, lists, 10), Surface::Exports);
    assert!(outcome.catalog.is_none(), "accepted:\n{}", outcome.human());
    outcome.assert_has("harn-too-large", "nests deeper than the 128 levels allowed");
}
