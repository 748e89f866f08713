//! The semantic check of `harn-catalog diff`'s classification (issue 10): not our own
//! expectations of each rule, but what a level promises callers.
//!
//! Every tool of the GitHub MCP server is mutated once per round, by a seeded PRNG, at
//! a random subschema position of its `inputSchema`: a type narrowed or widened, a
//! required name, a property, an enum value, a const, a bound, a pattern or format,
//! an object closed or opened, an anyOf/oneOf branch, the items, a `not`, an
//! `if`/`then`, a boolean schema, a subschema moved to `$defs`... Two in five
//! mutations are made on a schema first changed by another, mostly one that adds what
//! the second then changes (the corpus has no const, pattern, format or definitions).
//! The old and the new schema, each declared as the `inputSchema`, `outputSchema` and
//! `errorSchema` of a one-tool registry, are compiled and diffed. Then, judged by the
//! `jsonschema` crate (Draft 2020-12, formats asserted, nothing fetched), over
//! instances generated from both schemas (near each bound, from each enum and const,
//! wrong-typed, at the mutated position above all) and the data of the
//! JSON-Schema-Test-Suite (whole, at the mutated position, and here and there in
//! generated instances):
//!
//! - where no input change is above `info`, every instance valid under the old schema
//!   is valid under the new: callers who sent it still may;
//! - where no output (or error) change is above `info`, every instance valid under the
//!   new schema is valid under the old: callers who received only old values still do.
//!
//! An instance is left out when it has an object key, anywhere, that the schema it is
//! presumed valid under (the old one for inputs, the new one for outputs and errors)
//! declares nowhere as a `properties` name: on an input, a caller has no business
//! sending a property the schema never mentioned, so declaring it later is no break;
//! on an output, the mirror: a caller has no business reading a property the new
//! schema does not mention.
//!
//! And the diff of every compiled catalog with itself is empty.
//!
//! Everything is deterministic: the master seed is [`SEED`] (or `DIFF_SEMANTICS_SEED`),
//! and each failure names the seed of its mutation.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

use fastrand::Rng;
use harn_catalog::compile;
use harn_catalog::contract::ToolCatalog;
use harn_catalog::diff::{self, Change, Compared, Level, Side};
use harn_catalog::ingest::harn::Surface;
use harn_catalog::source::{Format, SourceFile};
use jsonschema::Validator;
use serde_json::{Map, Value, json};

use crate::common;

/// The master seed; each mutation's PRNG is seeded from it, the round and the tool.
const SEED: u64 = 0x4841_524e_0010_0001;
/// Mutations per tool.
const ROUNDS: u64 = 20;
/// Instances generated at random from each of the two schemas, per mutation.
const RANDOM_INSTANCES: usize = 24;
/// Test-Suite data tried whole, and at the mutated position, per mutation.
const SUITE_SAMPLE: usize = 24;
/// How many failures are shown in full.
const SHOWN: usize = 6;

#[test]
fn info_changes_keep_every_instance_valid_in_their_direction() {
    let Some(tools) =
        common::shared("corpus/github-mcp-server-toolsnaps", "diff_semantics: the classification checked by instances")
    else {
        return;
    };
    let Some(suite) = common::shared(
        "corpus/json-schema-test-suite/tests/draft2020-12",
        "diff_semantics: the classification checked by instances",
    ) else {
        return;
    };
    let started = Instant::now();
    let tools = read_tools(&tools);
    assert_eq!(tools.len(), 117, "the GitHub MCP server's tools");
    let suite = suite_data(&suite);
    assert!(suite.len() > 400, "only {} distinct Test-Suite data", suite.len());
    let seed = match std::env::var("DIFF_SEMANTICS_SEED") {
        Ok(text) => parse_seed(&text),
        Err(_) => SEED,
    };

    let mut tally = Tally::default();
    for (index, (name, schema)) in tools.iter().enumerate() {
        let old = Compiled::new(name, schema).unwrap_or_else(|why| panic!("{name}: the original {why}"));
        let same = diff::diff(&compared(&old.catalog), &compared(&old.catalog));
        assert!(same.is_empty(), "{name}: the original differs from itself:\n{}", list(&same));
        for round in 0..ROUNDS {
            let seed = seed ^ (round << 32) ^ index as u64;
            check_one(seed, name, &old, &suite, &mut tally);
        }
    }
    tally.report(started);
    assert!(
        tally.failures == 0,
        "{} of {} mutations misclassified ({} instance checks failed); the first:\n\n{}\n\nby mutation: {:#?}",
        tally.failed_mutations,
        tally.mutations,
        tally.failures,
        tally.shown.join("\n\n"),
        tally.by_kind
    );
    // Guards against passing vacuously: enough mutations compared, and instances that
    // find the breaks of the kinds of mutation that nearly always refuse a value callers
    // sent (above 85% with every seed tried; an enum set may list every value of a
    // boolean, so it is not among them). Generation gone wrong finds far fewer.
    assert!(tally.compared >= 1500, "only {} mutations compared", tally.compared);
    for kind in ["required-add", "type-change", "type-number-to-integer", "const-set"] {
        let [compared, shown, _] = tally.kinds.get(kind).copied().unwrap_or_default();
        assert!(
            compared >= 10 && shown * 10 >= compared * 7,
            "the instances show the break of only {shown} of {compared} {kind} mutations as an input"
        );
    }
}

/// Of the mutations, the share (in fifths) made on a schema first changed by another
/// mutation: most of them one that adds a keyword the next one then changes or removes
/// (an enum, a const, a bound, a pattern, a format, a closed object, branches, items,
/// a list of types), which the corpus has few of or none; the rest any two in a row.
const ENRICHED_FIFTHS: u32 = 2;

/// A step of an enriched mutation: one of `families`, at a position inside one of the
/// keywords `inside` (anywhere when empty).
struct Step {
    families: &'static [(u32, Need)],
    inside: &'static [&'static str],
}

const fn step(families: &'static [(u32, Need)]) -> Step {
    Step { families, inside: &[] }
}

/// The pairs of steps an enriched mutation is drawn from: the first adds what the
/// second changes, or changes inside.
const PAIRS: &[(Step, Step)] = {
    use Need::{Absent, Any, Present};
    const fn inside(inside: &'static [&'static str]) -> Step {
        Step { families: FAMILIES, inside }
    }
    &[
        (step(&[(4, Absent(&["enum"]))]), step(&[(4, Present(&["enum"]))])),
        (step(&[(5, Absent(&["const"]))]), step(&[(5, Present(&["const"]))])),
        (step(&[(7, Any)]), step(&[(6, Any)])),
        (step(&[(8, Absent(&["pattern"]))]), step(&[(8, Present(&["pattern"]))])),
        (step(&[(9, Absent(&["format"]))]), step(&[(9, Present(&["format"]))])),
        (step(&[(10, Absent(&["additionalProperties"]))]), step(&[(10, Present(&["additionalProperties"]))])),
        (step(&[(11, Absent(&["anyOf", "oneOf"]))]), step(&[(11, Present(&["anyOf", "oneOf"]))])),
        (step(&[(11, Absent(&["anyOf", "oneOf"]))]), inside(&["anyOf", "oneOf"])),
        (step(&[(12, Absent(&["items"]))]), step(&[(12, Present(&["items"]))])),
        (step(&[(13, Absent(&["not"]))]), inside(&["not"])),
        (step(&[(14, Absent(&["if"]))]), inside(&["if", "then"])),
        (step(&[(15, Absent(&["allOf"]))]), inside(&["allOf"])),
        (step(&[(19, Any)]), inside(&["$defs"])),
        (
            Step { families: &[(19, Any)], inside: &["anyOf", "oneOf", "allOf", "not", "if", "then", "items"] },
            inside(&["$defs"]),
        ),
        (step(&[(1, Any)]), step(&[(0, Any)])),
        (step(&[(0, Any)]), step(&[(6, Any), (7, Any)])),
    ]
};

