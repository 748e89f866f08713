//! Compile time of a generated registry against a plain serde_json parse and
//! serialise of the same text, and its growth from 1,000 to 10,000 tools; and the
//! time to compile and locate the warnings of one tool defined many times on one line,
//! from 20,000 to 40,000 definitions (linear growth doubles it); and the comparison
//! alone of two compiled catalogs with one tool in a hundred changed (`diff` without
//! its two compilations), from 1,000 to 10,000 tools.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use harn_catalog::compile::{Options, compile_source};
use harn_catalog::diagnostics::{ErrorFormat, Renderer};
use harn_catalog::source::{Format, SourceFile};

#[path = "support/generate.rs"]
mod generate;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn compile(text: &str) -> String {
    let source = SourceFile::new("bench.json", text.to_owned(), Format::Json);
    let compilation = compile_source(source, Options::default());
    let catalog = compilation.catalog().expect("the generated registry compiles");
    harn_catalog::emit::canonical_json(catalog, harn_catalog::emit::Layout::Compact)
}

fn baseline(text: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    serde_json::to_string(&value).expect("serialisable")
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("registry");
    group.sample_size(10);
    for tools in [1_000, 10_000] {
        let text = generate::registry(tools).to_string();
        group.bench_with_input(BenchmarkId::new("serde_json parse+serialise", tools), &text, |b, t| {
            b.iter(|| baseline(t))
        });
        group.bench_with_input(BenchmarkId::new("harn-catalog compile", tools), &text, |b, t| b.iter(|| compile(t)));
    }
    group.finish();

    // Every shape of registry (component graphs, legacy maps, deep nesting), each beside
    // the baseline: a shape that only one registry has is not hidden by the others.
    let mut group = c.benchmark_group("registry shapes, 1,000 tools");
    group.sample_size(10);
    for shape in generate::SHAPES {
        let text = generate::shaped(1_000, shape).expect("a known shape").to_string();
        group.bench_with_input(BenchmarkId::new("serde_json parse+serialise", shape), &text, |b, t| {
            b.iter(|| baseline(t))
        });
        group.bench_with_input(BenchmarkId::new("harn-catalog compile", shape), &text, |b, t| b.iter(|| compile(t)));
    }
    group.finish();

    // Every definition after the first is a warning on the same line: compiling and
    // locating them all (as `--format json` does) must stay linear in their number.
    let mut group = c.benchmark_group("one tool defined N times on one line");
    group.sample_size(10);
    for tools in [20_000, 40_000] {
        let text = generate::same_named(tools);
        group.bench_with_input(BenchmarkId::new("compile and locate every warning", tools), &text, |b, t| {
            b.iter(|| located_warnings(t))
        });
    }
    group.finish();
}

/// The catalog a generated registry compiles to, every audience kept (as `diff` does).
fn compiled(registry: &serde_json::Value) -> harn_catalog::compile::Compilation {
    let source = SourceFile::new("bench.json", registry.to_string(), Format::Json);
    compile_source(source, harn_catalog::commands::diff::options(harn_catalog::ingest::harn::Surface::Auto))
}

fn diff_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("diff, one tool in a hundred changed");
    group.sample_size(10);
    for tools in [1_000, 10_000] {
        let (old, new) = (compiled(&generate::registry(tools)), compiled(&generate::changed(tools)));
        let side = |c| harn_catalog::commands::diff::side(c).expect("the generated registry compiles");
        group.bench_function(BenchmarkId::new("compare two catalogs", tools), |b| {
            b.iter(|| harn_catalog::diff::diff(&side(&old), &side(&new)).len())
        });
    }
    group.finish();
}

fn located_warnings(text: &str) -> usize {
    let source = SourceFile::new("bench.json", text.to_owned(), Format::Json);
    let compilation = compile_source(source, Options::default());
    let renderer = Renderer::new(ErrorFormat::Json, false);
    renderer.render_all(&compilation.diagnostics.into_vec()).len()
}

criterion_group!(compile_benches, benches, diff_benches);
criterion_main!(compile_benches);
