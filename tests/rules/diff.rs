//! Every diff rule tested on both sides, one named test per fixture pair.
//!
//! Each diff rule has a folder `fixtures/diff/<code>/` with two sub-folders of cases,
//! each case a folder holding `old.<ext>` and `new.<ext>` (any input `diff` takes):
//!
//! - `reported/<case>`: the change is reported, at the rule's level for its side; the
//!   human rendering of the whole diff is compared with the snapshot
//!   `tests/rules/diff_snapshots/<code>__<case>.snap`.
//! - `unreported/<case>`: near misses, a change the rule must not report (a change on
//!   the other side of its line, or a difference of spelling only).
//!
//! For every case, both sides compile clean, each compared with itself reports
//! nothing, and so does each compared with the catalog it compiles to. The tests are
//! named `diff::reported::<code>::<case>` and `diff::unreported::<code>::<case>`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use harn_catalog::compile::{self, Compilation, Options};
use harn_catalog::diff::{self, Change, Compared, DiffFormat, DiffRule, Report, all_diff_rules};
use harn_catalog::emit::{self, Layout};
use harn_catalog::ingest::harn::Surface;
use harn_catalog::source::{Format, SourceFile};
use libtest_mimic::{Failed, Trial};

use super::{matches_snapshot, snapshot_files, verdict, visible_entries};

/// The diff rules' folders, relative to the repository root.
const FIXTURES: &str = "fixtures/diff";

/// The golden outputs of the reported cases, relative to the repository root.
const SNAPSHOTS: &str = "tests/rules/diff_snapshots";

const REPORTED: &str = "reported";
const UNREPORTED: &str = "unreported";

/// The trials: the layout check, then one per case.
pub fn trials() -> Vec<Trial> {
    let mut trials = vec![Trial::test("diff::layout::every_diff_rule_has_cases_on_both_sides", check_layout)];
    let rules = all_diff_rules();
    for code in visible_entries(Path::new(FIXTURES)) {
        let Some(rule) = rules.iter().copied().find(|rule| rule.code == code) else {
            continue;
        };
        for side in [REPORTED, UNREPORTED] {
            for case in cases_of(&code, side) {
                let name = format!("diff::{side}::{code}::{}", case.file_name().expect("named").to_string_lossy());
                trials.push(Trial::test(name, move || check_case(rule, side == REPORTED, &case)));
            }
        }
    }
    trials
}

fn cases_of(code: &str, side: &str) -> Vec<PathBuf> {
    let folder = Path::new(FIXTURES).join(code).join(side);
    visible_entries(&folder).into_iter().map(|name| folder.join(name)).collect()
}

/// The one file of `case` named `stem.<ext>`.
fn side_file(case: &Path, stem: &str) -> Result<PathBuf, String> {
    let found: Vec<PathBuf> = visible_entries(case)
        .into_iter()
        .filter(|name| Path::new(name).file_stem().is_some_and(|s| s == stem))
        .map(|name| case.join(name))
        .collect();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!("{} should hold exactly one {stem}.<ext>, holds {}", case.display(), found.len())),
    }
}

/// As `harn-catalog diff` compiles each side.
fn options() -> Options {
    harn_catalog::commands::diff::options(Surface::Auto)
}

fn compiled(path: &Path) -> Result<Compilation, String> {
    let compilation = compile::compile_file(path, options());
    if compilation.catalog().is_none() || !compilation.diagnostics.is_empty() {
        let renderer = harn_catalog::diagnostics::Renderer::new(harn_catalog::diagnostics::ErrorFormat::Human, false);
        return Err(format!(
            "{}: a side should compile clean, but it raised:\n{}",
            path.display(),
            renderer.render_all(&compilation.diagnostics.into_vec())
        ));
    }
    Ok(compilation)
}

fn side(compilation: &Compilation) -> Compared<'_> {
    harn_catalog::commands::diff::side(compilation).expect("compiled")
}

fn listed(changes: &[Change]) -> String {
    Report { compared: &[], changes, unused: &[], config: None }.render(DiffFormat::Human, false)
}