/// One mutation of `original`'s schema under `seed`, compiled, diffed and checked.
fn check_one(seed: u64, name: &str, original: &Compiled, suite: &[Value], tally: &mut Tally) {
    let mut rng = Rng::with_seed(seed);
    tally.mutations += 1;
    let mut before = None;
    let mut second = &step(FAMILIES);
    let enriched;
    let old = if rng.u32(..5) < ENRICHED_FIFTHS {
        let mut schema = original.schema.clone();
        let (first, then) = choose(&mut rng, PAIRS);
        let first = if rng.u32(..4) > 0 {
            second = then;
            first
        } else {
            &step(FAMILIES)
        };
        before = mutate(&mut schema, first, &mut rng).map(|m| m.what);
        enriched = match Compiled::new(name, &schema) {
            Ok(old) => old,
            Err(_) => {
                tally.refused += 1;
                return;
            }
        };
        &enriched
    } else {
        original
    };
    let mut schema = old.schema.clone();
    // One in five of the others is made on the schema respelt (the same meaning written
    // otherwise), so that the comparator must see through the spelling.
    let respelt = if before.is_none() && rng.u32(..5) == 0 {
        mutate(&mut schema, &step(&[(21, Need::Any)]), &mut rng).map(|m| m.what)
    } else {
        None
    };
    let Some(mut mutation) = mutate(&mut schema, second, &mut rng) else {
        tally.unmutated += 1;
        return;
    };
    if let Some(before) = before {
        mutation.what = format!("{}, on the tool's schema first changed by {before}", mutation.what);
    }
    if let Some(respelt) = respelt {
        mutation.what = format!("{}, after {respelt}", mutation.what);
    }
    let new = match Compiled::new(name, &schema) {
        Ok(new) => new,
        Err(_) => {
            tally.refused += 1;
            return;
        }
    };
    tally.compared += 1;
    // The diff of each catalog with itself, and of the new one with the same schema
    // spelt with every object's keys in reverse order, is empty.
    let respelt = match Compiled::new(name, &reversed(&schema)) {
        Ok(respelt) => Some(respelt),
        Err(why) => {
            tally.failures += 1;
            tally.failed_mutations += 1;
            tally.fail(&mutation.kind, "respelt");
            tally.show(format!(
                "seed {seed:#x}, tool {name}, mutation {}: the schema with its keys in reverse order {why}\n  \
                 schema: {schema}",
                mutation.what
            ));
            None
        }
    };
    let pairs = [(old, old), (&new, &new)].into_iter().chain(respelt.as_ref().map(|r| (&new, r)));
    for (a, b) in pairs {
        let same = diff::diff(&compared(&a.catalog), &compared(&b.catalog));
        if !same.is_empty() {
            tally.failures += 1;
            tally.failed_mutations += 1;
            tally.fail(&mutation.kind, "itself");
            tally.show(format!(
                "seed {seed:#x}, tool {name}, mutation {}: the diff of a schema with itself is not empty\n  \
                 schema: {}\n  compared with: {}\n  changes:\n{}",
                mutation.what,
                a.schema,
                b.schema,
                list(&same)
            ));
        }
    }
    let changes = diff::diff(&compared(&old.catalog), &compared(&new.catalog));
    let level = |side: Side| changes.iter().filter(|c| c.side == side).map(|c| c.level).max();
    let levels = SIDES.map(level);
    for (side, level) in SIDES.iter().zip(levels) {
        tally.classified(*side, level);
    }

    let instances = instances(old, &new, &mutation, suite, &mut rng);
    tally.instances += instances.len();
    let mut failed = BTreeMap::<Side, (usize, &Value)>::new();
    // Whether some instance shows a break: as an input (valid before, refused now), as
    // an output or error (valid now, refused before).
    let mut witnessed = [false; 2];
    for instance in &instances {
        let (was, is) = (old.validator.is_valid(instance), new.validator.is_valid(instance));
        let kept = [!undeclared(instance, &old.declared), !undeclared(instance, &new.declared)];
        let broken = [was && !is && kept[0], is && !was && kept[1]];
        witnessed[0] |= broken[0];
        witnessed[1] |= broken[1];
        for (side, level) in SIDES.into_iter().zip(levels) {
            let direction = usize::from(side != Side::Input);
            if level > Some(Level::Info) || !kept[direction] {
                continue;
            }
            tally.checks += 1;
            if broken[direction] {
                failed.entry(side).or_insert((0, instance)).0 += 1;
            }
        }
    }
    let kind = tally.kinds.entry(mutation.kind.clone()).or_default();
    kind[0] += 1;
    kind[1] += usize::from(witnessed[0]);
    kind[2] += usize::from(witnessed[1]);
    for (side, level) in SIDES.into_iter().zip(levels) {
        if level > Some(Level::Info) && witnessed[usize::from(side != Side::Input)] {
            tally.witnessed += 1;
        }
    }
    if failed.is_empty() {
        return;
    }
    tally.failed_mutations += 1;
    for (side, (count, instance)) in failed {
        tally.failures += count;
        let direction = side.as_str();
        tally.fail(&mutation.kind, direction);
        let (valid, invalid) = if side == Side::Input { ("old", "new") } else { ("new", "old") };
        let said: Vec<Change> = changes.iter().filter(|c| c.side == side).cloned().collect();
        let place = shown_pointer(&mutation.path);
        tally.show(format!(
            "seed {seed:#x}, tool {name}, mutation {}\n  \
             as an {direction} schema: {count} instance(s) valid under the {valid} schema but not under the {invalid}, \
             while the diff says {}\n  \
             instance: {}\n  \
             old at {place}: {}\n  \
             new at {place}: {}\n  \
             old schema (descriptions left out): {}\n  \
             new schema (descriptions left out): {}{}",
            mutation.what,
            if said.is_empty() { "nothing" } else { "info only:" },
            instance,
            at(&old.schema, &mutation.path).map_or_else(|| "-".to_owned(), |v| undescribed(v).to_string()),
            at(&schema, &mutation.path).map_or_else(|| "-".to_owned(), |v| undescribed(v).to_string()),
            undescribed(&old.schema),
            undescribed(&schema),
            if said.is_empty() { String::new() } else { format!("\n{}", list(&said)) },
        ));
    }
}

/// The sides a schema is declared on, and checked as: an input, and an output and an
/// error (which are checked alike).
const SIDES: [Side; 3] = [Side::Input, Side::Output, Side::Error];

/// One side of a comparison: the schema, its compiled catalog, its validator and the
/// property names it declares.
struct Compiled {
    schema: Value,
    catalog: ToolCatalog,
    validator: Validator,
    declared: BTreeSet<String>,
}

impl Compiled {
    /// `schema` as the input, the output and the error schema of a tool `name`: `Err` when
    /// the compiler or the validator refuses it.
    fn new(name: &str, schema: &Value) -> Result<Compiled, String> {
        let registry = json!({
            "info": {"name": "semantics", "version": "1.0.0"},
            "tools": [{"name": name, "description": "A tool.", "inputSchema": schema, "outputSchema": schema, "errorSchema": schema}]
        });
        let source = SourceFile::new("semantics.json", registry.to_string(), Format::Json);
        let compilation = compile::compile_source(source, harn_catalog::commands::diff::options(Surface::Auto));
        let Ok(harn_catalog::compile::Compiled { catalog, .. }) = compilation.result else {
            let messages: Vec<String> = compilation.diagnostics.iter().map(|d| d.message.clone()).collect();
            return Err(format!("is refused: {}", messages.join(" / ")));
        };
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(schema)
            .map_err(|e| format!("does not build a validator: {e}"))?;
        let mut declared = BTreeSet::new();
        declared_names(schema, &mut declared);
        Ok(Compiled { schema: schema.clone(), catalog, validator, declared })
    }
}

/// `value` with the keys of every object in reverse order: the same schema.
fn reversed(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(map.iter().rev().map(|(k, v)| (k.clone(), reversed(v))).collect()),
        Value::Array(items) => Value::Array(items.iter().map(reversed).collect()),
        other => other.clone(),
    }
}

