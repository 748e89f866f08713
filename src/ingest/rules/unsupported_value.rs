//! `unsupported-value`: a YAML or TOML value that JSON cannot carry.

use std::fmt::Display;

use saphyr_parser::Tag;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin};

declare_rule! {
    /// ## What it checks
    /// That every value of a YAML or TOML input has a JSON equivalent: no TOML
    /// date-times, no infinite or NaN numbers, no YAML mapping keys other than
    /// strings, no YAML tags beyond the core schema.
    ///
    /// ## Why
    /// A catalog is JSON. A value that JSON cannot carry would have to be changed
    /// silently on the way; the compiler refuses it instead and says how to write it.
    ///
    /// ## Example
    /// ```toml
    /// [info]
    /// name = "widgets"
    /// released = 2026-01-01T00:00:00Z
    /// ```
    pub static UNSUPPORTED_VALUE = {
        code: "unsupported-value",
        phase: Input,
        severity: Error,
        summary: "a YAML or TOML value has no JSON equivalent",
    }
}

/// What a reader found that JSON cannot carry.
pub enum Unsupported<'a> {
    /// An infinite or NaN number, as the input spells it (`.inf`, `nan`).
    NonFinite(&'a str),
    /// A TOML date-time.
    TomlDateTime(&'a dyn Display),
    /// A YAML mapping key that is not a string, as shown in the message.
    NonStringKey(&'a str),
    /// A YAML tag outside the core schema.
    UnknownTag(&'a Tag),
    /// A YAML node of no core type, or a document without a node.
    UnreadableYaml,
    /// A YAML alias whose anchor was never set.
    DanglingAlias,
    /// YAML aliases that copy more nodes than the reader's budget.
    AliasExpansion,
}

/// The diagnostic for `what`, at `at`; raised by the YAML and TOML readers at the
/// value they stop on.
pub fn unsupported_value(what: Unsupported<'_>, at: Origin) -> Diagnostic {
    let message = match what {
        Unsupported::NonFinite(shown) => format!("{shown} has no JSON equivalent; quote it to make it a string"),
        Unsupported::TomlDateTime(date) => {
            format!("TOML date-time {date} has no JSON equivalent; quote it to make it a string")
        }
        Unsupported::NonStringKey(shown) => {
            format!("YAML mapping key {shown} is not a string; JSON keys are strings, so quote it")
        }
        Unsupported::UnknownTag(tag) => format!("YAML tag {}{} has no JSON meaning; remove it", tag.handle, tag.suffix),
        Unsupported::UnreadableYaml => "this YAML value cannot be read as JSON".to_owned(),
        Unsupported::DanglingAlias => "this YAML alias names no anchor".to_owned(),
        Unsupported::AliasExpansion => {
            "YAML aliases expand into too many nodes; write the values out instead".to_owned()
        }
    };
    UNSUPPORTED_VALUE.diag(message).at(at)
}
