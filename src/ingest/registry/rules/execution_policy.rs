//! `execution_policy` → `policy`, with the legacy fallback on annotations (a.3 step 15).

use serde_json::Value;

use crate::contract::{SideEffectLevel, ToolKind, ToolPolicy};
use crate::declare_rule;
use crate::ingest::registry::raw::{EntryCtx, Field, shown};

declare_rule! {
    /// ## What it checks
    /// That `execution_policy`, when given, is an object with exactly the strings
    /// `kind` (one of `read`, `edit`, `delete`, `move`, `search`, `execute`, `think`,
    /// `fetch`, `other`) and `side_effect_level` (one of `none`, `read_only`,
    /// `workspace_write`, `process_exec`, `network`, `desktop_control`).
    ///
    /// Without it, a valid pair of `kind` and `side_effect_level` in `annotations`
    /// becomes the policy (the legacy spelling); an invalid legacy pair is ignored, as
    /// upstream does. The runtime key `policy` is never read as this classification.
    ///
    /// ## Why
    /// The policy drives Harn's permission ceilings; an unknown value cannot be
    /// enforced.
    ///
    /// ## Example
    /// ```json
    /// {"name": "t", "execution_policy": {"kind": "read", "side_effect_level": "some"}}
    /// ```
    pub static EXECUTION_POLICY = {
        code: "execution-policy",
        phase: Catalog,
        severity: Error,
        summary: "`execution_policy` is not `{kind, side_effect_level}` of known values",
    }
}

pub fn policy(cx: &mut EntryCtx<'_>, field: Option<Field>, annotations: Option<&Field>) -> Option<ToolPolicy> {
    match field {
        Some(Field { value: Value::Null, .. }) | None => legacy(annotations),
        Some(Field { value, at }) => {
            let Value::Object(object) = value else {
                cx.error(EXECUTION_POLICY, " field 'execution_policy' must be an object", &at);
                return None;
            };
            if let Some(key) = object.keys().find(|k| !matches!(k.as_str(), "kind" | "side_effect_level")) {
                cx.error_at_key(
                    EXECUTION_POLICY,
                    format_args!(" field 'execution_policy' contains unknown key {key:?}"),
                    &at.key(key),
                );
                return None;
            }
            let mut text = |key: &str| match object.get(key) {
                Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
                found => {
                    let place = if found.is_some() { at.key(key) } else { at.clone() };
                    cx.error(EXECUTION_POLICY, format_args!(" field {key:?} must be a non-empty string"), &place);
                    None
                }
            };
            let (kind, level) = (text("kind")?, text("side_effect_level")?);
            let Some(kind) = ToolKind::parse(&kind) else {
                let shown = shown(&Value::String(kind));
                cx.error(
                    EXECUTION_POLICY,
                    format_args!(" field 'execution_policy.kind' has unknown value {shown}"),
                    &at.key("kind"),
                );
                return None;
            };
            let Some(side_effect_level) = SideEffectLevel::parse(&level) else {
                let shown = shown(&Value::String(level));
                cx.error(
                    EXECUTION_POLICY,
                    format_args!(" field 'execution_policy.side_effect_level' has unknown value {shown}"),
                    &at.key("side_effect_level"),
                );
                return None;
            };
            Some(ToolPolicy { kind, side_effect_level })
        }
    }
}

/// Both legacy annotation keys present and valid, or no policy at all.
fn legacy(annotations: Option<&Field>) -> Option<ToolPolicy> {
    let object = annotations?.value.as_object()?;
    let kind = ToolKind::parse(object.get("kind")?.as_str()?)?;
    let side_effect_level = SideEffectLevel::parse(object.get("side_effect_level")?.as_str()?)?;
    Some(ToolPolicy { kind, side_effect_level })
}
