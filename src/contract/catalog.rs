//! The catalog envelope and its registry-level records.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cli::ToolCliTreeSpec;
use super::entry::ToolCatalogEntry;
use super::text::NonBlank;

/// The only catalog version this crate reads and writes.
pub const SCHEMA_VERSION: &str = "harn-tools/2.0";

/// Closed version discriminator of a portable tool catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ToolCatalogSchemaVersion {
    #[serde(rename = "harn-tools/2.0")]
    V2,
}

/// A versioned, portable description of every tool a registry exposes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Harn Tool Catalog")]
pub struct ToolCatalog {
    pub schema_version: ToolCatalogSchemaVersion,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub info: Option<ToolRegistryInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cli: Option<ToolCliTreeSpec>,
    pub tools: Vec<ToolCatalogEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<ToolCatalogComponents>,
}

impl ToolCatalog {
    /// A catalog without tools: what a file that did not exist yet stands for.
    pub fn empty() -> Self {
        ToolCatalog {
            schema_version: ToolCatalogSchemaVersion::V2,
            info: None,
            cli: None,
            tools: Vec::new(),
            components: None,
        }
    }
}

/// Name, version and description of the registry as a whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolRegistryInfo {
    /// Name of the registry; the generated CLI is named after it.
    pub name: NonBlank,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<NonBlank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<NonBlank>,
}

/// Named JSON Schemas that tool schemas share through `#/components/schemas/<name>`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCatalogComponents {
    #[schemars(schema_with = "super::schema_fields::component_schemas")]
    pub schemas: BTreeMap<String, serde_json::Value>,
}
