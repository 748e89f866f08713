//! The MCP protocol versions a `tools/list` result is written for (spec/decisions.md 10),
//! and the fields the newer one adds to every result.

use serde::{Deserialize, Serialize};

/// The MCP protocol version the `tools/list` results are written for: they validate
/// against that version's official schema.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
pub enum ProtocolVersion {
    /// Restricts `outputSchema` to a literal `"type": "object"` root: outputs that do
    /// not require an object are wrapped as `{"result": …}`.
    #[default]
    #[serde(rename = "2025-11-25")]
    V2025_11_25,
    /// Takes any output schema, so outputs pass through unwrapped; every result
    /// carries `resultType`, and a `tools/list` result `ttlMs` and `cacheScope`.
    #[serde(rename = "2026-07-28")]
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every version, oldest first.
    pub const ALL: [ProtocolVersion; 2] = [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];

    /// The version as the protocol names it, `2025-11-25`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether an output schema that does not require an object must be wrapped.
    pub fn wraps_outputs(self) -> bool {
        self == ProtocolVersion::V2025_11_25
    }

    /// Whether results carry `resultType` and cacheable ones `ttlMs` and `cacheScope`.
    pub fn has_result_fields(self) -> bool {
        self == ProtocolVersion::V2026_07_28
    }
}

impl std::fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for ProtocolVersion {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ProtocolVersion::ALL.into_iter().find(|v| v.as_str() == text).ok_or_else(|| {
            let known: Vec<&str> = ProtocolVersion::ALL.iter().map(|v| v.as_str()).collect();
            format!("unknown MCP protocol version {text:?}; expected one of {}", known.join(", "))
        })
    }
}

/// Who may reuse a cached `tools/list` result (2026-07-28's `cacheScope`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CacheScope {
    /// Only within the authorization context that fetched it. The default: a server
    /// may list different tools to different users, which a build cannot know.
    #[default]
    Private,
    /// Any client or intermediary, across authorization contexts.
    Public,
}

impl std::str::FromStr for CacheScope {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "private" => Ok(CacheScope::Private),
            "public" => Ok(CacheScope::Public),
            _ => Err(format!("unknown cache scope {text:?}; expected private or public")),
        }
    }
}

/// How long and by whom a 2026-07-28 `tools/list` result may be cached. The
/// defaults, `ttlMs` 0 and `private`, promise nothing: the result is stale at once
/// and reused only by whoever fetched it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Caching {
    /// 2026-07-28: how many milliseconds a client may reuse the result (default 0).
    #[serde(default)]
    pub ttl_ms: u64,
    /// 2026-07-28: who may reuse a cached result, `private` (default) or `public`.
    #[serde(default)]
    pub cache_scope: CacheScope,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_back_from_their_names() {
        for version in ProtocolVersion::ALL {
            assert_eq!(version.as_str().parse::<ProtocolVersion>(), Ok(version));
        }
        let refused = "2025-06-18".parse::<ProtocolVersion>().unwrap_err();
        assert!(refused.contains("2025-11-25, 2026-07-28"), "{refused}");
        assert_eq!("public".parse::<CacheScope>(), Ok(CacheScope::Public));
        assert_eq!("private".parse::<CacheScope>(), Ok(CacheScope::Private));
        assert!("shared".parse::<CacheScope>().is_err());
    }
}