/// `schema` without its `description` strings, to be read in a failure.
fn undescribed(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, value)| !(*key == "description" && value.is_string()))
                .map(|(key, value)| (key.clone(), undescribed(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(undescribed).collect()),
        other => other.clone(),
    }
}

fn compared(catalog: &ToolCatalog) -> Compared<'_> {
    Compared { catalog, provenance: None }
}

fn list(changes: &[Change]) -> String {
    changes
        .iter()
        .map(|c| {
            format!(
                "    {}[{}] {}: {} ({} -> {})",
                c.level.as_str(),
                c.rule.code,
                c.side.as_str(),
                c.message,
                c.old_pointer,
                c.new_pointer
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn parse_seed(text: &str) -> u64 {
    let text = text.trim();
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => text.parse(),
    }
    .unwrap_or_else(|_| panic!("DIFF_SEMANTICS_SEED={text} is not a number"))
}

// ---------------------------------------------------------------------------------
// Figures.

#[derive(Default)]
struct Tally {
    mutations: usize,
    /// Mutations that found nothing to change (every kind tried was inapplicable).
    unmutated: usize,
    /// Mutations the compiler (or the validator) refused.
    refused: usize,
    compared: usize,
    /// Per side (input, output, error): no change, info, warning, breaking.
    levels: [[usize; 4]; 3],
    instances: usize,
    checks: usize,
    /// Directions above info where some instance shows the break.
    witnessed: usize,
    /// Per mutation kind: compared, and how many changed some instance's verdict as an
    /// input and as an output.
    kinds: BTreeMap<String, [usize; 3]>,
    failed_mutations: usize,
    failures: usize,
    by_kind: BTreeMap<String, usize>,
    shown: Vec<String>,
}

impl Tally {
    fn classified(&mut self, side: Side, level: Option<Level>) {
        let row = SIDES.iter().position(|s| *s == side).unwrap();
        let column = match level {
            None => 0,
            Some(Level::Info) => 1,
            Some(Level::Warning) => 2,
            Some(Level::Breaking) => 3,
        };
        self.levels[row][column] += 1;
    }

    fn fail(&mut self, kind: &str, direction: &str) {
        *self.by_kind.entry(format!("{kind} ({direction})")).or_default() += 1;
    }

    fn show(&mut self, text: String) {
        if self.shown.len() < SHOWN {
            self.shown.push(text);
        }
    }

    fn report(&self, started: Instant) {
        let [input, output, error] = self.levels;
        let above: usize = self.levels.iter().map(|row| row[2] + row[3]).sum();
        eprintln!(
            "diff_semantics: {} mutations ({} refused by the compiler, {} found nothing to change), {} compared, in {:.1?}\n  \
             input:  {} no change, {} info, {} warning, {} breaking\n  \
             output: {} no change, {} info, {} warning, {} breaking\n  \
             error:  {} no change, {} info, {} warning, {} breaking\n  \
             {} instances, {} instance checks of info classifications; \
             {} of {above} warning/breaking classifications shown by an instance",
            self.mutations,
            self.refused,
            self.unmutated,
            self.compared,
            started.elapsed(),
            input[0],
            input[1],
            input[2],
            input[3],
            output[0],
            output[1],
            output[2],
            output[3],
            error[0],
            error[1],
            error[2],
            error[3],
            self.instances,
            self.checks,
            self.witnessed,
        );
        let kinds: Vec<String> =
            self.kinds.iter().map(|(kind, [n, input, output])| format!("{kind} {n} ({input}/{output})")).collect();
        eprintln!(
            "  by kind: compared (of which an instance showed a break as an input/as an output):\n    {}",
            kinds.join(", ")
        );
    }
}

// ---------------------------------------------------------------------------------
// Data.

/// The name and `inputSchema` of every tool of the corpus, sorted by file name.
fn read_tools(folder: &Path) -> Vec<(String, Value)> {
    common::json_files(folder)
        .iter()
        .map(|file| {
            let mut tool: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
            (tool["name"].as_str().unwrap().to_owned(), tool["inputSchema"].take())
        })
        .collect()
}

/// Every distinct `data` of the Draft 2020-12 suite's tests, and of its optional
/// format tests (strings on both sides of each format's boundary), in a fixed order.
fn suite_data(folder: &Path) -> Vec<Value> {
    let mut files = Vec::new();
    for dir in [folder.to_path_buf(), folder.join("optional/format")] {
        if let Ok(entries) = std::fs::read_dir(&dir) {
            files.extend(entries.map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")));
        }
    }
    files.sort();
    let mut seen = BTreeSet::new();
    let mut data = Vec::new();
    for file in files {
        let groups: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for group in groups {
            for test in group["tests"].as_array().unwrap() {
                if seen.insert(test["data"].to_string()) {
                    data.push(test["data"].clone());
                }
            }
        }
    }
    data
}

/// Every name `schema` declares under some `properties`, at any depth.
fn declared_names(schema: &Value, names: &mut BTreeSet<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                if key == "properties" {
                    if let Value::Object(properties) = value {
                        names.extend(properties.keys().cloned());
                    }
                }
                declared_names(value, names);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| declared_names(item, names)),
        _ => {}
    }
}

/// Whether `instance` has, at any depth, an object key not in `declared`.
fn undeclared(instance: &Value, declared: &BTreeSet<String>) -> bool {
    match instance {
        Value::Object(map) => map.iter().any(|(key, value)| !declared.contains(key) || undeclared(value, declared)),
        Value::Array(items) => items.iter().any(|item| undeclared(item, declared)),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------
// Mutations.

struct Mutation {
    /// The kind, for the figures (`enum-remove`).
    kind: String,
    /// The kind, where and what: for the failure message.
    what: String,
    /// Where, in the old schema.
    path: Vec<String>,
}

fn choose<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.usize(..items.len())]
}

/// A JSON pointer as shown in a message: `/` for the root.
fn shown_pointer(path: &[String]) -> String {
    if path.is_empty() { "/".to_owned() } else { pointer(path) }
}

/// A JSON pointer of path segments.
fn pointer(path: &[String]) -> String {
    path.iter().map(|s| format!("/{}", s.replace('~', "~0").replace('/', "~1"))).collect()
}

fn at<'a>(schema: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(schema, |value, segment| match value {
        Value::Object(map) => map.get(segment),
        Value::Array(items) => items.get(segment.parse::<usize>().ok()?),
        _ => None,
    })
}

fn at_mut<'a>(schema: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(schema, |value, segment| match value {
        Value::Object(map) => map.get_mut(segment),
        Value::Array(items) => items.get_mut(segment.parse::<usize>().ok()?),
        _ => None,
    })
}

/// Every object subschema's path in `schema`.
fn positions(schema: &Value, path: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    let Value::Object(map) = schema else { return };
    found.push(path.clone());
    for (key, value) in map {
        match (key.as_str(), value) {
            ("properties" | "$defs" | "patternProperties" | "dependentSchemas", Value::Object(children)) => {
                for (name, child) in children {
                    path.extend([key.clone(), name.clone()]);
                    positions(child, path, found);
                    path.truncate(path.len() - 2);
                }
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(children)) => {
                for (i, child) in children.iter().enumerate() {
                    path.extend([key.clone(), i.to_string()]);
                    positions(child, path, found);
                    path.truncate(path.len() - 2);
                }
            }
            (
                "items"
                | "additionalProperties"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contains"
                | "propertyNames"
                | "unevaluatedProperties"
                | "unevaluatedItems",
                Value::Object(_),
            ) => {
                path.push(key.clone());
                positions(value, path, found);
                path.pop();
            }
            _ => {}
        }
    }
}

const TYPES: &[&str] = &["string", "integer", "number", "boolean", "object", "array", "null"];

