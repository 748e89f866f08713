//! The text and JSON that `search`, `inspect` and `stats` print.

use std::fmt::Write;

use serde_json::{Value, json};

use super::search::Page;
use super::{Built, Cost, Index, Kind, hash};

/// A page of search results as lines: score, ID, title; then the next cursor.
pub fn page(page: &Page<'_>) -> String {
    let mut out = String::new();
    if page.results.is_empty() {
        out.push_str("nothing matches\n");
    }
    for hit in &page.results {
        let _ = writeln!(out, "{:>5}  {}  {}", hit.score, hit.id, hit.title);
    }
    if let Some(cursor) = &page.next_cursor {
        let _ = writeln!(out, "more: --cursor {cursor}");
    }
    out
}

/// No capability has the ID asked for by [`inspect`], nor is it the name of one only.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("no tool or skill has the ID {id:?}; {}", match named_so {
    Some(near) => format!("several are named so, one is {near:?}: give its ID"),
    None => format!("`harn-catalog search FILE {id:?}` lists the nearest"),
})]
pub struct NotFound {
    pub id: String,
    /// The ID of one of several capabilities with that name.
    pub named_so: Option<String>,
}

/// One capability's contract, pretty JSON: its index entry, and for a tool the
/// document its contract hash is computed over (`hashed`) and its MCP definition
/// (`definition`), for a skill its `SKILL.md` (`path`) and frontmatter (`manifest`).
/// `id` is a canonical ID, or a name that only one capability has.
pub fn inspect(built: &Built, id: &str) -> Result<String, NotFound> {
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
        return Err(NotFound { id: id.to_owned(), named_so: near.map(str::to_owned) });
    };
    let capability = &capabilities[i];
    let mut entry = serde_json::to_value(capability).expect("a capability serialises");
    let object = entry.as_object_mut().expect("a capability is an object");
    if capability.kind == Kind::Skill {
        // Skills follow the tools, in the same order in `skills`.
        let skill = &built.skills[i - built.projected.len()];
        object.insert("path".to_owned(), Value::String(skill.path.display().to_string()));
        object.insert("manifest".to_owned(), skill.manifest.clone());
    } else {
        let hashed = hash::contract_document(&built.projected[i], built.executions[i].as_ref());
        object.insert("hashed".to_owned(), hashed);
        object.insert("definition".to_owned(), serde_json::to_value(&built.projected[i]).expect("a tool serialises"));
    }
    Ok(format!("{}\n", serde_json::to_string_pretty(&entry).expect("JSON serialises")))
}

/// The capabilities largest first (equal costs by ID), with their costs.
fn by_cost(index: &Index) -> Vec<&super::Capability> {
    let mut sorted: Vec<_> = index.capabilities.iter().collect();
    sorted.sort_by(super::Capability::by_cost);
    sorted
}

/// How many capabilities of `kind` there are.
fn count(sorted: &[&super::Capability], kind: Kind) -> usize {
    sorted.iter().filter(|c| c.kind == kind).count()
}

/// `stats`: one line per tool and skill, largest first, then the totals.
pub fn stats(index: &Index) -> String {
    let sorted = by_cost(index);
    let total = Cost::total(sorted.iter().map(|c| &c.cost));
    let skills = count(&sorted, Kind::Skill);
    let mut out = format!("{:>9}  {:>7}  {}\n", "bytes", "tokens", if skills > 0 { "capability" } else { "tool" });
    for c in &sorted {
        let _ = writeln!(out, "{:>9}  {:>7}  {}", c.cost.bytes, c.cost.tokens, c.id);
    }
    let tools = format!("{} tools", count(&sorted, Kind::Tool));
    let what = if skills > 0 { format!("{tools}, {}", crate::diagnostics::plural(skills, "skill")) } else { tools };
    let _ = writeln!(out, "{:>9}  {:>7}  total ({what})", total.bytes, total.tokens);
    out
}

/// `stats --format json`: `{"tools": [{"id", "bytes", "tokens"}], "total": {…}}`,
/// and when there are skills `"skills"` listed likewise (the total counts both).
pub fn stats_json(index: &Index) -> Value {
    let sorted = by_cost(index);
    let total = Cost::total(sorted.iter().map(|c| &c.cost));
    let rows = |kind: Kind| -> Vec<Value> {
        sorted
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| json!({"id": c.id, "bytes": c.cost.bytes, "tokens": c.cost.tokens}))
            .collect()
    };
    let mut totals = json!({"tools": count(&sorted, Kind::Tool), "bytes": total.bytes, "tokens": total.tokens});
    let mut stats = json!({"tools": rows(Kind::Tool)});
    let skills = rows(Kind::Skill);
    if !skills.is_empty() {
        totals["skills"] = json!(skills.len());
        stats["skills"] = Value::Array(skills);
    }
    stats["total"] = totals;
    stats
}
