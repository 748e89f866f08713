//! `governance` (a.3 step 12): audiences, canonically ordered.

use serde_json::Value;

use crate::contract::{ToolAudience, ToolGovernance};
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field};

declare_rule! {
    /// ## What it checks
    /// That `governance` is an object whose only key is `audiences`, a non-empty list
    /// of distinct audience names among `cli`, `mcp`, `catalog`, `dashboard` and
    /// `agent`. Absent, it means all five. The list is written in that canonical order.
    ///
    /// ## Why
    /// Audiences decide which adapters see a tool; an unknown or repeated name is a
    /// typo that would hide the tool from an adapter.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "governance": {"audiences": ["mcp", "cli", "mcp"]}}
    /// ```
    pub static GOVERNANCE_FIELD = {
        code: "governance-field",
        phase: Catalog,
        severity: Error,
        summary: "`governance` is not `{audiences: [...]}` of distinct known audiences",
    }
}

pub fn governance(cx: &mut EntryCtx<'_>, field: Option<Field>) -> ToolGovernance {
    let Some(Field { value, at }) = field else {
        return ToolGovernance::everyone();
    };
    let object = match value {
        Value::Object(object) => object,
        _ => {
            cx.error(GOVERNANCE_FIELD, " field 'governance' must be an object", &at);
            return ToolGovernance::everyone();
        }
    };
    if let Some(key) = object.keys().find(|k| *k != "audiences") {
        cx.error_at_key(
            GOVERNANCE_FIELD,
            format_args!(" field 'governance' contains unknown key {key:?}"),
            &at.key(key),
        );
    }
    let audiences_at = at.key("audiences");
    let names = match object.get("audiences") {
        Some(Value::Array(names)) if !names.is_empty() => names,
        found => {
            let place = if found.is_some() { &audiences_at } else { &at };
            cx.error(GOVERNANCE_FIELD, " field 'governance.audiences' must be a non-empty list", place);
            return ToolGovernance::everyone();
        }
    };
    let mut audiences = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let Some(text) = name.as_str() else {
            cx.error(
                GOVERNANCE_FIELD,
                " field 'governance.audiences' must contain only audience names",
                &audiences_at.index(i),
            );
            continue;
        };
        match ToolAudience::parse(text) {
            None => cx.error(
                GOVERNANCE_FIELD,
                format_args!(" field 'governance.audiences' has unknown audience {text:?}"),
                &audiences_at.index(i),
            ),
            Some(audience) if audiences.contains(&audience) => cx.error(
                GOVERNANCE_FIELD,
                format_args!(" field 'governance.audiences' contains duplicate audience {text:?}"),
                &audiences_at.index(i),
            ),
            Some(audience) => audiences.push(audience),
        }
    }
    audiences.sort();
    ToolGovernance { audiences }
}
