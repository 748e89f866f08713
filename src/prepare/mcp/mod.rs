//! The MCP projection (spec/contract.md c): each MCP-audience tool as the `tools/list`
//! entry Harn serves, with standalone schemas (components bundled under `$defs`) and
//! non-object outputs wrapped.

pub mod bundle;
pub mod rules;
pub mod version;
pub mod wrap;

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use rayon::prelude::*;

use crate::contract::{
    TOOL_CONTRACT_KEY, ToolAudience, ToolCatalog, ToolCatalogEntry, ToolIcon, ToolPresentationAnnotations,
};
use crate::diagnostics::Diagnostic;
use crate::maps::{HashMap, HashSet};
use crate::pointer::{Part, Pointer};
use crate::prepare::McpDocuments;
use crate::provenance::Provenance;
use crate::schema::refs::ComponentGraph;
use bundle::{Place, Refusal};
use rules::{mcp_external_ref, mcp_resource_scope};
pub use version::{CacheScope, Caching, ProtocolVersion};

/// One tool as MCP's `tools/list` reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct McpTool {
    pub name: String,
    pub title: String,
    pub description: String,
    #[serde(rename = "inputSchema")]
    pub input_schema: Value,
    #[serde(rename = "outputSchema", skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    pub annotations: ToolPresentationAnnotations,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icons: Option<Vec<ToolIcon>>,
    #[serde(rename = "_meta", skip_serializing_if = "BTreeMap::is_empty")]
    pub meta: BTreeMap<String, Value>,
    /// Whether the declared output is advertised wrapped as `{"result": …}` (see
    /// [`wrap::wrap_output`]): a client unwraps it. Not part of the document.
    #[serde(skip)]
    pub output_wrapped: bool,
}

/// The `tools/list` result: `{"tools": [...]}`, and for 2026-07-28 the fields that
/// version requires of it.
#[derive(Serialize)]
pub struct ToolsList<'a> {
    pub tools: &'a [McpTool],
    #[serde(rename = "resultType", skip_serializing_if = "Option::is_none")]
    result_type: Option<&'static str>,
    #[serde(rename = "ttlMs", skip_serializing_if = "Option::is_none")]
    ttl_ms: Option<u64>,
    #[serde(rename = "cacheScope", skip_serializing_if = "Option::is_none")]
    cache_scope: Option<CacheScope>,
}

impl<'a> ToolsList<'a> {
    /// The result listing `tools` (projected for `version`) in one page: `complete`,
    /// cacheable as `caching` says.
    pub fn new(tools: &'a [McpTool], version: ProtocolVersion, caching: Caching) -> Self {
        let fields = version.has_result_fields();
        ToolsList {
            tools,
            result_type: fields.then_some("complete"),
            ttl_ms: fields.then_some(caching.ttl_ms),
            cache_scope: fields.then_some(caching.cache_scope),
        }
    }
}

/// Checks that every MCP-audience tool can be projected, reporting what cannot; with
/// [`McpDocuments::Build`], also builds the `tools/list` entries (bundling copies the
/// components each schema reaches, which `schema` alone does not need), written for
/// protocol `version`.
pub fn project(
    catalog: &ToolCatalog,
    provenance: &Provenance,
    documents: McpDocuments,
    version: ProtocolVersion,
    out: &mut Vec<Diagnostic>,
) -> Vec<McpTool> {
    project_where(catalog, provenance, documents, version, true, out)
}

/// Every tool of the catalog in its MCP form, whatever its audiences, in catalog
/// order: `None` for a tool whose schemas cannot be projected (which [`project`]
/// reports for an MCP-audience tool). The form the discovery index hashes
/// (`crate::index`).
pub fn project_each(catalog: &ToolCatalog, version: ProtocolVersion) -> Vec<Option<McpTool>> {
    let projector = Projector::new(catalog, version);
    catalog.tools.par_iter().map(|tool| projector.project(tool)).collect()
}

/// What projecting one tool after another of a catalog needs: its components, their
/// graph and which of them cannot be bundled.
pub struct Projector<'c> {
    components: &'c BTreeMap<String, Value>,
    graph: ComponentGraph<'c>,
    scanned: HashMap<String, Refusal>,
    version: ProtocolVersion,
}

static NO_COMPONENTS: BTreeMap<String, Value> = BTreeMap::new();

impl<'c> Projector<'c> {
    pub fn new(catalog: &'c ToolCatalog, version: ProtocolVersion) -> Self {
        let components = catalog.components.as_ref().map_or(&NO_COMPONENTS, |c| &c.schemas);
        Projector {
            components,
            graph: ComponentGraph::new(components),
            scanned: bundle::scan_components(components),
            version,
        }
    }

    /// `tool` (of the catalog) in its MCP form, whatever its audiences; `None` when its
    /// schemas cannot be projected.
    pub fn project(&self, tool: &ToolCatalogEntry) -> Option<McpTool> {
        self.projection(tool, McpDocuments::Build).1
    }

    fn projection(&self, tool: &ToolCatalogEntry, documents: McpDocuments) -> Projection {
        project_tool(tool, self.components, &self.graph, &self.scanned, documents, self.version)
    }
}

/// [`project`] for every tool of the catalog, whatever its audiences: what keeps
/// [`project_each`] from projecting a tool, reported.
pub fn report_every_refusal(catalog: &ToolCatalog, provenance: &Provenance, out: &mut Vec<Diagnostic>) {
    project_where(catalog, provenance, McpDocuments::Skip, ProtocolVersion::default(), false, out);
}

