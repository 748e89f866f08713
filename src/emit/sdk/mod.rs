//! SDK generation (`harn-catalog sdk`): typed bindings of a compiled catalog's tools,
//! TypeScript, Rust and Python, and a Markdown reference page. Every language reads the same
//! [`Sdk`] model, so that type names, signatures and the tools covered agree.

mod doc;
mod markdown;
pub mod names;
pub mod python;
pub mod rules;
mod rust;
pub mod signature;
pub mod typescript;

use std::collections::HashMap;

use serde_json::Value;

use super::artifacts::Artifact;
use crate::contract::{ToolAudience, ToolCatalog, ToolCatalogEntry, ToolExecution};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::pointer::{Part, Pointer, Segment};
use crate::prepare::mcp::{McpTool, ProtocolVersion};
use crate::prepare::{McpDocuments, Prepared};
use crate::provenance::Provenance;
use crate::schema::fragment;
use crate::schema::refs::Target;
use crate::schema::walk;
use names::{Collision, Names};

pub use crate::language::Language;

impl Language {
    /// Whether the SDK needs the MCP `tools/list` entries built (the TypeScript and
    /// Python clients and servers advertise and call them, the Rust crate's `TOOLS`
    /// holds them); the projection is checked either way.
    pub fn mcp_documents(self) -> McpDocuments {
        match self {
            Language::TypeScript | Language::Rust | Language::Python => McpDocuments::Build,
            Language::Markdown => McpDocuments::Skip,
        }
    }
}

/// The model every language renders: the catalog's tools and components with their
/// type names.
pub struct Sdk<'c> {
    /// The package or crate name: the registry's `info.name`, else the input's stem.
    pub package: String,
    pub version: Option<&'c str>,
    pub description: Option<&'c str>,
    /// The catalog's tools, in catalog order.
    pub tools: Vec<Tool<'c>>,
    /// The catalog's components, by name.
    pub components: Vec<Component<'c>>,
    /// The `$defs` members at the roots of the tools' and components' schemas, each a
    /// named type (references reach them by name, and may recurse).
    pub defs: Vec<LocalDef<'c>>,
}

/// One tool of the SDK.
pub struct Tool<'c> {
    pub entry: &'c ToolCatalogEntry,
    /// The base of its type names: `<base>Input`, `<base>Output`, `<base>Error`.
    pub type_base: String,
    /// The `tools/list` entry MCP advertises for it, when it is of the MCP audience:
    /// what a server registers and a client calls.
    pub mcp: Option<&'c McpTool>,
    /// Whether MCP wraps its output as `{"result": …}` (a non-object output), which a
    /// client unwraps.
    pub output_wrapped: bool,
    /// Its one-line signature (see [`signature`]).
    pub signature: String,
    /// Its contract hash (`crate::index::hash`), `None` when its schemas cannot be
    /// projected for MCP.
    pub contract_hash: Option<String>,
}

impl<'c> Tool<'c> {
    pub fn input_type(&self) -> String {
        format!("{}Input", self.type_base)
    }

    pub fn output_type(&self) -> String {
        format!("{}Output", self.type_base)
    }

    pub fn error_type(&self) -> String {
        format!("{}Error", self.type_base)
    }

    pub fn name(&self) -> &str {
        self.entry.name.as_str()
    }

    /// Its human-readable title: the entry's, else its annotations'.
    pub fn title(&self) -> Option<&str> {
        self.entry.shown_title().map(|t| t.as_str())
    }

    /// Its `tools/list` entry as the SDKs' servers advertise it, when it is of the MCP
    /// audience.
    pub fn advertised(&self) -> Option<Advertised<'c>> {
        self.mcp.map(|projected| Advertised { projected, execution: self.entry.execution.as_ref() })
    }

    /// The audiences the tool is exposed to, as they are spelled in the catalog.
    pub fn audiences(&self) -> Vec<&'static str> {
        self.entry.governance.audiences.iter().map(|a: &ToolAudience| a.as_str()).collect()
    }
}

/// A tool as the SDKs' servers advertise it: the catalog's MCP projection, and how it
/// runs as a task (`execution.taskSupport`), which MCP 2025-11-25 has and `harn-catalog
/// mcp` leaves out as upstream Harn does (spec/sdk.md).
#[derive(serde::Serialize)]
pub struct Advertised<'a> {
    #[serde(flatten)]
    pub projected: &'a McpTool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub execution: Option<&'a ToolExecution>,
}