/// The types a subschema admits by its `type`, or by its keywords when it has none.
fn types_of(s: &Map<String, Value>) -> Vec<String> {
    match s.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect(),
        _ => {
            let has = |keys: &[&str]| keys.iter().any(|k| s.contains_key(*k));
            let mut types = Vec::new();
            if has(&["properties", "required", "additionalProperties", "minProperties", "maxProperties"]) {
                types.push("object".to_owned());
            }
            if has(&["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"]) {
                types.push("array".to_owned());
            }
            if has(&["minLength", "maxLength", "pattern", "format"]) {
                types.push("string".to_owned());
            }
            if has(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]) {
                types.push("number".to_owned());
            }
            types
        }
    }
}

/// A small schema, for an added property, branch, `not` or `items`.
fn simple_schema(rng: &mut Rng) -> Value {
    let choices = [
        json!({"type": "string"}),
        json!({"type": "integer"}),
        json!({"type": "number", "minimum": 0}),
        json!({"type": "boolean"}),
        json!({"type": "null"}),
        json!({"type": "string", "enum": ["a", "b"]}),
        json!({"type": "string", "minLength": 2}),
        json!({"type": "array", "items": {"type": "string"}}),
        json!({"type": "object", "properties": {"a": {"type": "string"}}}),
        json!({"const": 1}),
        json!({"const": "a"}),
        json!({}),
    ];
    choose(rng, &choices).clone()
}

fn number(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 1e15 { json!(value as i64) } else { json!(value) }
}

const BOUNDS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
];

/// The type a bound constrains.
fn bound_type(bound: &str) -> &'static str {
    match bound {
        "minLength" | "maxLength" => "string",
        "minItems" | "maxItems" => "array",
        "minProperties" | "maxProperties" => "object",
        _ => "number",
    }
}

/// Where a family of mutation applies: anywhere (as far as the family can tell), or
/// only where a keyword is present, or absent.
#[derive(Clone, Copy)]
enum Need {
    Any,
    Present(&'static [&'static str]),
    Absent(&'static [&'static str]),
}

/// The families of mutation [`mutate_here`] knows, each as often as it is listed, with
/// where it applies: the family is drawn first, then a position where it applies, so
/// that those that change an existing keyword (an enum, a bound, a closed object) are
/// not drowned by those that add one to any string property.
const FAMILIES: &[(u32, Need)] = {
    use Need::{Absent, Any, Present};
    const ENUM: &[&str] = &["enum"];
    const CONST: &[&str] = &["const"];
    const PATTERN: &[&str] = &["pattern"];
    const FORMAT: &[&str] = &["format"];
    const CLOSED: &[&str] = &["additionalProperties"];
    const BRANCHES: &[&str] = &["anyOf", "oneOf"];
    const ITEMS: &[&str] = &["items"];
    &[
        (0, Any),
        (0, Any),
        (1, Any),
        (1, Any),
        (2, Any),
        (2, Any),
        (3, Any),
        (3, Any),
        (4, Present(ENUM)),
        (4, Present(ENUM)),
        (4, Absent(ENUM)),
        (5, Present(CONST)),
        (5, Absent(CONST)),
        (6, Any),
        (6, Any),
        (6, Any),
        (7, Any),
        (7, Any),
        (8, Present(PATTERN)),
        (8, Absent(PATTERN)),
        (9, Present(FORMAT)),
        (9, Absent(FORMAT)),
        (10, Present(CLOSED)),
        (10, Absent(CLOSED)),
        (11, Present(BRANCHES)),
        (11, Absent(BRANCHES)),
        (12, Present(ITEMS)),
        (12, Absent(ITEMS)),
        (13, Any),
        (14, Any),
        (15, Any),
        (16, Any),
        (17, Any),
        (18, Any),
        (19, Any),
        (20, Any),
    ]
};

/// One mutation of `schema` by `step` (its family drawn again and again until one
/// applies somewhere), at a random position; `None` when none applied.
fn mutate(schema: &mut Value, step: &Step, rng: &mut Rng) -> Option<Mutation> {
    let mut found = Vec::new();
    positions(schema, &mut Vec::new(), &mut found);
    found.retain(|path| step.inside.is_empty() || keywords(path).iter().any(|k| step.inside.contains(k)));
    for _ in 0..64 {
        let (family, need) = *choose(rng, step.families);
        rng.shuffle(&mut found);
        for path in &found {
            let Some(Value::Object(s)) = at(schema, path) else { continue };
            let applies = match need {
                Need::Any => true,
                Need::Present(keys) => keys.iter().any(|k| s.contains_key(*k)),
                Need::Absent(keys) => !keys.iter().any(|k| s.contains_key(*k)),
            };
            if !applies {
                continue;
            }
            if family == 19 {
                if let Some(mutation) = extract_definition(schema, path) {
                    return Some(mutation);
                }
                continue;
            }
            if family == 20 {
                // A boolean schema in place of a subschema: true accepts anything, false
                // nothing.
                if path.is_empty() {
                    continue;
                }
                let accepts = rng.bool();
                *at_mut(schema, path).unwrap() = Value::Bool(accepts);
                let what = format!("boolean-schema at {}: replaced by {accepts}", shown_pointer(path));
                return Some(Mutation { kind: "boolean-schema".to_owned(), what, path: path.clone() });
            }
            let mut copy = s.clone();
            if let Some((kind, detail)) = mutate_here(family, &mut copy, rng) {
                let what = format!("{kind} at {}: {detail}", shown_pointer(path));
                *at_mut(schema, path).unwrap() = Value::Object(copy);
                return Some(Mutation { kind: kind.to_owned(), what, path: path.clone() });
            }
        }
    }
    None
}

/// The keywords on a subschema path (without the property names and indexes).
fn keywords(path: &[String]) -> Vec<&str> {
    let mut found = Vec::new();
    let mut segments = path.iter();
    while let Some(segment) = segments.next() {
        found.push(segment.as_str());
        if matches!(
            segment.as_str(),
            "properties"
                | "$defs"
                | "patternProperties"
                | "dependentSchemas"
                | "anyOf"
                | "oneOf"
                | "allOf"
                | "prefixItems"
        ) {
            segments.next();
        }
    }
    found
}

/// The subschema at `path` moved to the root's `$defs` and referenced from where it
/// was (no change of meaning); `None` at the root, or inside a definition already.
fn extract_definition(schema: &mut Value, path: &[String]) -> Option<Mutation> {
    if path.is_empty() || path[0] == "$defs" {
        return None;
    }
    let name = format!("d{}", schema.get("$defs").and_then(Value::as_object).map_or(0, Map::len));
    let reference = json!({"$ref": format!("#/$defs/{name}")});
    let moved = std::mem::replace(at_mut(schema, path)?, reference);
    schema.as_object_mut()?.entry("$defs").or_insert_with(|| json!({}))[&name] = moved;
    Some(Mutation {
        kind: "ref-extract".to_owned(),
        what: format!("ref-extract at {}: moved to /$defs/{name} and referenced", shown_pointer(path)),
        path: path.to_vec(),
    })
}

