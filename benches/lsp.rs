//! The language server's work after one edit of the GitHub MCP server's 117-tool
//! registry (the team's corpus, `../shared` or `HARN_CATALOG_SHARED`): the document
//! compiled through both phases into its diagnostics, hover texts, references and
//! symbols (`Document::analyse`), the server time between a change and its fresh
//! diagnostics. The goal is under 20 ms. Skipped, saying so, without the corpus.

use criterion::{Criterion, criterion_group, criterion_main};
use harn_catalog::commands::lsp::Document;
use serde_json::{Value, json};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The registry of the corpus's tools, as `make bench`'s process figures build it.
fn github_registry() -> Option<Value> {
    let shared = std::env::var("HARN_CATALOG_SHARED").unwrap_or_else(|_| "../shared".to_owned());
    let folder = std::path::Path::new(&shared).join("corpus/github-mcp-server-toolsnaps");
    let mut paths: Vec<_> = std::fs::read_dir(&folder).ok()?.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    let tools: Vec<Value> = paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter_map(|p| serde_json::from_str::<Value>(&std::fs::read_to_string(p).ok()?).ok())
        .map(|tool| {
            let kept = ["name", "description", "inputSchema", "annotations"];
            Value::Object(
                tool.as_object()
                    .into_iter()
                    .flatten()
                    .filter(|(k, _)| kept.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            )
        })
        .collect();
    Some(json!({ "info": { "name": "github" }, "tools": tools }))
}

fn benches(c: &mut Criterion) {
    let Some(registry) = github_registry() else {
        eprintln!(
            "SKIPPED the lsp bench: the corpus github-mcp-server-toolsnaps is missing (put shared/ beside the repository)"
        );
        return;
    };
    let text = serde_json::to_string_pretty(&registry).expect("serialisable");
    let uri: lsp_types::Uri = "file:///bench/github.json".parse().expect("a URI");
    let mut edit = 0u64;
    c.bench_function("lsp: diagnostics after an edit of the 117 GitHub tools", |b| {
        b.iter(|| {
            // A different text each time, as typing makes it.
            edit += 1;
            let typed = text.replacen("\"github\"", &format!("\"github{edit}\""), 1);
            Document::analyse(uri.clone(), typed)
        })
    });
}

criterion_group!(lsp_benches, benches);
criterion_main!(lsp_benches);
