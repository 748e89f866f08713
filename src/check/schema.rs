//! What the schema rules of spec/contract.md b.3 and b.4 (in `rules/`) are given: the
//! schema checked, its role, and the wording of their messages.

use serde_json::Value;

use crate::diagnostics::Origin;
use crate::pointer::{Part, Pointer};

/// What a schema is for, which decides the checks that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Input,
    Output,
    Error,
    Component,
}

impl Role {
    /// `input`, `output` or `error` as in upstream's `tool "<n>" input schema …`.
    pub fn word(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Output => "output",
            Role::Error => "error",
            Role::Component => "component",
        }
    }

    pub fn is_tool_schema(self) -> bool {
        self != Role::Component
    }
}

/// One schema document under check.
pub struct Subject<'a> {
    /// `tools[0].inputSchema`, `components.schemas.Widget`: written only when a rule
    /// reports something.
    pub label: &'a dyn std::fmt::Display,
    pub value: &'a Value,
    pub role: Role,
    /// The tool's name, for registry-style messages.
    pub tool: Option<&'a str>,
    /// Where a place inside the schema (its value or its member name) was written.
    pub origin: &'a dyn Fn(&Pointer, Part) -> Origin,
    /// Whether MCP projection bundles this schema with the catalog's components: an
    /// external reference is then the projection's error, not a warning here
    /// (spec/decisions.md 5).
    pub mcp_bundled: bool,
}

/// How the catalog under check was written, which picks upstream's wording for an
/// invalid schema: a registry's per-entry compile says `tool "<n>" input schema is
/// invalid`, the catalog validator says `… is not a valid Draft 2020-12 JSON Schema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    Registry,
    Catalog,
}