/// One mutation of `family` of the subschema `s`: its kind and what it did, or `None`
/// when it does not apply there.
fn mutate_here(family: u32, s: &mut Map<String, Value>, rng: &mut Rng) -> Option<(&'static str, String)> {
    let types = types_of(s);
    let has_type = |t: &str| types.iter().any(|x| x == t);
    match family {
        // type, narrowed
        0 => match s.get("type").cloned() {
            Some(Value::Array(list)) if list.len() > 1 => {
                let i = rng.usize(..list.len());
                let mut list = list;
                let gone = list.remove(i);
                s.insert("type".into(), if list.len() == 1 { list[0].clone() } else { Value::Array(list) });
                Some(("type-remove-from-list", format!("removed {gone}")))
            }
            Some(Value::String(t)) if t == "number" => {
                s.insert("type".into(), json!("integer"));
                Some(("type-number-to-integer", "number -> integer".into()))
            }
            Some(Value::String(t)) => {
                let other = *choose(rng, TYPES);
                if other == t {
                    return None;
                }
                s.insert("type".into(), json!(other));
                Some(("type-change", format!("{t} -> {other}")))
            }
            None => {
                let t = *choose(rng, TYPES);
                s.insert("type".into(), json!(t));
                Some(("type-add", format!("type {t}")))
            }
            _ => None,
        },
        // type, widened
        1 => match s.get("type").cloned() {
            Some(Value::String(t)) if t == "integer" && rng.bool() => {
                s.insert("type".into(), json!("number"));
                Some(("type-integer-to-number", "integer -> number".into()))
            }
            Some(Value::String(t)) if rng.bool() => {
                let other = *choose(rng, TYPES);
                if other == t {
                    return None;
                }
                s.insert("type".into(), json!([t, other]));
                Some(("type-add-to-list", format!("{t} -> [{t}, {other}]")))
            }
            Some(Value::Array(mut list)) if rng.bool() => {
                let other = json!(*choose(rng, TYPES));
                if list.contains(&other) {
                    return None;
                }
                list.push(other.clone());
                s.insert("type".into(), Value::Array(list));
                Some(("type-add-to-list", format!("added {other}")))
            }
            Some(t) => {
                s.remove("type");
                Some(("type-remove", format!("removed type {t}")))
            }
            None => None,
        },
        // required
        2 => {
            let required: Vec<String> = s
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(|n| n.as_str().map(str::to_owned)).collect())
                .unwrap_or_default();
            let properties: Vec<String> =
                s.get("properties").and_then(Value::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default();
            if !required.is_empty() && rng.bool() {
                let gone = choose(rng, &required).clone();
                let rest: Vec<&String> = required.iter().filter(|n| **n != gone).collect();
                if rest.is_empty() && rng.bool() {
                    s.remove("required");
                } else {
                    s.insert("required".into(), json!(rest));
                }
                Some(("required-remove", format!("{gone:?} no longer required")))
            } else {
                let optional: Vec<&String> = properties.iter().filter(|p| !required.contains(p)).collect();
                let name = if !optional.is_empty() && rng.u32(..4) > 0 {
                    (*choose(rng, &optional)).clone()
                } else if has_type("object") || s.contains_key("properties") {
                    "undeclared_name".to_owned()
                } else {
                    return None;
                };
                let mut required = required;
                required.push(name.clone());
                s.insert("required".into(), json!(required));
                Some(("required-add", format!("{name:?} now required")))
            }
        }
        // properties
        3 => {
            let closed = s.get("additionalProperties") == Some(&Value::Bool(false));
            let open = if closed { "closed" } else { "open" };
            let Some(Value::Object(properties)) = s.get_mut("properties") else {
                if !has_type("object") {
                    return None;
                }
                let added = simple_schema(rng);
                s.insert("properties".into(), json!({"added": added}));
                return Some(("property-add", format!("added property \"added\": {added} to an {open} object")));
            };
            if !properties.is_empty() && rng.bool() {
                let names: Vec<String> = properties.keys().cloned().collect();
                let gone = choose(rng, &names).clone();
                properties.shift_remove(&gone);
                if rng.bool() {
                    if let Some(Value::Array(required)) = s.get_mut("required") {
                        required.retain(|n| n.as_str() != Some(gone.as_str()));
                    }
                    Some((
                        "property-remove",
                        format!("removed property {gone:?} (and its requirement) of an {open} object"),
                    ))
                } else {
                    Some(("property-remove", format!("removed property {gone:?} of an {open} object")))
                }
            } else {
                let added = simple_schema(rng);
                properties.insert("added".into(), added.clone());
                Some(("property-add", format!("added property \"added\": {added} to an {open} object")))
            }
        }
        // enum
        4 => {
            let mut without = s.clone();
            without.remove("enum");
            let value = generate(&Value::Object(without), rng, &[], 0);
            match s.get_mut("enum") {
                Some(Value::Array(values)) => match rng.u32(..4) {
                    0 => {
                        if values.contains(&value) {
                            return None;
                        }
                        values.push(value.clone());
                        Some(("enum-add", format!("added {value}")))
                    }
                    1 if values.len() > 1 => {
                        let gone = values.remove(rng.usize(..values.len()));
                        Some(("enum-remove", format!("removed {gone}")))
                    }
                    2 => {
                        if values.contains(&value) {
                            return None;
                        }
                        let i = rng.usize(..values.len());
                        let gone = std::mem::replace(&mut values[i], value.clone());
                        Some(("enum-replace", format!("{gone} -> {value}")))
                    }
                    _ => {
                        s.remove("enum");
                        Some(("enum-drop", "removed the enum".into()))
                    }
                },
                _ => {
                    let mut values = vec![value];
                    for _ in 0..rng.usize(..3) {
                        let more = generate(&Value::Object(s.clone()), rng, &[], 0);
                        if !values.contains(&more) {
                            values.push(more);
                        }
                    }
                    let text = Value::Array(values.clone()).to_string();
                    s.insert("enum".into(), Value::Array(values));
                    Some(("enum-set", format!("enum {text}")))
                }
            }
        }
        // const
        5 => {
            let mut without = s.clone();
            without.remove("const");
            let value = generate(&Value::Object(without), rng, &[], 0);
            match s.get("const").cloned() {
                Some(old) if rng.bool() => {
                    if old == value {
                        return None;
                    }
                    s.insert("const".into(), value.clone());
                    Some(("const-change", format!("{old} -> {value}")))
                }
                Some(old) => {
                    s.remove("const");
                    Some(("const-remove", format!("removed const {old}")))
                }
                None => {
                    s.insert("const".into(), value.clone());
                    Some(("const-set", format!("const {value}")))
                }
            }
        }
        // an existing bound, tightened, loosened or removed
        6 => {
            let present: Vec<&str> =
                BOUNDS.iter().copied().filter(|b| s.get(*b).is_some_and(Value::is_number)).collect();
            if present.is_empty() {
                return None;
            }
            let bound = *choose(rng, &present);
            let count = bound_type(bound) != "number";
            let v = s[bound].as_f64().unwrap();
            let step = if bound == "multipleOf" { v } else { f64::from(rng.u32(1..3)) };
            let swapped = match bound {
                "minimum" => Some("exclusiveMinimum"),
                "exclusiveMinimum" => Some("minimum"),
                "maximum" => Some("exclusiveMaximum"),
                "exclusiveMaximum" => Some("maximum"),
                _ => None,
            };
            if let Some(other) = swapped.filter(|other| rng.u32(..4) == 0 && !s.contains_key(*other)) {
                // The same value, inclusive made exclusive or the reverse.
                let value = s.remove(bound).unwrap();
                s.insert(other.into(), value);
                return Some(("bound-exclusivity", format!("{bound} {v} -> {other} {v}")));
            }
            let (kind, new) = match rng.u32(..4) {
                0 => ("bound-up", if bound == "multipleOf" { v * 2.0 } else { v + step }),
                1 => ("bound-down", if bound == "multipleOf" { v / 2.0 } else { v - step }),
                2 if !count && bound != "multipleOf" => ("bound-fraction", v + 0.5),
                _ => {
                    s.remove(bound);
                    return Some(("bound-remove", format!("removed {bound} {v}")));
                }
            };
            if count && new < 0.0 {
                return None;
            }
            s.insert(bound.into(), number(new));
            Some((kind, format!("{bound} {v} -> {new}")))
        }
        // a new bound, mostly one that applies to the subschema's type
        7 => {
            let absent = |b: &&str| !s.contains_key(*b);
            let relevant: Vec<&str> =
                BOUNDS.iter().copied().filter(|b| has_type(bound_type(b))).filter(absent).collect();
            let any: Vec<&str> = BOUNDS.iter().copied().filter(absent).collect();
            let bound = if !relevant.is_empty() && rng.u32(..5) > 0 {
                *choose(rng, &relevant)
            } else if !any.is_empty() {
                *choose(rng, &any)
            } else {
                return None;
            };
            let values: &[f64] = match bound {
                "multipleOf" => &[2.0, 0.5, 3.0, 10.0],
                _ if bound_type(bound) != "number" => &[0.0, 1.0, 2.0, 3.0, 5.0],
                _ => &[-1.0, 0.0, 1.0, 2.0, 5.0, 10.0, 100.0, 0.5],
            };
            let v = *choose(rng, values);
            s.insert(bound.into(), number(v));
            Some(("bound-add", format!("{bound} {v}")))
        }
        // pattern
        8 => {
            let patterns = ["^[a-z]+$", "^[0-9]+$", "^a", "b", "^.{0,3}$", "^\\S+$"];
            let new = *choose(rng, &patterns);
            match s.get("pattern").cloned() {
                Some(old) if rng.bool() => {
                    s.remove("pattern");
                    Some(("pattern-remove", format!("removed pattern {old}")))
                }
                old => {
                    if old.as_ref().and_then(Value::as_str) == Some(new) {
                        return None;
                    }
                    s.insert("pattern".into(), json!(new));
                    Some(("pattern-set", format!("pattern {} -> {new:?}", old.unwrap_or(Value::Null))))
                }
            }
        }
        // format
        9 => {
            let formats = ["date", "date-time", "email", "uri", "uuid", "ipv4", "hostname"];
            let new = *choose(rng, &formats);
            match s.get("format").cloned() {
                Some(old) if rng.bool() => {
                    s.remove("format");
                    Some(("format-remove", format!("removed format {old}")))
                }
                old => {
                    if old.as_ref().and_then(Value::as_str) == Some(new) {
                        return None;
                    }
                    s.insert("format".into(), json!(new));
                    Some(("format-set", format!("format {} -> {new:?}", old.unwrap_or(Value::Null))))
                }
            }
        }
        // additionalProperties
        10 => {
            if !has_type("object") {
                return None;
            }
            match s.get("additionalProperties").cloned() {
                Some(Value::Bool(false)) => {
                    if rng.bool() {
                        s.remove("additionalProperties");
                        Some(("object-open", "removed additionalProperties: false".into()))
                    } else {
                        s.insert("additionalProperties".into(), json!({"type": "string"}));
                        Some(("object-open", "additionalProperties false -> {\"type\":\"string\"}".into()))
                    }
                }
                Some(old) if rng.bool() => {
                    s.remove("additionalProperties");
                    Some(("object-open", format!("removed additionalProperties {old}")))
                }
                old => {
                    s.insert("additionalProperties".into(), json!(false));
                    Some(("object-close", format!("additionalProperties {} -> false", old.unwrap_or(Value::Null))))
                }
            }
        }
        // anyOf / oneOf branches
        11 => {
            let key = match () {
                () if s.contains_key("anyOf") => "anyOf",
                () if s.contains_key("oneOf") => "oneOf",
                () if rng.bool() => "anyOf",
                () => "oneOf",
            };
            match s.get_mut(key) {
                Some(Value::Array(branches)) => {
                    if branches.len() > 1 && rng.bool() {
                        let gone = branches.remove(rng.usize(..branches.len()));
                        Some(("branch-remove", format!("removed {key} branch {gone}")))
                    } else {
                        let added = simple_schema(rng);
                        branches.push(added.clone());
                        Some(("branch-add", format!("added {key} branch {added}")))
                    }
                }
                _ => {
                    // The subschema becomes one branch of a new anyOf/oneOf.
                    let added = simple_schema(rng);
                    let whole = Value::Object(std::mem::take(s));
                    let branches = if rng.bool() { vec![whole] } else { vec![whole, added.clone()] };
                    let text = if branches.len() == 1 { "alone".to_owned() } else { format!("beside {added}") };
                    s.insert(key.into(), Value::Array(branches));
                    Some(("branch-wrap", format!("wrapped in {key}, {text}")))
                }
            }
        }
        // items
        12 => {
            if !has_type("array") {
                return None;
            }
            match s.get("items").cloned() {
                Some(old) if rng.bool() => {
                    s.remove("items");
                    Some(("items-remove", format!("removed items {old}")))
                }
                old => {
                    let new = simple_schema(rng);
                    if old.as_ref() == Some(&new) {
                        return None;
                    }
                    s.insert("items".into(), new.clone());
                    Some(("items-set", format!("items {} -> {new}", old.unwrap_or(Value::Null))))
                }
            }
        }
        // not
        13 => match s.get("not").cloned() {
            Some(old) => {
                s.remove("not");
                Some(("not-remove", format!("removed not {old}")))
            }
            None if rng.bool() => {
                let excluded = if rng.bool() {
                    json!({"const": generate(&Value::Object(s.clone()), rng, &[], 0)})
                } else {
                    simple_schema(rng)
                };
                s.insert("not".into(), excluded.clone());
                Some(("not-add", format!("not {excluded}")))
            }
            None => {
                let whole = Value::Object(std::mem::take(s));
                s.insert("not".into(), json!({"not": whole}));
                Some(("not-not", "wrapped in not: not".into()))
            }
        },
        // if/then
        14 => {
            if s.contains_key("if") {
                s.remove("if");
                s.remove("then");
                s.remove("else");
                return Some(("if-remove", "removed if/then/else".into()));
            }
            let properties: Vec<String> =
                s.get("properties").and_then(Value::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default();
            let (condition, consequence) = if properties.len() >= 2 {
                let p = choose(rng, &properties).clone();
                let q = choose(rng, &properties).clone();
                let schema = s["properties"][&p].clone();
                let value = generate(&schema, rng, &[], 0);
                (json!({"properties": {p.clone(): {"const": value}}, "required": [p]}), json!({"required": [q]}))
            } else if has_type("number") || has_type("integer") {
                (json!({"minimum": 0}), json!({"maximum": 10}))
            } else if has_type("string") {
                (json!({"minLength": 3}), json!({"pattern": "^a"}))
            } else if has_type("array") {
                (json!({"minItems": 1}), json!({"maxItems": 1}))
            } else {
                return None;
            };
            let text = format!("if {condition} then {consequence}");
            s.insert("if".into(), condition);
            s.insert("then".into(), consequence);
            Some(("if-then-add", text))
        }
        // allOf
        15 => match s.get_mut("allOf") {
            Some(Value::Array(branches)) if !branches.is_empty() && rng.bool() => {
                let gone = branches.remove(rng.usize(..branches.len()));
                Some(("allof-remove", format!("removed allOf branch {gone}")))
            }
            _ => {
                let added = simple_schema(rng);
                s.insert("allOf".into(), json!([added]));
                Some(("allof-add", format!("allOf [{added}]")))
            }
        },
        // annotations only
        16 => {
            let (key, value) = match rng.u32(..3) {
                0 => ("description", json!("Something else.")),
                1 => ("title", json!("A title")),
                _ => ("default", generate(&Value::Object(s.clone()), rng, &[], 0)),
            };
            let text = format!("{key} {value}");
            s.insert(key.into(), value);
            Some(("annotation", text))
        }
        // other object and array keywords
        17 => match rng.u32(..4) {
            0 if has_type("array") => {
                let on = s.get("uniqueItems") != Some(&Value::Bool(true));
                s.insert("uniqueItems".into(), json!(on));
                Some(("unique-items", format!("uniqueItems {on}")))
            }
            1 if has_type("object") => {
                let names: Vec<String> = s
                    .get("properties")
                    .and_then(Value::as_object)
                    .map(|p| p.keys().cloned().collect())
                    .unwrap_or_default();
                if names.len() < 2 {
                    return None;
                }
                let (p, q) = (choose(rng, &names).clone(), choose(rng, &names).clone());
                if p == q {
                    return None;
                }
                s.insert("dependentRequired".into(), json!({p.clone(): [q.clone()]}));
                Some(("dependent-required", format!("{p:?} needs {q:?}")))
            }
            2 if has_type("object") => {
                s.insert("propertyNames".into(), json!({"pattern": "^[a-z_]+$"}));
                Some(("property-names", "propertyNames ^[a-z_]+$".into()))
            }
            3 if has_type("array") => {
                let wanted = simple_schema(rng);
                s.insert("contains".into(), wanted.clone());
                Some(("contains", format!("contains {wanted}")))
            }
            _ => None,
        },
        21 => respell(s, rng),
        // the whole subschema
        _ => {
            if rng.bool() {
                // Everything but the annotations goes: the widest schema.
                s.retain(|k, _| matches!(k.as_str(), "description" | "title" | "default"));
                Some(("anything", "emptied to {}".into()))
            } else {
                s.insert("not".into(), json!({}));
                Some(("nothing", "not {} (accepts nothing)".into()))
            }
        }
    }
}

/// The subschema `s` written otherwise with the same meaning: a list of types as an
/// anyOf, a one-value enum as a const or the reverse, `integer` as a number that is a
/// multiple of 1, a `required` split across allOf members, a property declared in an
/// allOf member (of an object that is not closed), or the whole in an allOf (its type
/// repeated outside).
fn respell(s: &mut Map<String, Value>, rng: &mut Rng) -> Option<(&'static str, String)> {
    let closed = s.contains_key("additionalProperties") || s.contains_key("unevaluatedProperties");
    match rng.u32(..7) {
        0 => {
            let Some(Value::Array(types)) = s.get("type").cloned() else { return None };
            if s.contains_key("anyOf") {
                return None;
            }
            s.remove("type");
            let branches: Vec<Value> = types.iter().map(|t| json!({"type": t})).collect();
            s.insert("anyOf".into(), Value::Array(branches));
            Some(("respell", "the list of types as an anyOf".into()))
        }
        1 => match s.get("enum").cloned() {
            Some(Value::Array(values)) if values.len() == 1 && !s.contains_key("const") => {
                s.remove("enum");
                s.insert("const".into(), values[0].clone());
                Some(("respell", "a one-value enum as a const".into()))
            }
            _ => None,
        },
        2 => match s.get("const").cloned() {
            Some(value) if !s.contains_key("enum") => {
                s.remove("const");
                s.insert("enum".into(), json!([value]));
                Some(("respell", "a const as a one-value enum".into()))
            }
            _ => None,
        },
        3 => {
            if s.get("type") != Some(&json!("integer")) || s.contains_key("multipleOf") {
                return None;
            }
            s.insert("type".into(), json!("number"));
            s.insert("multipleOf".into(), json!(1));
            Some(("respell", "integer as a number, multipleOf 1".into()))
        }
        4 => {
            let Some(Value::Array(required)) = s.get("required").cloned() else { return None };
            if required.len() < 2 || s.contains_key("allOf") {
                return None;
            }
            let (first, rest) = required.split_at(1);
            s.remove("required");
            s.insert("allOf".into(), json!([{"required": first}, {"required": rest}]));
            Some(("respell", "required split across allOf members".into()))
        }
        5 => {
            if closed || s.contains_key("allOf") {
                return None;
            }
            let Some(Value::Object(properties)) = s.get_mut("properties") else { return None };
            let names: Vec<String> = properties.keys().cloned().collect();
            if names.is_empty() {
                return None;
            }
            let name = choose(rng, &names).clone();
            let moved = properties.shift_remove(&name).unwrap();
            s.insert("allOf".into(), json!([{"properties": {name.clone(): moved}}]));
            Some(("respell", format!("property {name:?} declared in an allOf member")))
        }
        _ => {
            if closed {
                return None;
            }
            // The type stays outside too (an input's root must say it is an object).
            let whole = Value::Object(std::mem::take(s));
            if let Some(t) = whole.get("type") {
                s.insert("type".into(), t.clone());
            }
            s.insert("allOf".into(), json!([whole]));
            Some(("respell", "the whole in an allOf".into()))
        }
    }
}

// ---------------------------------------------------------------------------------
// Instances.

/// A value of any type, for the wrong-typed instances.
fn any_value(rng: &mut Rng) -> Value {
    let choices = [
        Value::Null,
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(""),
        json!("a"),
        json!([]),
        json!({}),
        json!(["a"]),
    ];
    choose(rng, &choices).clone()
}

/// Numbers at and around each bound of `s`.
fn numbers(s: &Map<String, Value>) -> Vec<Value> {
    let mut values = vec![0.0, 1.0, -1.0, 2.0, 10.0, 100.0, 1.5, -0.5, 1e9];
    for bound in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(v) = s.get(bound).and_then(Value::as_f64) {
            values.extend([v - 1.0, v, v + 1.0, v - 0.5, v + 0.5, v.floor(), v.ceil()]);
        }
    }
    if let Some(m) = s.get("multipleOf").and_then(Value::as_f64) {
        values.extend([m, 2.0 * m, 1.5 * m, -m]);
    }
    values.into_iter().map(number).collect()
}

