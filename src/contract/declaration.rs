//! The registry declaration format (spec/declarations.md) as Rust types: the one
//! description of what a declaration may hold, from which schemars derives the JSON
//! Schema editors validate declarations with (`registry-declaration.schema.json`).
//!
//! The reader (`ingest::registry`) reads declarations as JSON values, for located
//! diagnostics; these types describe the same format for editors, and a test keeps the
//! two in agreement. Where they differ: the schema flags what the reader only warns
//! about (an unknown tool key, `_meta`), so that an editor underlines it, and it does
//! not repeat the checks that need more than one value (a command path's collisions, an
//! executor's target, a schema that does not compile). Every optional key accepts
//! `null`, which the reader takes as absent; the command-line records are read strictly
//! and keep the catalog's own types.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde_json::Value;

use super::SortedObject;
use super::cli::{ToolCliArgumentSpec, ToolCliTreeSpec};
use super::entry::{ToolExecution, ToolGovernance, ToolIcon, ToolPolicy, ToolSource};
use super::text::{CommandName, NonBlank};
use super::vocabulary::{Executor, ShorthandType};

/// The pattern of an extension key, which the reader ignores (spec/decisions.md 1).
pub const EXTENSION_KEY_PATTERN: &str = "^x-";

/// A tool registry declaration: the tools, and optionally the registry's name, its
/// shared schemas and its command line's parent commands. `harn-catalog schema FILE`
/// compiles it into a harn-tools/2.0 catalog. Keys of your own start with `x-`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[schemars(
    title = "Harn tool registry declaration",
    extend("patternProperties" = {
        "^x-": { "description": "An extension key: ignored by harn-catalog. The place for YAML anchors several tools share." }
    }),
    extend("additionalProperties" = false)
)]
pub struct RegistryDeclaration {
    /// The JSON Schema this file follows, for editors (`"$schema": "./registry-declaration.schema.json"`); ignored by harn-catalog.
    #[serde(rename = "$schema", default)]
    pub schema: Option<String>,
    /// The registry's name, version and description. The name names the generated CLI.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"name": "widgets", "version": "1.0.0"}))]
    pub info: Option<super::ToolRegistryInfo>,
    /// The tools, in the order the catalog lists them. Only `name` is required.
    #[schemars(example = serde_json::json!([{"name": "lookup_widget", "description": "Look up one widget by its id.", "parameters": {"widget_id": {"type": "string", "required": true}}}]))]
    pub tools: Vec<ToolSpec>,
    /// JSON Schemas the tools share: refer to one as `{"$ref": "#/components/schemas/Name"}`.
    #[serde(default)]
    pub components: Option<DeclaredComponents>,
    /// Titles, descriptions, aliases, visibility and order of the parent commands of the generated CLI (such as `widgets` above `widgets get`).
    #[serde(default)]
    pub cli: Option<ToolCliTreeSpec>,
}

/// Shared JSON Schemas. Keys other than `schemas` are ignored.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct DeclaredComponents {
    /// Schemas by name; a tool's schema refers to one as `{"$ref": "#/components/schemas/Name"}`.
    #[serde(default)]
    #[schemars(schema_with = "component_schemas")]
    #[schemars(example = serde_json::json!({"Widget": {"type": "object", "properties": {"id": {"type": "string"}}}}))]
    pub schemas: Option<BTreeMap<String, Value>>,
}

/// One tool, written as Harn's `tool_registry_from` takes it. Only `name` is required;
/// a tool without arguments, audiences or command line gets the defaults (no
/// arguments, every audience, a command named after it).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false), transform = one_input_schema_spelling)]
pub struct ToolSpec {
    /// The tool's name, unique in the registry: what a model calls and what the command is named after. A `.` splits it into a command path (`widgets.get` runs as `widgets get`).
    #[schemars(example = &"lookup_widget")]
    pub name: NonBlank,
    /// More keys of this tool, as if written on it; a key written in both places takes the tool's value.
    #[serde(default)]
    pub config: Option<ToolSpecConfig>,
    #[serde(flatten)]
    pub fields: ToolSpecFields,
}

