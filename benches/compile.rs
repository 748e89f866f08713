//! Compile time of a generated registry against a plain serde_json parse and
//! serialise of the same text, and its growth from 1,000 to 10,000 tools.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use harn_catalog::compile::{Options, compile_source};
use harn_catalog::source::{Format, SourceFile};

#[path = "support/generate.rs"]
mod generate;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn compile(text: &str) -> String {
    let source = SourceFile::new("bench.json", text.to_owned(), Format::Json);
    let compilation = compile_source(source, Options::default());
    let catalog = compilation.catalog.expect("the generated registry compiles");
    harn_catalog::emit::canonical_json(&catalog, harn_catalog::emit::Layout::Compact)
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
}

criterion_group!(compile_benches, benches);
criterion_main!(compile_benches);
