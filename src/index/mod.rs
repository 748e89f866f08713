//! The discovery index (issue 13): an immutable catalog snapshot's generation and, per
//! capability, its canonical ID, what search reads (name, title, description, tags,
//! provider), whether a model may discover it, its contract hash and context cost.
//! Built above the MCP projection, whose form of each tool is what is hashed; the
//! skills of a harness directory ([`crate::ingest::skills`]) follow the tools.
//!
//! [`hash`] computes contract hashes and the generation, [`cost`] context costs,
//! [`search`] the lexical search over an index.

pub mod budget;
pub mod cost;
pub mod hash;
pub mod jcs;
pub mod render;
pub mod search;

use std::collections::HashMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::contract::{ToolAudience, ToolCatalog, ToolCatalogEntry, ToolExecution};
use crate::diagnostics::Diagnostic;
use crate::ingest::skills::Skill;
use crate::prepare::mcp::{self, McpTool, ProtocolVersion};
use crate::provenance::Provenance;
pub use cost::Cost;

/// The `_meta` key whose array of strings gives a tool's tags.
pub const TAGS_META_KEY: &str = "tags";

/// The index `harn-catalog index` writes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Index {
    /// `sha256:` and the hex sha256 of the canonical catalog, and of the skills when
    /// there are some (see [`hash::generation_with_skills`]).
    pub generation: String,
    pub capabilities: Vec<Capability>,
}

/// The kinds of capability the index lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Tool,
    Skill,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Skill => "skill",
        }
    }
}

/// One capability of the index.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Capability {
    /// `tool:<namespace>/<name>`, or `tool:<name>` without a namespace; for a skill,
    /// `skill:<pack>/<name>` or `skill:<name>` (see [`Skill::id`]).
    pub id: String,
    pub kind: Kind,
    pub name: String,
    /// The title and description as MCP shows them (a tool's own, else its
    /// annotations' title and the generated description).
    pub title: String,
    pub description: String,
    /// `_meta.tags` (its strings), then the groups of the tool's CLI command (every
    /// word of its command path but the last), each once, in that order.
    pub tags: Vec<String>,
    /// The registry's name: `info.name`, else the generated CLI's name.
    pub provider: String,
    /// Whether a model may find the tool: it is of the `mcp` or `agent` audience.
    #[serde(rename = "modelDiscoverable")]
    pub model_discoverable: bool,
    /// Whether clients load the tool only when a search surfaces it.
    #[serde(rename = "deferLoading")]
    pub defer_loading: bool,
    /// See [`hash::contract_hash`]; a skill's is its `manifestHash`.
    #[serde(rename = "contractHash")]
    pub contract_hash: String,
    pub cost: Cost,
    /// A skill's [`Skill::manifest_hash`]; none for a tool.
    #[serde(rename = "manifestHash", default, skip_serializing_if = "Option::is_none")]
    pub manifest_hash: Option<String>,
    /// A skill's [`Skill::body_hash`]; none for a tool.
    #[serde(rename = "bodyHash", default, skip_serializing_if = "Option::is_none")]
    pub body_hash: Option<String>,
}

impl Index {
    /// Whether `bytes` start as an index `harn-catalog index` wrote does
    /// (`{"generation"`, compact or pretty): `search` reads such a file as a snapshot
    /// ([`search::search_file`]) instead of compiling it as a catalog.
    pub fn starts_as_index(bytes: &[u8]) -> bool {
        let start: Vec<u8> = bytes.iter().take(64).copied().filter(|b| !b.is_ascii_whitespace()).collect();
        start.starts_with(b"{\"generation\"")
    }
}

impl Capability {
    /// The costliest first, equal costs by ID: how `stats` lists capabilities and an
    /// overrun budget names them.
    pub fn by_cost(a: &&Capability, b: &&Capability) -> std::cmp::Ordering {
        b.cost.bytes.cmp(&a.cost.bytes).then_with(|| a.id.cmp(&b.id))
    }
}

/// The canonical ID of a tool.
pub fn tool_id(tool: &ToolCatalogEntry) -> String {
    match &tool.namespace {
        Some(namespace) => format!("tool:{}/{}", namespace.as_str(), tool.name.as_str()),
        None => format!("tool:{}", tool.name.as_str()),
    }
}

/// What [`build`] returns: the index, with each tool's MCP projection (in catalog
/// order) for the commands that print one.
pub struct Built {
    pub index: Index,
    pub projected: Vec<McpTool>,
    /// Each tool's execution, which its contract hash covers.
    pub executions: Vec<Option<ToolExecution>>,
    /// The skills [`Built::add_skills`] added, in index order (after the tools).
    pub skills: Vec<Skill>,
}

impl Built {
    /// Adds `skills` after the tools, sorted by ID, and moves the generation to
    /// [`hash::generation_with_skills`] (unchanged when there are none).
    pub fn add_skills(&mut self, mut skills: Vec<Skill>) {
        skills.sort_by_cached_key(Skill::id);
        let capabilities: Vec<Capability> = skills.iter().map(skill_capability).collect();
        self.index.generation = hash::generation_with_skills(&self.index.generation, &capabilities);
        self.index.capabilities.extend(capabilities);
        self.skills.extend(skills);
    }
}