/// Strings of lengths around each length bound of `s`, and a few shapes.
fn strings(s: &Map<String, Value>) -> Vec<Value> {
    let mut values: Vec<String> = [
        "",
        "a",
        "ab",
        "abc",
        "A-1",
        "2024-01-01",
        "2024-01-01T00:00:00Z",
        "user@example.com",
        "https://example.com/x",
        "192.168.0.1",
        "123e4567-e89b-12d3-a456-426614174000",
        "open",
        "not a date",
        "b42",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    for bound in ["minLength", "maxLength"] {
        if let Some(n) = s.get(bound).and_then(Value::as_u64) {
            for len in [n.saturating_sub(1), n, n + 1] {
                values.push("a".repeat(len as usize));
            }
        }
    }
    values.into_iter().map(Value::String).collect()
}

/// A random instance of `schema`: mostly valid, sometimes wrong-typed, near a bound,
/// missing a required property, or (from `pool`) a Test-Suite datum.
fn generate(schema: &Value, rng: &mut Rng, pool: &[Value], depth: usize) -> Value {
    if depth > 5 {
        return Value::Null;
    }
    if !pool.is_empty() && rng.u32(..100) < 4 {
        return choose(rng, pool).clone();
    }
    if rng.u32(..100) < 6 {
        return any_value(rng);
    }
    let Value::Object(s) = schema else {
        return any_value(rng);
    };
    if let Some(c) = s.get("const") {
        if rng.u32(..10) > 0 {
            return c.clone();
        }
    }
    if let Some(Value::Array(values)) = s.get("enum") {
        if !values.is_empty() && rng.u32(..10) > 0 {
            return choose(rng, values).clone();
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = s.get(key) {
            if !branches.is_empty() && rng.u32(..3) > 0 {
                return generate(choose(rng, branches), rng, pool, depth + 1);
            }
        }
    }
    if let Some(Value::Object(not)) = s.get("not") {
        if let Some(Value::Object(inner)) = not.get("not") {
            if rng.bool() {
                return generate(&Value::Object(inner.clone()), rng, pool, depth + 1);
            }
        }
    }
    let types = types_of(s);
    let t = if types.is_empty() { (*choose(rng, TYPES)).to_owned() } else { choose(rng, &types).clone() };
    match t.as_str() {
        "object" => {
            let mut object = Map::new();
            let required: Vec<&str> = s
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let empty = Map::new();
            let properties = s.get("properties").and_then(Value::as_object).unwrap_or(&empty);
            for (name, property) in properties {
                let wanted = if required.contains(&name.as_str()) { rng.u32(..20) > 0 } else { rng.u32(..5) < 2 };
                if wanted {
                    object.insert(name.clone(), generate(property, rng, pool, depth + 1));
                }
            }
            for name in required {
                if !object.contains_key(name) && !properties.contains_key(name) && rng.u32(..20) > 0 {
                    object.insert(name.to_owned(), any_value(rng));
                }
            }
            Value::Object(object)
        }
        "array" => {
            let mut lengths = vec![0, 1, 2, 3];
            for bound in ["minItems", "maxItems"] {
                if let Some(n) = s.get(bound).and_then(Value::as_u64) {
                    lengths.extend([n.saturating_sub(1), n, n + 1]);
                }
            }
            let len = (*choose(rng, &lengths)).min(5);
            let items = s.get("items").cloned().unwrap_or(json!({}));
            Value::Array((0..len).map(|_| generate(&items, rng, pool, depth + 1)).collect())
        }
        "string" => choose(rng, &strings(s)).clone(),
        "integer" | "number" => {
            let values = numbers(s);
            let v = choose(rng, &values).clone();
            if t == "integer" && rng.u32(..4) > 0 { v.as_f64().map_or(v, |f| number(f.round())) } else { v }
        }
        "boolean" => json!(rng.bool()),
        _ => Value::Null,
    }
}

/// Values worth trying at a subschema: its enum and const, numbers and strings near its
/// bounds, values of each type, and some generated from it and its branches.
fn candidates(schema: &Value, rng: &mut Rng, depth: usize, into: &mut Vec<Value>) {
    into.extend([Value::Null, json!(true), json!(false), json!(0), json!(""), json!([]), json!({})]);
    let Value::Object(s) = schema else { return };
    into.extend(s.get("const").cloned());
    if let Some(Value::Array(values)) = s.get("enum") {
        into.extend(values.iter().cloned());
    }
    into.extend(numbers(s));
    into.extend(strings(s));
    for _ in 0..4 {
        into.push(generate(schema, rng, &[], depth));
    }
    if depth < 3 {
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(branches)) = s.get(key) {
                branches.iter().for_each(|branch| candidates(branch, rng, depth + 1, into));
            }
        }
        for key in ["not", "if", "then", "else", "items"] {
            if let Some(inner) = s.get(key) {
                let mut found = Vec::new();
                candidates(inner, rng, depth + 1, &mut found);
                if key == "items" {
                    into.extend(found.into_iter().map(|v| json!([v])));
                } else {
                    into.extend(found);
                }
            }
        }
    }
}