/// More keys of a tool spec, merged with the spec's own.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[schemars(extend("additionalProperties" = false))]
pub struct ToolSpecConfig {
    /// The tool's name, when the spec does not give it.
    #[serde(default)]
    pub name: Option<NonBlank>,
    #[serde(flatten)]
    pub fields: ToolSpecFields,
}

/// The keys a tool spec and its `config` share. Every one may be `null`, which counts
/// as absent.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct ToolSpecFields {
    /// What the tool does, for the model and for people reading the catalog. An empty string is no description.
    #[serde(default)]
    pub description: Option<String>,
    /// Another spelling of `description`; `description` wins when both are given.
    #[serde(default)]
    pub desc: Option<String>,
    /// A human-readable title, shown by clients instead of the name.
    #[serde(default)]
    #[schemars(example = &"Look up a widget")]
    pub title: Option<NonBlank>,
    /// The group the tool belongs to; also the first command of its implicit command line (`widgets` + `get` runs as `widgets get`).
    #[serde(default)]
    #[schemars(example = &"widgets")]
    pub namespace: Option<NonBlank>,
    /// Whether clients load the tool only when a search finds it (default `false`).
    #[serde(default)]
    pub defer_loading: Option<bool>,
    /// The arguments, as a map from argument name to a type name (`string`, `int`, `bool`, …) or a definition object (`{type, required, description, …}`). Give the arguments once: this, `input_schema` or `inputSchema`.
    #[serde(default)]
    #[schemars(schema_with = "parameters_map")]
    #[schemars(example = serde_json::json!({"query": {"type": "string", "required": true, "description": "What to look for."}, "limit": "int"}))]
    pub parameters: Option<BTreeMap<String, ParameterDefinition>>,
    /// The arguments as one complete JSON Schema (Draft 2020-12) whose root is `{"type": "object", …}`. Same as `inputSchema`.
    #[serde(default)]
    #[schemars(schema_with = "input_schema")]
    pub input_schema: Option<Value>,
    /// The arguments as one complete JSON Schema (Draft 2020-12) whose root is `{"type": "object", …}`, kept verbatim.
    #[serde(default, rename = "inputSchema")]
    #[schemars(schema_with = "input_schema")]
    #[schemars(example = serde_json::json!({"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}, "required": ["url"]}))]
    pub input_schema_camel: Option<Value>,
    /// What the tool returns: a JSON Schema (an object, or `true`/`false`). Same as `output_schema` and `outputSchema`; `outputSchema` wins, then `returns`.
    #[serde(default)]
    #[schemars(schema_with = "schema_document")]
    #[schemars(example = serde_json::json!({"type": "object", "properties": {"id": {"type": "string"}}}))]
    pub returns: Option<Value>,
    /// What the tool returns: a JSON Schema (an object, or `true`/`false`). Same as `returns`.
    #[serde(default)]
    #[schemars(schema_with = "schema_document")]
    pub output_schema: Option<Value>,
    /// What the tool returns: a JSON Schema (an object, or `true`/`false`). Wins over `returns` and `output_schema`.
    #[serde(default, rename = "outputSchema")]
    #[schemars(schema_with = "schema_document")]
    pub output_schema_camel: Option<Value>,
    /// The values the tool deliberately throws: a JSON Schema (an object, or `true`/`false`). Same as `errorSchema`.
    #[serde(default)]
    #[schemars(schema_with = "schema_document")]
    pub error_schema: Option<Value>,
    /// The values the tool deliberately throws: a JSON Schema (an object, or `true`/`false`). Wins over `error_schema`.
    #[serde(default, rename = "errorSchema")]
    #[schemars(schema_with = "schema_document")]
    pub error_schema_camel: Option<Value>,
    /// MCP's presentation hints: `title` and the booleans `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`. Other keys are runtime metadata and are left out of the catalog.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"readOnlyHint": true, "openWorldHint": false}))]
    pub annotations: Option<DeclaredAnnotations>,
    /// Harn's classification of what the tool does (`kind`) and how far its side effects reach (`side_effect_level`); written to the catalog as `policy`.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"kind": "read", "side_effect_level": "read_only"}))]
    pub execution_policy: Option<ToolPolicy>,
    /// Icons clients may show: each `{src, mimeType?, sizes?, theme?}`, no two alike.
    #[serde(default)]
    #[schemars(length(min = 1), extend("uniqueItems" = true))]
    pub icons: Option<Vec<ToolIcon>>,
    /// MCP task support: `{"taskSupport": "forbidden" | "optional" | "required"}`.
    #[serde(default)]
    pub execution: Option<ToolExecution>,
    /// Which adapters see the tool: `{"audiences": [...]}` among `cli`, `mcp`, `catalog`, `dashboard`, `agent` (default: all five). Only `catalog` tools are written to the catalog.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"audiences": ["mcp", "catalog"]}))]
    pub governance: Option<ToolGovernance>,
    /// The tool's place in the generated command line: `command`, `aliases`, `hidden` and how each argument reads (`arguments`).
    #[serde(default)]
    pub cli: Option<DeclaredToolCli>,
    /// Where the tool comes from: `{kind, id?, binding?}`, such as `{"kind": "openapi", "id": "getWidget"}`.
    #[serde(default)]
    pub source: Option<ToolSource>,
    /// MCP metadata, written to the catalog as `_meta`: keys of your own (`io.example/tier`) go here.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"io.example/tier": "gold"}))]
    pub meta: Option<SortedObject>,
    /// What runs the tool (default `harn`): `host_bridge` needs `host_capability`, `mcp_server` needs `mcp_server`. Not written to the catalog.
    #[serde(default)]
    pub executor: Option<Executor>,
    /// The host capability a `host_bridge` tool calls. Not written to the catalog.
    #[serde(default)]
    pub host_capability: Option<String>,
    /// The MCP server an `mcp_server` tool is served by. Not written to the catalog.
    #[serde(default)]
    pub mcp_server: Option<String>,
    /// The Harn handler of a `harn` tool; a runtime key, not written to the catalog.
    #[serde(default)]
    pub handler: Option<Value>,
    /// Runtime settings of the tool (not its classification, which is `execution_policy`); not written to the catalog.
    #[serde(default)]
    pub policy: Option<Value>,
    /// Set by Harn on the tools it imports from an MCP server; not written to the catalog.
    #[serde(default, rename = "_mcp_server")]
    pub imported_mcp_server: Option<Value>,
    /// Set by Harn on the tools it imports from an MCP server; not written to the catalog.
    #[serde(default, rename = "_mcp_tool_name")]
    pub imported_mcp_tool_name: Option<Value>,
}