/// The index entry of a skill.
fn skill_capability(skill: &Skill) -> Capability {
    Capability {
        id: skill.id(),
        kind: Kind::Skill,
        name: skill.name.clone(),
        title: skill.title.clone(),
        description: skill.description.clone(),
        tags: skill.tags.clone(),
        provider: skill.provider.clone(),
        model_discoverable: skill.model_discoverable,
        defer_loading: false,
        contract_hash: skill.manifest_hash.clone(),
        cost: Cost::of_skill(&skill.name, &skill.description),
        manifest_hash: Some(skill.manifest_hash.clone()),
        body_hash: Some(skill.body_hash.clone()),
    }
}

/// Indexes a compiled (accepted) catalog: every tool it emits, with its MCP form for
/// protocol 2025-11-25 whatever its audiences. A tool whose schemas cannot be
/// projected is reported (as `mcp` would report it) and nothing is built.
pub fn build(
    catalog: &ToolCatalog,
    provenance: &Provenance,
    provider: &str,
    out: &mut Vec<Diagnostic>,
) -> Option<Built> {
    let Some(projected) = project(catalog) else {
        mcp::report_every_refusal(catalog, provenance, out);
        return None;
    };
    let (generation, capabilities) = rayon::join(
        || hash::generation(catalog),
        || {
            catalog
                .tools
                .par_iter()
                .zip(projected.par_iter())
                .map(|(tool, mcp)| capability(tool, mcp, provider))
                .collect()
        },
    );
    let executions = catalog.tools.iter().map(|tool| tool.execution).collect();
    Some(Built { index: Index { generation, capabilities }, projected, executions, skills: Vec::new() })
}

/// Every tool's MCP form (protocol 2025-11-25), whatever its audiences; `None` when
/// one cannot be projected.
fn project(catalog: &ToolCatalog) -> Option<Vec<McpTool>> {
    mcp::project_each(catalog, ProtocolVersion::V2025_11_25).into_iter().collect()
}

/// The contract hash of each tool of a catalog, in catalog order (`None` for a tool
/// that cannot be projected), or only of the tools `wanted` says.
pub fn contract_hashes(catalog: &ToolCatalog, wanted: impl Fn(usize) -> bool + Sync) -> Vec<Option<String>> {
    hashes(catalog, wanted, |_| None)
}

/// [`contract_hashes`] of every tool, taking a tool's 2025-11-25 projection from
/// `projected` (by name) where the prepare phase already built it, instead of
/// projecting the tool again.
pub fn contract_hashes_reusing(catalog: &ToolCatalog, projected: &HashMap<&str, &McpTool>) -> Vec<Option<String>> {
    hashes(catalog, |_| true, |tool| projected.get(tool.name.as_str()).copied())
}

fn hashes<'m>(
    catalog: &ToolCatalog,
    wanted: impl Fn(usize) -> bool + Sync,
    built: impl Fn(&ToolCatalogEntry) -> Option<&'m McpTool> + Sync,
) -> Vec<Option<String>> {
    let projector = mcp::Projector::new(catalog, ProtocolVersion::V2025_11_25);
    catalog
        .tools
        .par_iter()
        .enumerate()
        .map(|(i, tool)| {
            if !wanted(i) {
                return None;
            }
            if let Some(projected) = built(tool) {
                return Some(hash::contract_hash(projected, tool.execution.as_ref()));
            }
            let projected = projector.project(tool)?;
            Some(hash::contract_hash(&projected, tool.execution.as_ref()))
        })
        .collect()
}

fn capability(tool: &ToolCatalogEntry, projected: &McpTool, provider: &str) -> Capability {
    let mut tags: Vec<String> = Vec::new();
    let meta = tool.meta.as_ref().and_then(|meta| meta.get(TAGS_META_KEY));
    let from_meta = meta.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str);
    let command = &tool.cli.command;
    let groups = command[..command.len().saturating_sub(1)].iter().map(|word| word.as_str());
    for tag in from_meta.chain(groups) {
        if !tags.iter().any(|t| t == tag) {
            tags.push(tag.to_owned());
        }
    }
    let audiences = &tool.governance;
    Capability {
        id: tool_id(tool),
        kind: Kind::Tool,
        name: tool.name.to_string(),
        title: projected.title.clone(),
        description: projected.description.clone(),
        tags,
        provider: provider.to_owned(),
        model_discoverable: audiences.includes(ToolAudience::Mcp) || audiences.includes(ToolAudience::Agent),
        defer_loading: tool.defer_loading,
        contract_hash: hash::contract_hash(projected, tool.execution.as_ref()),
        cost: Cost::of(projected),
        manifest_hash: None,
        body_hash: None,
    }
}
