//! Generated documentation stays in step with the code that generates it.

use crate::common;

#[test]
fn the_rule_reference_is_up_to_date() {
    let generated = common::harn_catalog().args(["rules", "--markdown"]).output().unwrap();
    assert!(generated.status.success());
    let committed = std::fs::read_to_string(common::root().join("docs/rules.md")).unwrap_or_default();
    let generated = String::from_utf8(generated.stdout).unwrap();
    if committed != generated {
        let diff = similar::TextDiff::from_lines(&committed, &generated);
        panic!(
            "docs/rules.md is stale; run `make docs` to regenerate it:\n{}",
            diff.unified_diff().context_radius(2).header("docs/rules.md", "harn-catalog rules --markdown")
        );
    }
}

/// The address a rule's code links to (SARIF's `helpUri`, the language server's
/// `codeDescription`) lands on that rule's own section of `docs/rules.md`: a heading
/// `## code`, whose anchor is the code itself (lower case, letters, digits and
/// hyphens, which a Markdown renderer keeps as they are).
#[test]
fn every_rule_links_to_its_own_section_of_the_rule_reference() {
    let reference = std::fs::read_to_string(common::root().join("docs/rules.md")).unwrap();
    let headings: Vec<&str> = reference.lines().filter_map(|l| l.strip_prefix("## ")).collect();
    let rules = harn_catalog::docs::all();
    assert!(rules.len() > 100, "the table has every rule");
    for rule in rules {
        let code = rule.code();
        let url = harn_catalog::diagnostics::rule_docs_url(code);
        assert_eq!(url, format!("{}#{code}", harn_catalog::diagnostics::RULES_DOCS));
        assert!(url.starts_with("https://") && url.contains("/docs/rules.md#"), "{url}");
        assert!(code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{code}");
        assert_eq!(headings.iter().filter(|h| **h == code).count(), 1, "one `## {code}` section");
    }
}
