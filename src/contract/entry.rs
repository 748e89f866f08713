//! One tool of the catalog and the records it owns.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::SortedObject;
use super::cli::ToolCliSpec;
use super::text::NonBlank;
use super::vocabulary::{SideEffectLevel, ToolAudience, ToolIconTheme, ToolKind, ToolTaskSupport};

/// One normalised tool, shared by every adapter that presents it (MCP, CLI, catalog).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCatalogEntry {
    /// Unique name of the tool in its registry.
    pub name: NonBlank,
    /// Human-readable title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<NonBlank>,
    /// What the tool does, for the model and for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<NonBlank>,
    /// Draft 2020-12 schema of the arguments: an object root with `type: "object"`.
    #[serde(rename = "inputSchema")]
    #[schemars(schema_with = "super::schema_fields::input_schema")]
    pub input_schema: serde_json::Value,
    /// Draft 2020-12 schema of the value the tool returns.
    #[serde(rename = "outputSchema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "super::schema_fields::optional_json_schema_document")]
    pub output_schema: Option<serde_json::Value>,
    /// Draft 2020-12 schema of the values the tool deliberately throws. Runtime faults
    /// stay adapter errors; only a declared throw is application error data.
    #[serde(rename = "errorSchema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "super::schema_fields::optional_json_schema_document")]
    pub error_schema: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<ToolPresentationAnnotations>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), extend("uniqueItems" = true))]
    pub icons: Option<Vec<ToolIcon>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution: Option<ToolExecution>,
    pub governance: ToolGovernance,
    pub cli: ToolCliSpec,
    /// Group the tool belongs to; the first component of its implicit CLI command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<NonBlank>,
    /// Whether clients should load the tool only when a search surfaces it.
    #[serde(rename = "deferLoading")]
    pub defer_loading: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ToolSource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<ToolPolicy>,
    /// Open MCP metadata, keys in byte order.
    #[serde(rename = "_meta", default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<SortedObject>,
}

impl ToolCatalogEntry {
    /// The title shown for the tool: its own, else its annotations' (as MCP shows it).
    pub fn shown_title(&self) -> Option<&NonBlank> {
        self.title.as_ref().or_else(|| self.annotations.as_ref().and_then(|a| a.title.as_ref()))
    }
}

/// MCP presentation hints. Advisory only: they never grant or deny anything.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolPresentationAnnotations {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<NonBlank>,
    #[serde(rename = "readOnlyHint", default, skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    #[serde(rename = "destructiveHint", default, skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    #[serde(rename = "idempotentHint", default, skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    #[serde(rename = "openWorldHint", default, skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
}

impl ToolPresentationAnnotations {
    pub fn is_empty(&self) -> bool {
        self == &ToolPresentationAnnotations::default()
    }
}

/// One icon a tool advertises.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolIcon {
    pub src: NonBlank,
    #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<NonBlank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), extend("uniqueItems" = true))]
    pub sizes: Option<Vec<NonBlank>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<ToolIconTheme>,
}

/// MCP task execution metadata. Queues and retries are runtime concerns, not contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolExecution {
    #[serde(rename = "taskSupport")]
    pub task_support: ToolTaskSupport,
}

/// Which adapters may discover and invoke the tool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolGovernance {
    #[schemars(length(min = 1), extend("uniqueItems" = true))]
    pub audiences: Vec<ToolAudience>,
}

impl ToolGovernance {
    /// Every audience, in canonical order: the default when a registry names none.
    pub fn everyone() -> Self {
        ToolGovernance { audiences: ToolAudience::ALL.to_vec() }
    }

    pub fn includes(&self, audience: ToolAudience) -> bool {
        self.audiences.contains(&audience)
    }
}

/// Where the tool comes from, kept for diagnostics and generated projections.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolSource {
    /// Source vocabulary, such as `openapi` or `harn`.
    pub kind: NonBlank,
    /// Identity of the operation within its source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<NonBlank>,
    /// Source-specific coordinates; with `_meta`, the only open records of the contract.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binding: Option<SortedObject>,
}

/// Harn's own execution classification, distinct from the advisory MCP hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolPolicy {
    pub kind: ToolKind,
    pub side_effect_level: SideEffectLevel,
}