fn check_case(rule: &'static DiffRule, reported: bool, case: &Path) -> Result<(), Failed> {
    let shown = case.display().to_string();
    let (old, new) =
        match (side_file(case, "old").and_then(|p| compiled(&p)), side_file(case, "new").and_then(|p| compiled(&p))) {
            (Ok(old), Ok(new)) => (old, new),
            (old, new) => return verdict([old.err(), new.err()].into_iter().flatten().collect()),
        };
    let mut problems = Vec::new();
    for (name, compilation) in [("old", &old), ("new", &new)] {
        let itself = diff::diff(&side(compilation), &side(compilation));
        if !itself.is_empty() {
            problems.push(format!("{shown}: {name} compared with itself reports:\n{}", listed(&itself)));
        }
        // The catalog a side compiles to is the same contract as its source.
        let catalog = emit::canonical_json(compilation.catalog().expect("compiled"), Layout::Pretty);
        let reread =
            compile::compile_source(SourceFile::new(format!("{name}.catalog.json"), catalog, Format::Json), options());
        match reread.catalog().is_some() {
            true => {
                let against = diff::diff(&side(compilation), &side(&reread));
                if !against.is_empty() {
                    problems
                        .push(format!("{shown}: {name} compared with its own catalog reports:\n{}", listed(&against)));
                }
            }
            false => problems.push(format!("{shown}: the catalog of {name} does not compile back")),
        }
    }
    let changes = diff::diff(&side(&old), &side(&new));
    let own: Vec<&Change> = changes.iter().filter(|c| c.rule.code == rule.code).collect();
    let rendered = listed(&changes);
    if reported {
        if own.is_empty() {
            problems.push(format!("{shown}: no {} change; got:\n{rendered}", rule.code));
        }
        // A reviewer is sent to the line that changed, in the new file or the old.
        for change in changes.iter().filter(|c| c.origin.is_none() && c.old_origin.is_none()) {
            problems
                .push(format!("{shown}: {} at {} is located in neither file", change.rule.code, change.new_pointer));
        }
        let name = format!("{}__{}", rule.code, case.file_name().expect("named").to_string_lossy());
        if !matches_snapshot("diff_snapshots", &name, format!("{} of {shown}", rule.code), &rendered) {
            problems.push(format!("{shown}: golden output differs from {SNAPSHOTS}/{name}.snap (diff above)"));
        }
    } else if !own.is_empty() {
        problems.push(format!("{shown}: a near miss should not report {}, but got:\n{rendered}", rule.code));
    }
    verdict(problems)
}

/// Every diff rule has cases on both sides; every folder and snapshot belongs to a
/// rule or case that exists.
fn check_layout() -> Result<(), Failed> {
    let codes: BTreeSet<&str> = all_diff_rules().iter().map(|rule| rule.code).collect();
    let folders: BTreeSet<String> = visible_entries(Path::new(FIXTURES)).into_iter().collect();
    let mut problems = Vec::new();
    for code in &codes {
        if cases_of(code, REPORTED).is_empty() {
            problems.push(format!("{FIXTURES}/{code}/{REPORTED}/ holds no case: add an old/new pair with the change"));
        }
        if cases_of(code, UNREPORTED).is_empty() {
            problems.push(format!(
                "{FIXTURES}/{code}/{UNREPORTED}/ holds no case: add a near miss the rule must not report"
            ));
        }
    }
    for folder in &folders {
        if !codes.contains(folder.as_str()) {
            problems.push(format!("{FIXTURES}/{folder}/ names no diff rule"));
            continue;
        }
        for entry in visible_entries(&Path::new(FIXTURES).join(folder)) {
            if entry != REPORTED && entry != UNREPORTED {
                problems.push(format!("{FIXTURES}/{folder}/{entry} is neither {REPORTED}/ nor {UNREPORTED}/"));
            }
        }
    }
    for snapshot in snapshot_files(Path::new(SNAPSHOTS)) {
        let case = snapshot.strip_suffix(".snap").and_then(|name| name.split_once("__"));
        if !case.is_some_and(|(code, case)| Path::new(FIXTURES).join(code).join(REPORTED).join(case).is_dir()) {
            problems.push(format!("{SNAPSHOTS}/{snapshot} belongs to no reported case; delete it"));
        }
    }
    verdict(problems)
}