/// One argument of a `parameters` map: a type name, or a definition object.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ParameterDefinition {
    /// A type name: `string`, `int`, `float`, `bool`, `list`, `dict`, `null`, their JSON Schema names, or `any`. An argument written so is never required.
    Shorthand(ShorthandType),
    /// A definition object.
    Definition(ParameterObject),
}

/// An argument's definition: either `{schema, required?, description?}`, or a JSON
/// Schema of its own whose `type` may be a type name (`int`, `bool`, …) and which may
/// say `required: true`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ParameterObject {
    /// The argument's type: `string`, `int`, `float`, `bool`, `list`, `dict`, `null`, their JSON Schema names, or `any`.
    #[serde(default, rename = "type")]
    pub kind: Option<ShorthandType>,
    /// `true` makes the argument required.
    #[serde(default)]
    pub required: Option<bool>,
    /// What the argument is, for the model and for people.
    #[serde(default)]
    pub description: Option<String>,
    /// The argument's complete JSON Schema (an object, or `true`/`false`); then only `required` and `description` are read beside it.
    #[serde(default)]
    #[schemars(schema_with = "schema_document")]
    pub schema: Option<Value>,
}

/// MCP's presentation hints, advisory only. Other keys are runtime metadata, left out
/// of the catalog.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct DeclaredAnnotations {
    /// A title clients may show.
    #[serde(default)]
    pub title: Option<NonBlank>,
    /// `true` when the tool changes nothing.
    #[serde(default, rename = "readOnlyHint")]
    pub read_only_hint: Option<bool>,
    /// `true` when the tool may destroy data (meaningful when it is not read-only).
    #[serde(default, rename = "destructiveHint")]
    pub destructive_hint: Option<bool>,
    /// `true` when calling it twice with the same arguments does nothing more.
    #[serde(default, rename = "idempotentHint")]
    pub idempotent_hint: Option<bool>,
    /// `true` when the tool reaches an open world (the web, other people); `false` for a closed one.
    #[serde(default, rename = "openWorldHint")]
    pub open_world_hint: Option<bool>,
}

