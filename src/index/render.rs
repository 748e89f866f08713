//! The text and JSON that `search`, `inspect` and `stats` print.

use std::fmt::Write;

use serde_json::{Value, json};

use super::search::Page;
use super::{Built, Cost, Index, hash};

/// A page of search results as lines: score, ID, title; then the next cursor.
pub fn page(page: &Page<'_>) -> String {
    let mut out = String::new();
    if page.results.is_empty() {
        out.push_str("no tool matches\n");
    }
    for hit in &page.results {
        let _ = writeln!(out, "{:>5}  {}  {}", hit.score, hit.id, hit.title);
    }
    if let Some(cursor) = &page.next_cursor {
        let _ = writeln!(out, "more: --cursor {cursor}");
    }
    out
}

/// One capability's contract, pretty JSON: its index entry, the document its
/// contract hash is computed over (`hashed`), and its MCP definition (`definition`).
/// `id` is a canonical ID, or a name that only one tool has.
pub fn inspect(built: &Built, id: &str) -> Result<String, String> {
    let capabilities = &built.index.capabilities;
    let position = capabilities.iter().position(|c| c.id == id).or_else(|| {
        let mut named = capabilities.iter().enumerate().filter(|(_, c)| c.name == id);
        match (named.next(), named.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    });
    let Some(i) = position else {
        let near = capabilities.iter().map(|c| c.id.as_str()).find(|c| c.ends_with(&format!("/{id}")));
        return Err(match near {
            Some(near) => {
                format!("no tool has the ID {id:?}; several tools are named so, one is {near:?}: give its ID")
            }
            None => format!("no tool has the ID {id:?}; `harn-catalog search FILE {id:?}` lists the nearest"),
        });
    };
    let capability = &capabilities[i];
    let mut entry = serde_json::to_value(capability).expect("a capability serialises");
    let hashed = hash::contract_document(&built.projected[i], built.executions[i].as_ref());
    let object = entry.as_object_mut().expect("a capability is an object");
    object.insert("hashed".to_owned(), hashed);
    object.insert("definition".to_owned(), serde_json::to_value(&built.projected[i]).expect("a tool serialises"));
    Ok(format!("{}\n", serde_json::to_string_pretty(&entry).expect("JSON serialises")))
}

/// The capabilities largest first (equal costs by ID), with their costs.
fn by_cost(index: &Index) -> Vec<&super::Capability> {
    let mut sorted: Vec<_> = index.capabilities.iter().collect();
    sorted.sort_by(|a, b| b.cost.bytes.cmp(&a.cost.bytes).then_with(|| a.id.cmp(&b.id)));
    sorted
}

/// `stats`: one line per tool, largest first, then the totals.
pub fn stats(index: &Index) -> String {
    let sorted = by_cost(index);
    let total = Cost::total(sorted.iter().map(|c| &c.cost));
    let mut out = format!("{:>9}  {:>7}  tool\n", "bytes", "tokens");
    for c in &sorted {
        let _ = writeln!(out, "{:>9}  {:>7}  {}", c.cost.bytes, c.cost.tokens, c.id);
    }
    let _ = writeln!(out, "{:>9}  {:>7}  total ({} tools)", total.bytes, total.tokens, sorted.len());
    out
}

/// `stats --format json`: `{"tools": [{"id", "bytes", "tokens"}], "total": {…}}`.
pub fn stats_json(index: &Index) -> Value {
    let sorted = by_cost(index);
    let total = Cost::total(sorted.iter().map(|c| &c.cost));
    let tools: Vec<Value> =
        sorted.iter().map(|c| json!({"id": c.id, "bytes": c.cost.bytes, "tokens": c.cost.tokens})).collect();
    json!({"tools": tools, "total": {"tools": sorted.len(), "bytes": total.bytes, "tokens": total.tokens}})
}