fn project_where(
    catalog: &ToolCatalog,
    provenance: &Provenance,
    documents: McpDocuments,
    version: ProtocolVersion,
    mcp_audience_only: bool,
    out: &mut Vec<Diagnostic>,
) -> Vec<McpTool> {
    let projector = Projector::new(catalog, version);
    // Each tool on its own, in parallel; refusals are reported afterwards, in catalog
    // order, each refused component once. A tool left out is a `None` rather than
    // filtered: a filtered collect is unindexed, gathered in chunks grown by doubling
    // and then appended, where this one writes each projection into its slot.
    let per_tool: Vec<Option<Projection>> = catalog
        .tools
        .par_iter()
        .map(|tool| {
            let included = !mcp_audience_only || tool.governance.includes(ToolAudience::Mcp);
            included.then(|| projector.projection(tool, documents))
        })
        .collect();
    let mut reported_components = HashSet::default();
    let mut projected =
        Vec::with_capacity(per_tool.iter().flatten().filter(|(_, document)| document.is_some()).count());
    for (index, (refusals, document)) in per_tool.into_iter().enumerate().filter_map(|(i, p)| p.map(|p| (i, p))) {
        for (field, place, refusal) in &refusals {
            report(&catalog.tools[index], index, field, place, refusal, provenance, &mut reported_components, out);
        }
        projected.extend(document);
    }
    projected
}

/// One tool's refusals (field, schema, reason), and (with documents asked for, when
/// nothing is refused) its entry.
type Projection = (Vec<(&'static str, Place, Refusal)>, Option<McpTool>);

/// Projects one tool: see [`Projection`].
fn project_tool(
    tool: &ToolCatalogEntry,
    components: &BTreeMap<String, Value>,
    graph: &ComponentGraph<'_>,
    scanned: &HashMap<String, Refusal>,
    documents: McpDocuments,
    version: ProtocolVersion,
) -> Projection {
    let mut refusals = Vec::new();
    let mut standalone = |field: &'static str, schema: &Value| -> Option<Value> {
        match bundle::check(schema, graph, scanned) {
            Ok(reached) => (documents == McpDocuments::Build).then(|| bundle::standalone(schema, components, &reached)),
            Err((place, refusal)) => {
                refusals.push((field, place, refusal));
                None
            }
        }
    };
    let input_schema = standalone("inputSchema", &tool.input_schema);
    let output = tool.output_schema.as_ref().and_then(|s| standalone("outputSchema", s));
    let error = tool.error_schema.as_ref().and_then(|s| standalone("errorSchema", s));
    let (true, Some(input_schema)) = (refusals.is_empty(), input_schema) else {
        return (refusals, None);
    };
    let title = tool.shown_title().unwrap_or(&tool.name).clone();
    let mut annotations = tool.annotations.clone().unwrap_or_default();
    annotations.title.get_or_insert_with(|| title.clone());
    let mut meta: BTreeMap<String, Value> = tool
        .meta
        .iter()
        .flatten()
        .filter(|(k, _)| *k != TOOL_CONTRACT_KEY)
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if let Some(error_schema) = error {
        let contract = Map::from_iter([("errorSchema".to_owned(), error_schema)]);
        meta.insert(TOOL_CONTRACT_KEY.to_owned(), Value::Object(contract));
    }
    let (mut output_schema, output_wrapped) = output.map(|schema| wrap::wrap_output(schema, version)).unzip();
    let mut input_schema = input_schema;
    for schema in std::iter::once(&mut input_schema).chain(output_schema.as_mut()) {
        wrap::root_properties_as_objects(schema, version);
    }
    let document = McpTool {
        name: tool.name.to_string(),
        title: title.into_string(),
        description: tool
            .description
            .as_deref()
            .map_or_else(|| format!("Exported Harn function '{}'.", tool.name), str::to_owned),
        input_schema,
        output_schema,
        annotations,
        icons: tool.icons.clone(),
        meta,
        output_wrapped: output_wrapped.unwrap_or(false),
    };
    (refusals, Some(document))
}

/// Reports one refusal; a component's only once, for the first tool that reaches it.
#[allow(clippy::too_many_arguments)]
fn report(
    tool: &ToolCatalogEntry,
    index: usize,
    field: &str,
    place: &Place,
    refusal: &Refusal,
    provenance: &Provenance,
    reported_components: &mut HashSet<String>,
    out: &mut Vec<Diagnostic>,
) {
    let (label, origin) = match place {
        Place::Tool => (
            "tool schema".to_owned(),
            provenance.tool(index, &Pointer::root().key(field).join(at(refusal)), Part::Value),
        ),
        Place::Component(name) => {
            if !reported_components.insert(name.clone()) {
                return;
            }
            (format!("components.schemas.{name}"), provenance.component(name, at(refusal), Part::Value))
        }
    };
    let context = match place {
        Place::Tool => format!("tool {:?} {field}: ", tool.name),
        Place::Component(_) => format!("tool {:?} {field} reaches a component: ", tool.name),
    };
    let diagnostic = match refusal {
        Refusal::ResourceScope { keyword, .. } => mcp_resource_scope::diag(&context, &label, keyword),
        Refusal::External { .. } => mcp_external_ref::diag(&context, &label),
    };
    out.push(diagnostic.at(origin));
}

fn at(refusal: &Refusal) -> &Pointer {
    match refusal {
        Refusal::ResourceScope { at, .. } | Refusal::External { at } => at,
    }
}