/// The place in an instance that a subschema path of `schema` constrains (in a
/// definition: where the definition is referenced); `None` when it is not one place
/// (additional or pattern properties, contains, an unreferenced definition).
fn instance_place(schema: &Value, path: &[String]) -> Option<Vec<Result<String, usize>>> {
    if path.first().map(String::as_str) == Some("$defs") {
        let target = format!("#/$defs/{}", path.get(1)?);
        let mut found = Vec::new();
        positions(schema, &mut Vec::new(), &mut found);
        let site = found.into_iter().find(|p| {
            p.first().map(String::as_str) != Some("$defs")
                && at(schema, p).and_then(|s| s.get("$ref")).and_then(Value::as_str) == Some(target.as_str())
        })?;
        let mut place = instance_place(schema, &site)?;
        place.extend(instance_place(schema, &path[2..])?);
        return Some(place);
    }
    let mut place = Vec::new();
    let mut segments = path.iter();
    while let Some(segment) = segments.next() {
        match segment.as_str() {
            "properties" => place.push(Ok(segments.next()?.clone())),
            "items" => place.push(Err(0)),
            "prefixItems" => place.push(Err(segments.next()?.parse().ok()?)),
            "anyOf" | "oneOf" | "allOf" => {
                segments.next()?;
            }
            "not" | "if" | "then" | "else" => {}
            _ => return None,
        }
    }
    Some(place)
}

