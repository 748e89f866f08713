//! The generated CLI (spec/contract.md d): each tool's arguments prepared from its input
//! schema and `cli` metadata, and the command tree of the CLI-audience tools.

pub mod arguments;
pub mod command;
mod rules;
pub mod tree;
pub mod written;

use std::collections::BTreeMap;

use crate::contract::{ToolCliBooleanStyle, ToolCliValueHint};
use crate::diagnostics::Origin;
use crate::pointer::{Part, Pointer};
use crate::provenance::ToolCx;

pub use rules::*;

/// Long spellings the generated CLI reserves on every leaf.
pub const RESERVED_LONG: &[&str] = &["harn-input", "harn-output", "help", "version"];
/// Short spellings the generated CLI reserves on every leaf.
pub const RESERVED_SHORT: &[char] = &['h', 'V'];

impl ToolCx<'_> {
    /// Where an argument's metadata field (`help`, or a path such as `aliases/1`) was
    /// written; for a property without metadata, the property in the input schema.
    pub fn argument_origin(&self, property: &str, field: Option<&str>) -> Origin {
        let path = if self.tool.cli.arguments.contains_key(property) {
            let at = Pointer::root().key("cli").key("arguments").key(property);
            match field.and_then(|f| Pointer::parse(&format!("/{f}"))) {
                Some(rest) => at.join(&rest),
                None => at,
            }
        } else {
            Pointer::root().key("inputSchema").key("properties").key(property)
        };
        let part = if field.is_none() { Part::Key } else { Part::Value };
        self.provenance.tool(self.index, &path, part)
    }
}

/// One argument of a leaf command, as the generated CLI presents it (d.2).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PreparedArgument {
    pub property: String,
    /// `None` for positional arguments.
    pub long: Option<String>,
    pub short: Option<char>,
    pub aliases: Vec<String>,
    pub position: Option<u32>,
    pub value_name: String,
    pub help: Option<String>,
    pub value_hint: Option<ToolCliValueHint>,
    pub boolean_style: ToolCliBooleanStyle,
    pub repeatable: bool,
    pub hidden: bool,
    pub completions: Vec<String>,
    pub display_order: Option<u32>,
    pub help_group: Option<String>,
    pub required: bool,
    /// The property schema's `type`, when it is one string (`integer` and `number`
    /// arguments accept negative numbers).
    pub value_type: Option<String>,
    /// The string values of the schema's `enum` (of its `items` when repeatable):
    /// completion candidates, never a restriction.
    pub enum_values: Vec<String>,
}

/// A tool's prepared arguments, in presentation order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PreparedTool {
    pub arguments: Vec<PreparedArgument>,
    /// Whether the leaf gets the generated `--json` flag (no argument spells `json`).
    pub json_flag: bool,
}

/// A node of the generated CLI's command tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandNode {
    pub name: String,
    pub aliases: Vec<String>,
    pub hidden: bool,
    pub title: Option<String>,
    pub description: Option<String>,
    pub display_order: Option<u32>,
    /// The tool this node runs (a leaf), by catalog index; its prepared arguments are
    /// `Prepared::arguments[tool]`.
    pub tool: Option<usize>,
    /// Where its spellings and texts were written (the registry's command metadata,
    /// else the first tool under it), for the rules that report against them.
    pub written: Option<written::Written>,
    pub children: BTreeMap<String, CommandNode>,
}