/// A tool's command line. Without `command`, the command is `[namespace, name]`, each
/// split on `.`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclaredToolCli {
    /// The command path, parent commands first.
    #[serde(default)]
    #[schemars(length(min = 1))]
    #[schemars(example = serde_json::json!(["widgets", "get"]))]
    pub command: Option<Vec<CommandName>>,
    /// Other spellings of the last command name, distinct.
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub aliases: Option<Vec<CommandName>>,
    /// Hidden from help; the command still runs.
    #[serde(default)]
    pub hidden: Option<bool>,
    /// How input properties read from the command line, by property name; a property not listed reads as `--property-name`.
    #[serde(default)]
    #[schemars(example = serde_json::json!({"id": {"position": 0}, "verbose": {"short": "v", "boolean_style": "set_true"}}))]
    pub arguments: Option<BTreeMap<String, ToolCliArgumentSpec>>,
}

/// A JSON Schema document (`true`, `false` or an object), or `null` for absent.
fn schema_document(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": ["boolean", "object", "null"] })
}

/// An input schema: an object whose root declares `"type": "object"`, or `null`.
fn input_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "anyOf": [
            { "type": "object", "properties": { "type": { "const": "object" } }, "required": ["type"] },
            { "type": "null" }
        ]
    })
}

/// Named component schemas, or `null`.
fn component_schemas(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": ["object", "null"],
        "additionalProperties": { "type": ["boolean", "object"] }
    })
}

/// The `parameters` map, or `null`. A map that is itself an object schema (`type:
/// object` beside `properties`) belongs under `inputSchema`, and is refused.
fn parameters_map(generator: &mut SchemaGenerator) -> Schema {
    let definition = generator.subschema_for::<ParameterDefinition>();
    json_schema!({
        "type": ["object", "null"],
        "additionalProperties": definition,
        "not": {
            "description": "A complete JSON Schema belongs under `inputSchema`.",
            "type": "object",
            "properties": { "type": { "const": "object" } },
            "required": ["type", "properties"]
        }
    })
}

/// A tool gives its arguments in one spelling: `parameters`, `input_schema` or
/// `inputSchema` (a `null` one counting as absent).
fn one_input_schema_spelling(schema: &mut Schema) {
    let spellings = ["parameters", "input_schema", "inputSchema"];
    let given =
        |key: &str| serde_json::json!({ "required": [key], "properties": { key: { "not": { "type": "null" } } } });
    let mut dependent = serde_json::Map::new();
    for spelling in spellings {
        let others: Vec<Value> = spellings.iter().filter(|s| **s != spelling).map(|s| given(s)).collect();
        let alone = serde_json::json!({
            "anyOf": [{ "properties": { spelling: { "type": "null" } } }, { "not": { "anyOf": others } }]
        });
        dependent.insert(spelling.to_owned(), alone);
    }
    schema.insert("dependentSchemas".to_owned(), Value::Object(dependent));
}
