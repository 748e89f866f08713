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
