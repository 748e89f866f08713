use crate::check::schema::Subject;
use crate::declare_rule;
use crate::diagnostics::Diagnostic;
use crate::pointer::Part;
use crate::schema::refs::{Reference, Target};

declare_rule! {
    /// ## What it checks
    /// References that do not start with `#`: another document, a URL, a file.
    ///
    /// ## Why
    /// harn-catalog never fetches anything, and a catalog is meant to be
    /// self-contained: whoever loads it resolves such a reference differently, or
    /// not at all. The catalog still accepts it (as upstream does, where it validates
    /// as `true`), so this is a warning; `--deny-warnings` makes it an error
    /// (see [MCP projection](../spec/checks.md#mcp-projection)).
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}
    /// ```
    pub static NON_PORTABLE_REF = {
        code: "non-portable-ref",
        phase: Catalog,
        severity: Warning,
        summary: "a schema references a document outside the catalog",
        help: "declare the referenced schema as a component and use #/components/schemas/<name>",
    }
}

pub fn check(subject: &Subject<'_>, references: &[Reference<'_>], out: &mut Vec<Diagnostic>) {
    if subject.mcp_bundled {
        return;
    }
    for reference in references.iter().filter(|r| r.target == Target::External) {
        out.push(
            NON_PORTABLE_REF
                .diag(format!(
                    "{} references {:?}, which is outside the catalog and is never fetched",
                    subject.label, reference.value
                ))
                .at((subject.origin)(&reference.at.key(reference.keyword), Part::Value)),
        );
    }
}
