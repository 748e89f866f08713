//! Parsing and projecting a generated 50,000-line `.harn` module (the exports
//! surface), and the whole compilation of it.

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use harn_catalog::compile::{Options, compile_source};
use harn_catalog::ingest::harn::{self, Surface};
use harn_catalog::source::{Format, SourceFile};

#[path = "support/generate_harn.rs"]
mod generate_harn;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn benches(c: &mut Criterion) {
    let module = generate_harn::module(50_000);
    let mut group = c.benchmark_group("harn 50,000 lines");
    group.sample_size(20);
    group.bench_function("parse", |b| b.iter(|| harn::parser::parse(&module).expect("the module parses")));
    group.bench_function("parse and project", |b| {
        b.iter(|| {
            let source = Arc::new(SourceFile::new("bench.harn", module.clone(), Format::Harn));
            harn::load(source, Surface::Exports).expect("the module loads")
        })
    });
    group.bench_function("compile (both phases)", |b| {
        b.iter(|| {
            let source = SourceFile::new("bench.harn", module.clone(), Format::Harn);
            let compilation = compile_source(source, Options::default());
            assert!(compilation.catalog().is_some());
        })
    });
    group.finish();
}

criterion_group!(harn_benches, benches);
criterion_main!(harn_benches);