/// `schema` with each local reference to a definition replaced by the definition
/// (beside the reference's other keywords), for generating instances.
fn inlined(schema: &Value, root: &Value, depth: usize) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out = Map::new();
            if let Some(target) = map.get("$ref").and_then(Value::as_str) {
                let path: Vec<String> = target.strip_prefix("#/").unwrap_or("").split('/').map(str::to_owned).collect();
                if let Some(Value::Object(definition)) = at(root, &path).filter(|_| depth < 8) {
                    for (key, value) in definition {
                        out.insert(key.clone(), inlined(value, root, depth + 1));
                    }
                }
            }
            for (key, value) in map {
                if key != "$ref" && key != "$defs" {
                    out.insert(key.clone(), inlined(value, root, depth));
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| inlined(item, root, depth)).collect()),
        other => other.clone(),
    }
}

/// `instance` with `value` put at `place`, making the objects and arrays on the way.
fn put(instance: &mut Value, place: &[Result<String, usize>], value: Value) {
    let Some((first, rest)) = place.split_first() else {
        *instance = value;
        return;
    };
    match first {
        Ok(key) => {
            if !instance.is_object() {
                *instance = json!({});
            }
            let slot = instance.as_object_mut().unwrap().entry(key.clone()).or_insert(Value::Null);
            put(slot, rest, value);
        }
        Err(index) => {
            if !instance.is_array() {
                *instance = json!([]);
            }
            let items = instance.as_array_mut().unwrap();
            while items.len() <= *index {
                items.push(Value::Null);
            }
            put(&mut items[*index], rest, value);
        }
    }
}

/// The instances a mutation is checked with, without repeats: generated at random from
/// both schemas; each candidate of the mutated subschema (old and new) and a sample of
/// the Test-Suite data put at its place in instances generated from both; and a sample
/// of the Test-Suite data whole.
fn instances(old: &Compiled, new: &Compiled, mutation: &Mutation, suite: &[Value], rng: &mut Rng) -> Vec<Value> {
    let mut all = Vec::new();
    let (old_inlined, new_inlined) = (inlined(&old.schema, &old.schema, 0), inlined(&new.schema, &new.schema, 0));
    for _ in 0..RANDOM_INSTANCES {
        all.push(generate(&old_inlined, rng, suite, 0));
        all.push(generate(&new_inlined, rng, suite, 0));
    }
    for _ in 0..SUITE_SAMPLE {
        all.push(choose(rng, suite).clone());
    }
    if let Some(place) =
        instance_place(&old.schema, &mutation.path).or_else(|| instance_place(&new.schema, &mutation.path))
    {
        let mut values = Vec::new();
        for side in [old, new] {
            if let Some(schema) = at(&side.schema, &mutation.path) {
                candidates(&inlined(schema, &side.schema, 0), rng, 0, &mut values);
            }
        }
        for _ in 0..SUITE_SAMPLE {
            values.push(choose(rng, suite).clone());
        }
        let bases = [generate_valid(old, &old_inlined, rng), generate_valid(new, &new_inlined, rng)];
        for value in values {
            let mut instance = bases[rng.usize(..2)].clone();
            put(&mut instance, &place, value);
            all.push(instance);
        }
    }
    let mut seen = BTreeSet::new();
    all.retain(|instance| seen.insert(instance.to_string()));
    all
}

/// An instance generated from `schema`, preferring one it accepts (a few tries).
fn generate_valid(side: &Compiled, inlined: &Value, rng: &mut Rng) -> Value {
    let mut instance = generate(inlined, rng, &[], 0);
    for _ in 0..8 {
        if side.validator.is_valid(&instance) {
            break;
        }
        instance = generate(inlined, rng, &[], 0);
    }
    instance
}

#[test]
fn the_instance_place_of_a_subschema_path() {
    let path = |p: &str| p.split('/').skip(1).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(
        instance_place(&json!({}), &path("/properties/a/items/oneOf/1/properties/b")),
        Some(vec![Ok("a".to_owned()), Err(0), Ok("b".to_owned())])
    );
    assert_eq!(instance_place(&json!({}), &path("/properties/a/additionalProperties")), None);
    let mut instance = json!({"a": 1});
    put(&mut instance, &instance_place(&json!({}), &path("/properties/a/items/properties/b")).unwrap(), json!(2));
    let referring = json!({"properties": {"a": {"items": {"$ref": "#/$defs/d0"}}}, "$defs": {"d0": {}}});
    assert_eq!(
        instance_place(&referring, &path("/$defs/d0/properties/b")),
        Some(vec![Ok("a".to_owned()), Err(0), Ok("b".to_owned())])
    );
    assert_eq!(instance, json!({"a": [{"b": 2}]}));
    let declared: BTreeSet<String> = ["a".to_owned()].into();
    assert!(!undeclared(&json!({"a": [{"a": 1}]}), &declared));
    assert!(undeclared(&json!({"a": [{"b": 1}]}), &declared));
}
