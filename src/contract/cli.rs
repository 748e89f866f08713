//! Command-line presentation: per-tool commands and arguments, registry-level parents.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::text::{CommandName, NonBlank, OptionSpelling};
use super::vocabulary::{ToolCliBooleanStyle, ToolCliValueHint};

/// Where a tool sits in the generated CLI and how its arguments read from tokens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCliSpec {
    /// Non-empty command path below the generated CLI's root.
    #[schemars(length(min = 1))]
    pub command: Vec<CommandName>,
    /// Alternate spellings of the last command component.
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub aliases: Vec<CommandName>,
    /// Hidden from help, still invocable.
    pub hidden: bool,
    /// Token mapping per input property; properties not listed read as `--property-name`.
    #[serde(default)]
    pub arguments: BTreeMap<String, ToolCliArgumentSpec>,
}

/// How one input property maps from command-line tokens.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCliArgumentSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long: Option<OptionSpelling>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short: Option<char>,
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub aliases: Vec<OptionSpelling>,
    /// Zero-based position of a positional argument.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_name: Option<NonBlank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<NonBlank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_hint: Option<ToolCliValueHint>,
    /// Boolean token behaviour. Presence styles never invent a value when the flag is absent.
    #[serde(default)]
    pub boolean_style: ToolCliBooleanStyle,
    #[serde(default)]
    pub repeatable: bool,
    /// Hidden from help, still accepted.
    #[serde(default)]
    pub hidden: bool,
    /// Advisory completion candidates, in order. They never restrict input.
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub completions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_order: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help_group: Option<NonBlank>,
}

/// Parent-command metadata, owned once at the registry level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCliTreeSpec {
    #[serde(default)]
    pub commands: Vec<ToolCliCommandSpec>,
}

/// Presentation of one non-runnable command path of the generated CLI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCliCommandSpec {
    #[schemars(length(min = 1))]
    pub command: Vec<CommandName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<NonBlank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<NonBlank>,
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub aliases: Vec<CommandName>,
    #[serde(default)]
    pub hidden: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_order: Option<u32>,
}