/// One catalog component.
pub struct Component<'c> {
    pub name: &'c str,
    pub type_name: String,
    pub schema: &'c Value,
}

/// A member of `$defs` (or of the older `definitions`) at the root of a schema.
pub struct LocalDef<'c> {
    /// The schema whose root holds it, which its references into the inside of a
    /// schema (`#/properties/…`) lead into.
    pub root: &'c Value,
    /// The type name of the schema whose root holds it (`LookupWidgetInput`, `Widget`).
    pub owner: String,
    /// `$defs` or `definitions`.
    pub keyword: &'c str,
    pub name: &'c str,
    pub type_name: String,
    pub schema: &'c Value,
    /// The member of another side of the same tool it is one type with (its index in
    /// [`Sdk::defs`]), whose type name it has and which alone is declared: one enum
    /// pydantic writes into the `$defs` of both the input and the output is one type.
    pub same_as: Option<usize>,
}

impl LocalDef<'_> {
    /// Whether the SDK declares its type: not when it is [`LocalDef::same_as`]
    /// another's.
    pub fn declared(&self) -> bool {
        self.same_as.is_none()
    }
}

/// Where a schema with root `$defs` is: a component by name, or a tool's schema field
/// (the tool's index and the field).
type Root<'n> = Result<&'n str, (usize, &'static str)>;

/// The words every doc comment of a widened type starts its note with, in every
/// language, so that a reader (and the tests) can tell an exact type from a wider one.
pub const WIDENED: &str = "The type is wider than the schema";

/// The `_meta` key of an error `tools/call` result under which the SDKs send and read
/// the tool's declared error value (`structuredContent` cannot carry it: the SDK's
/// `Client.callTool` checks any `structuredContent` against the output schema, errors
/// included).
pub const TOOL_ERROR_KEY: &str = "com.harnlang/toolError";

impl<'c> Sdk<'c> {
    /// Builds the model of `catalog`; `mcp` is the prepared MCP projection (the
    /// `tools/list` entries of the MCP-audience tools), `stem` the input's file stem.
    /// Names that collide are reported against `provenance`.
    pub fn new(
        catalog: &'c ToolCatalog,
        (mcp, version): (&'c [McpTool], ProtocolVersion),
        provenance: Option<&Provenance>,
        stem: &str,
        out: &mut Vec<Diagnostic>,
    ) -> Self {
        let info = catalog.info.as_ref();
        let mut names = Names::default();
        let mut report = |collision: Option<Collision>, origin: Option<crate::diagnostics::Origin>, what: String| {
            if let Some(c) = collision {
                let mut diagnostic = rules::sdk_name_collision::SDK_NAME_COLLISION
                    .diag(format!("{what}, not `{}`: the name is taken by {}", c.wished, c.holder.describe()))
                    .at_opt(origin);
                if c.holder == names::Owner::Reserved {
                    diagnostic = diagnostic.help("rename it so that its PascalCase name is not one the SDK keeps");
                }
                out.push(diagnostic);
            }
        };
        let advertised: HashMap<&str, &McpTool> = mcp.iter().map(|m| (m.name.as_str(), m)).collect();
        // The hashes are of the 2025-11-25 projection, which the prepare phase built
        // for the tools MCP advertises when it wrote for that version.
        let none = HashMap::new();
        let reusable = if version == ProtocolVersion::V2025_11_25 { &advertised } else { &none };
        let mut hashes = crate::index::contract_hashes_reusing(catalog, reusable).into_iter();
        let mut tools = Vec::with_capacity(catalog.tools.len());
        for (index, entry) in catalog.tools.iter().enumerate() {
            let (type_base, collision) = names.tool(entry.name.as_str());
            let origin = provenance.map(|p| p.tool(index, &Pointer::root().key("name"), Part::Value));
            let what = format!(
                "the types of tool `{}` are named after `{type_base}` (`{type_base}Input`, …)",
                entry.name.as_str()
            );
            report(collision, origin, what);
            let advertised = advertised.get(entry.name.as_str()).copied();
            let output_wrapped = advertised.is_some_and(|m| m.output_wrapped);
            let contract_hash = hashes.next().flatten();
            tools.push(Tool {
                entry,
                type_base,
                mcp: advertised,
                output_wrapped,
                signature: String::new(),
                contract_hash,
            });
        }
        let mut components = Vec::new();
        for (name, schema) in catalog.components.iter().flat_map(|c| &c.schemas) {
            let (type_name, collision) = names.component(name);
            let origin = provenance.map(|p| p.component(name, &Pointer::root(), Part::Key));
            report(collision, origin, format!("component `{name}` is named `{type_name}`"));
            components.push(Component { name, type_name, schema });
        }
        let sides = tools.iter().enumerate().flat_map(|(index, tool)| {
            let entry = tool.entry;
            [
                ("inputSchema", Some(&entry.input_schema), tool.input_type()),
                ("outputSchema", entry.output_schema.as_ref(), tool.output_type()),
                ("errorSchema", entry.error_schema.as_ref(), tool.error_type()),
            ]
            .into_iter()
            .filter_map(move |(field, schema, owner)| Some((Err((index, field)), schema?, owner)))
        });
        let component_roots = components.iter().map(|c| (Ok(c.name), c.schema, c.type_name.clone()));
        let roots: Vec<(Root<'_>, &'c Value, String)> = sides.chain(component_roots).collect();
        let mut found = Vec::new();
        for (place, schema, owner) in roots {
            for keyword in ["$defs", "definitions"] {
                for (name, def) in walk::keyword(schema, keyword).and_then(Value::as_object).into_iter().flatten() {
                    found.push((
                        place,
                        LocalDef {
                            owner: owner.clone(),
                            keyword,
                            name,
                            type_name: String::new(),
                            root: schema,
                            schema: def,
                            same_as: None,
                        },
                    ));
                }
            }
        }
        let shared = shared_defs(&found);
        let mut defs: Vec<LocalDef<'c>> = Vec::with_capacity(found.len());
        for (index, (place, mut def)) in found.into_iter().enumerate() {
            if let Some(first) = shared[index] {
                def.type_name = defs[first].type_name.clone();
                def.same_as = Some(first);
                defs.push(def);
                continue;
            }
            let (keyword, name, owner) = (def.keyword, def.name, &def.owner);
            let (type_name, collision) = names.local_def(owner, name);
            let at = Pointer::root().key(keyword).key(name);
            let origin = provenance.map(|p| match place {
                Err((index, field)) => p.tool(index, &Pointer::root().key(field).join(&at), Part::Key),
                Ok(component) => p.component(component, &at, Part::Key),
            });
            report(collision, origin, format!("`{keyword}` member `{name}` of `{owner}` is named `{type_name}`"));
            def.type_name = type_name;
            defs.push(def);
        }
        let mut sdk = Sdk {
            package: info.map_or_else(|| stem.to_owned(), |i| i.name.as_str().to_owned()),
            version: info.and_then(|i| i.version.as_ref()).map(|v| v.as_str()),
            description: info.and_then(|i| i.description.as_ref()).map(|d| d.as_str()),
            tools: Vec::new(),
            components,
            defs,
        };
        for tool in &mut tools {
            tool.signature = signature::render(&sdk, tool);
        }
        sdk.tools = tools;
        sdk
    }

    /// The type name a `$ref` in the schema named `owner` stands for: a component's,
    /// the schema's own (`#`), or a member of its root `$defs`; `None` for a reference
    /// into the inside of a schema, or one that leads elsewhere.
    pub fn type_of_ref(&self, reference: &str, owner: &str) -> Option<String> {
        match Target::of(reference) {
            Target::Component { .. } => self.component_of_ref(reference).map(|c| c.type_name.clone()),
            Target::Local => {
                Pointer::parse(&fragment::decode(&reference[1..])).and_then(|pointer| match pointer.segments() {
                    [] => Some(owner.to_owned()),
                    [Segment::Key(keyword), Segment::Key(name)] => self
                        .defs
                        .iter()
                        .find(|d| d.owner == owner && d.keyword == &**keyword && d.name == &**name)
                        .map(|d| d.type_name.clone()),
                    _ => None,
                })
            }
            Target::InvalidComponent | Target::External => None,
        }
    }

    /// The component a `$ref` names, when it names one whole.
    pub fn component_of_ref(&self, reference: &str) -> Option<&Component<'c>> {
        match Target::of(reference) {
            Target::Component { name, rest } if rest.is_empty() => self.components.iter().find(|c| c.name == name),
            _ => None,
        }
    }
}

/// For each of `found` (the root `$defs` members in model order, with where their
/// schema is), the earlier member it is one type with: a member of another side of the
/// same tool with the same name and schema, whose references into its own root's
/// `$defs` lead to members that are one type too (so that both mean the same wherever
/// they refer). Members of components are never merged: each has a name of its own.
fn shared_defs(found: &[(Root<'_>, LocalDef<'_>)]) -> Vec<Option<usize>> {
    let tool_of = |place: &Root<'_>| place.err().map(|(tool, _)| tool);
    let mut shared: Vec<Option<usize>> = found
        .iter()
        .enumerate()
        .map(|(index, (place, def))| {
            let tool = tool_of(place)?;
            found[..index].iter().position(|(other_place, other)| {
                tool_of(other_place) == Some(tool)
                    && other.owner != def.owner
                    && other.name == def.name
                    && other.schema == def.schema
            })
        })
        .collect();
    // A member whose references do not all lead to merged members (or lead elsewhere in
    // its root) is kept apart; that may part others that refer to it, so until nothing
    // changes.
    loop {
        let mut changed = false;
        for index in 0..found.len() {
            let def = &found[index].1;
            let Some(partner) = shared[index] else { continue };
            let partner_owner = &found[partner].1.owner;
            let representative = |i: usize| shared[i].unwrap_or(i);
            let member = |owner: &str, keyword: &str, name: &str| {
                found.iter().position(|(_, d)| d.owner == owner && d.keyword == keyword && d.name == name)
            };
            // Each reference must lead, on both sides, to one type.
            let leads_to_merged = crate::schema::refs::collect(def.schema).iter().all(|r| match r.target {
                Target::Local => local_def_of(r.value).is_some_and(|(keyword, name)| {
                    match (member(&def.owner, &keyword, &name), member(partner_owner, &keyword, &name)) {
                        (Some(here), Some(there)) => representative(here) == representative(there),
                        _ => false,
                    }
                }),
                _ => true,
            });
            if !leads_to_merged {
                shared[index] = None;
                changed = true;
            }
        }
        if !changed {
            return shared;
        }
    }
}

/// The keyword and member name of a reference to a member of its root's `$defs` (or
/// `definitions`), `#/$defs/<name>`.
fn local_def_of(reference: &str) -> Option<(String, String)> {
    let pointer = Pointer::parse(&fragment::decode(reference.strip_prefix('#')?))?;
    match pointer.segments() {
        [Segment::Key(keyword), Segment::Key(name)] if matches!(&**keyword, "$defs" | "definitions") => {
            Some((keyword.to_string(), name.to_string()))
        }
        _ => None,
    }
}

/// Renders the SDK of `sdk` in `language`: the files of its folder, sorted by path.
pub fn render(language: Language, sdk: &Sdk<'_>) -> Vec<Artifact> {
    let mut files: Vec<Artifact> = match language {
        Language::TypeScript => typescript::render(sdk),
        Language::Rust => rust::render(sdk),
        Language::Markdown => markdown::render(sdk),
        Language::Python => python::render(sdk),
    };
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// What an SDK's package is named.
#[derive(Clone, Copy, Debug)]
pub enum Package<'n> {
    /// This name (`sdk --name`, `[[sdk]] name`).
    Given(&'n str),
    /// The registry's `info.name`, else `stem`, the input's file stem.
    Default { stem: &'n str },
}

/// The SDK of a compiled catalog in `language`, and what generating it reports
/// (collisions of names). `prepared` must hold the MCP documents when the language
/// needs them ([`Language::mcp_documents`]).
pub fn generate(
    language: Language,
    catalog: &ToolCatalog,
    prepared: &Prepared,
    provenance: Option<&Provenance>,
    package: Package<'_>,
) -> (Vec<Artifact>, Diagnostics) {
    let mut diagnostics = Vec::new();
    let stem = match package {
        Package::Given(name) | Package::Default { stem: name } => name,
    };
    let mut sdk = Sdk::new(catalog, (&prepared.mcp, prepared.protocol_version), provenance, stem, &mut diagnostics);
    if let Package::Given(name) = package {
        sdk.package = name.to_owned();
    }
    let mut reported = Diagnostics::default();
    reported.extend(diagnostics);
    (render(language, &sdk), reported)
}

/// The entries of an SDK's folder that its own tooling makes (`cargo check` of the
/// crate, `npm install` beside the TypeScript): a drift check neither reads nor reports
/// them.
pub const BUILD_PRODUCTS: &[&str] = &["Cargo.lock", "node_modules", "target", "__pycache__", ".mypy_cache"];
