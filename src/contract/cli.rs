//! Command-line presentation: per-tool commands and arguments, registry-level parents.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::vocabulary::{ToolCliBooleanStyle, ToolCliValueHint};

/// Where a tool sits in the generated CLI and how its arguments read from tokens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolCliSpec {
    /// Non-empty command path below the generated CLI's root.
    #[schemars(length(min = 1), inner(pattern(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")))]
    pub command: Vec<String>,
    /// Alternate spellings of the last command component.
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true), inner(pattern(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")))]
    pub aliases: Vec<String>,
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
    #[schemars(pattern(r"^[A-Za-z0-9][A-Za-z0-9-]*$"))]
    pub long: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short: Option<char>,
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true), inner(pattern(r"^[A-Za-z0-9][A-Za-z0-9-]*$")))]
    pub aliases: Vec<String>,
    /// Zero-based position of a positional argument.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), pattern(r".*\S.*"))]
    pub value_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), pattern(r".*\S.*"))]
    pub help: Option<String>,
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
    #[schemars(length(min = 1), pattern(r".*\S.*"))]
    pub help_group: Option<String>,
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
    #[schemars(length(min = 1), inner(pattern(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")))]
    pub command: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), pattern(r".*\S.*"))]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1), pattern(r".*\S.*"))]
    pub description: Option<String>,
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true), inner(pattern(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")))]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub hidden: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_order: Option<u32>,
}

/// The command-component grammar `^[A-Za-z0-9_][A-Za-z0-9_-]*$` (ASCII).
pub fn is_command_component(text: &str) -> bool {
    let mut bytes = text.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphanumeric() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The long-option grammar `^[A-Za-z0-9][A-Za-z0-9-]*$` (ASCII).
pub fn is_cli_spelling(text: &str) -> bool {
    let mut bytes = text.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphanumeric())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_components_follow_the_portable_grammar() {
        for ok in ["widgets", "get_widget", "_x", "a-b", "9"] {
            assert!(is_command_component(ok), "{ok}");
        }
        for bad in ["", "-x", "a b", "a.b", "é"] {
            assert!(!is_command_component(bad), "{bad}");
        }
        assert!(is_cli_spelling("widget-id"));
        assert!(!is_cli_spelling("_x"));
        assert!(!is_cli_spelling("widget_id"));
    }
}
