use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// That every key of a tool's `_meta` follows MCP's grammar: an optional
    /// reverse-DNS prefix and `/`, then a name. Prefix labels start with a letter, end
    /// with a letter or digit and hold only letters, digits and `-`; a prefix whose
    /// second label is `mcp` or `modelcontextprotocol` is reserved for MCP; a non-empty
    /// name starts and ends with a letter or digit and holds only letters, digits,
    /// `-`, `_` and `.`. An empty name (`com.example/`, even `""`) is accepted.
    ///
    /// ## Why
    /// MCP clients and servers reject metadata keys outside this grammar.
    ///
    /// ## Example
    /// ```json
    /// {"meta": {"io.modelcontextprotocol/x": 1, "bad key": 2}}
    /// ```
    pub static META_KEY_GRAMMAR = {
        code: "meta-key-grammar",
        phase: Catalog,
        severity: Error,
        summary: "a `_meta` key does not follow MCP's key grammar",
    }
}

/// Why `key` breaks the grammar, in upstream's words; `None` when it does not.
pub fn violation(key: &str) -> Option<&'static str> {
    let (prefix, name) = match key.split_once('/') {
        Some((_, rest)) if rest.contains('/') => {
            return Some("must contain at most one '/' separator");
        }
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if let Some(prefix) = prefix {
        let labels: Vec<&str> = prefix.split('.').collect();
        let label_ok = |label: &str| {
            let bytes = label.as_bytes();
            !bytes.is_empty()
                && bytes[0].is_ascii_alphabetic()
                && bytes[bytes.len() - 1].is_ascii_alphanumeric()
                && bytes.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        };
        if !labels.iter().all(|l| label_ok(l)) {
            return Some("has an invalid reverse-DNS prefix");
        }
        if matches!(labels.get(1), Some(&("mcp" | "modelcontextprotocol"))) {
            return Some("uses an MCP-reserved prefix");
        }
    }
    let bytes = name.as_bytes();
    let name_ok = |bytes: &[u8]| {
        bytes[0].is_ascii_alphanumeric()
            && bytes[bytes.len() - 1].is_ascii_alphanumeric()
            && bytes.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    };
    if !bytes.is_empty() && !name_ok(bytes) {
        return Some("has an invalid metadata name");
    }
    None
}

use crate::check::catalog::{ToolCx, at};
use crate::diagnostics::Diagnostic;

pub fn check(cx: &ToolCx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(meta) = &cx.tool.meta else {
        return;
    };
    for key in meta.keys() {
        if let Some(reason) = violation(key) {
            out.push(
                META_KEY_GRAMMAR
                    .diag(format!("{} key {key:?} {reason}", cx.label("_meta")))
                    .at(cx.key_origin(&at(&["_meta"]).key(key))),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::violation;

    #[test]
    fn follows_the_mcp_key_grammar() {
        for ok in ["", "com.example/", "com.example/tier", "tier", "io.harn-lang/a.b_c-d", "a1/x"] {
            assert_eq!(violation(ok), None, "{ok}");
        }
        assert_eq!(violation("a/b/c"), Some("must contain at most one '/' separator"));
        assert_eq!(violation("1com.example/x"), Some("has an invalid reverse-DNS prefix"));
        assert_eq!(violation("com..example/x"), Some("has an invalid reverse-DNS prefix"));
        assert_eq!(violation("com.example-/x"), Some("has an invalid reverse-DNS prefix"));
        assert_eq!(violation("io.modelcontextprotocol/x"), Some("uses an MCP-reserved prefix"));
        assert_eq!(violation("com.mcp.vendor/x"), Some("uses an MCP-reserved prefix"));
        assert_eq!(violation("bad key"), Some("has an invalid metadata name"));
        assert_eq!(violation("com.example/-x"), Some("has an invalid metadata name"));
    }
}
