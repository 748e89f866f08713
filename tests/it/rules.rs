//! Golden tests of every rule.
//!
//! Each rule has a folder `fixtures/rejected/<code>/` holding one or more inputs that
//! trigger it: `<case>.json`, `.yaml`, `.toml`, or whatever an input-phase rule needs
//! (an empty file, a Latin-1 file, a directory named `*.json`, a dangling symbolic
//! link, a `.txt` file). Every fixture is compiled from its path relative to the
//! repository root, so the paths in the rendered diagnostics are stable, and its
//! human-rendered diagnostics are compared with the snapshot
//! `tests/it/snapshots/it__rules__<code>__<case>.snap`. A fixture raises its own rule only
//! (see [`ALSO_RAISES`] for the exceptions), with the rule's severity; an input with
//! errors yields no catalog, one with only warnings yields a catalog that the
//! independent reference validator accepts.
//!
//! To accept new or changed golden output, run `INSTA_UPDATE=always cargo test --test
//! it rules::` and review every changed `.snap` file.

use crate::common;

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Once;

use harn_catalog::compile::{self, Compilation, Options};
use harn_catalog::diagnostics::{ErrorFormat, Renderer, Rule, Severity, all_rules};

/// The fixtures' folder, relative to the repository root.
const FIXTURES: &str = "fixtures/rejected";

/// Rules whose findings mean the input could not be read at all (exit code 2).
const UNREADABLE: &[&str] = &["unreadable-input", "unknown-format"];

/// Fixtures that cannot help raising another rule besides their own, with those rules.
/// Every other fixture must raise its own rule only.
const ALSO_RAISES: &[(&str, &[&str])] = &[
    // Two arguments at one position leave a gap in the positions, which is the
    // positional-shape rule's finding (CONTRACT.md d.2 steps 3 and 4).
    ("cli-argument-collision/shared-position.json", &["cli-positionals"]),
];

/// Makes the repository root the working directory, once, so that fixtures are
/// compiled (and their paths rendered) as `fixtures/rejected/...`.
fn at_repository_root() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("the repository root exists");
    });
}

/// Names in `dir` that do not start with a dot, sorted.
fn visible_entries(dir: &Path) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("a readable directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// The rule folders of `fixtures/rejected`.
fn rule_folders() -> Vec<String> {
    visible_entries(Path::new(FIXTURES))
}

/// The fixtures of one rule folder, as paths relative to the repository root. An
/// entry is a fixture whether it is a file or (for `unreadable-input`) a directory.
fn fixtures_of(code: &str) -> Vec<PathBuf> {
    let folder = Path::new(FIXTURES).join(code);
    visible_entries(&folder).into_iter().map(|name| folder.join(name)).collect()
}

thread_local! {
    /// Whether panics on this thread are being caught by [`caught`].
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// The last panic caught on this thread, with its location.
    static CAUGHT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f`, turning a panic into its message (with its location) instead of letting
/// the default hook print it: every fixture is checked even when one panics, and the
/// panics are reported with the other problems.
fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                CAUGHT.with(|c| *c.borrow_mut() = info.to_string());
            } else {
                previous(info);
            }
        }));
    });
    CATCHING.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(false));
    result.map_err(|_| CAUGHT.with(|c| c.take()))
}

/// The diagnostics as a person sees them, without colour.
fn human(compilation: &Compilation) -> String {
    let renderer = Renderer::new(ErrorFormat::Human, false);
    compilation.diagnostics.iter().map(|d| renderer.render(d)).collect()
}

/// Every rule has fixtures; every fixture folder, `ALSO_RAISES` entry and `rules__`
/// snapshot belongs to a rule or fixture that exists.
#[test]
fn every_rule_has_fixtures_and_every_folder_names_a_rule() {
    at_repository_root();
    let codes: BTreeSet<&str> = all_rules().iter().map(|rule| rule.code).collect();
    let folders: BTreeSet<String> = rule_folders().into_iter().collect();
    let mut problems = Vec::new();
    for code in &codes {
        if !folders.contains(*code) {
            problems.push(format!("rule {code} has no folder {FIXTURES}/{code}/"));
        } else if fixtures_of(code).is_empty() {
            problems.push(format!("{FIXTURES}/{code}/ holds no fixture"));
        }
    }
    for folder in &folders {
        if !codes.contains(folder.as_str()) {
            problems.push(format!("{FIXTURES}/{folder}/ names no rule"));
        }
    }
    // A fixture may be a dangling symbolic link (`unreadable-input`): test for the
    // entry itself, not for what it points at.
    let exists = |fixture: &str| Path::new(FIXTURES).join(fixture).symlink_metadata().is_ok();
    for (fixture, _) in ALSO_RAISES {
        if !exists(fixture) {
            problems.push(format!("ALSO_RAISES names {FIXTURES}/{fixture}, which does not exist"));
        }
    }
    for snapshot in visible_entries(Path::new("tests/it/snapshots")) {
        let Some(name) = snapshot.strip_prefix("it__rules__").and_then(|s| s.strip_suffix(".snap")) else {
            continue;
        };
        let fixture = name.split_once("__").map(|(code, case)| format!("{code}/{case}"));
        if !fixture.as_deref().is_some_and(exists) {
            problems.push(format!("tests/it/snapshots/{snapshot} belongs to no fixture; delete it"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Checks one fixture of `rule`; the problems found, each a line.
fn check_fixture(rule: &Rule, path: &Path) -> Vec<String> {
    let shown = path.display().to_string();
    let compiled = caught(|| {
        let compilation = compile::compile_file(path, Options::default());
        let rendered = human(&compilation);
        (compilation, rendered)
    });
    let (compilation, rendered) = match compiled {
        Ok(result) => result,
        Err(panic) => return vec![format!("{shown}: {panic}")],
    };
    let case = path.file_name().expect("a fixture has a name").to_string_lossy();
    let key = format!("{}/{case}", rule.code);
    let allowed: &[&str] = ALSO_RAISES.iter().find(|(k, _)| *k == key).map_or(&[], |(_, codes)| codes);

    let mut problems = Vec::new();
    let own = compilation.diagnostics.iter().filter(|d| d.code() == rule.code).collect::<Vec<_>>();
    if own.is_empty() {
        problems.push(format!("{shown}: no {} diagnostic; got:\n{rendered}", rule.code));
    }
    if let Some(d) = own.iter().find(|d| d.severity != rule.severity) {
        problems.push(format!(
            "{shown}: {} diagnostic is a {}, the rule's severity is {}",
            rule.code,
            d.severity.as_str(),
            rule.severity.as_str()
        ));
    }
    let foreign: BTreeSet<&str> = compilation
        .diagnostics
        .iter()
        .map(|d| d.code())
        .filter(|code| *code != rule.code && !allowed.contains(code))
        .collect();
    if !foreign.is_empty() {
        problems.push(format!(
            "{shown}: a fixture should trigger only its own rule, but it also raised {}:\n{rendered}",
            foreign.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    let has_errors = compilation.diagnostics.has_errors();
    match (&compilation.catalog, has_errors) {
        (Some(_), true) => problems.push(format!("{shown}: an input with errors still produced a catalog")),
        (None, false) => problems.push(format!("{shown}: an input with only warnings produced no catalog")),
        _ => {}
    }
    if rule.severity == Severity::Warning && has_errors {
        problems.push(format!("{shown}: a fixture of a warning rule should compile, but it has errors:\n{rendered}"));
    }
    if let Some(catalog) = &compilation.catalog {
        let text = harn_catalog::emit::canonical_json(catalog, harn_catalog::emit::Layout::Compact);
        if let Err(reasons) = common::reference_check(&text) {
            problems.push(format!("{shown}: the emitted catalog fails the reference schema: {reasons}"));
        }
    }
    let unreadable = UNREADABLE.contains(&rule.code);
    if compilation.unreadable != unreadable {
        problems.push(format!(
            "{shown}: expected the input to be {}",
            if unreadable { "unreadable (a usage error)" } else { "read (a rejection, not a usage error)" }
        ));
    }

    let name = format!("{}__{case}", rule.code);
    let mut settings = insta::Settings::clone_current();
    settings.set_description(format!("{} of {shown}", rule.code));
    settings.set_omit_expression(true);
    if caught(|| settings.bind(|| insta::assert_snapshot!(name.as_str(), rendered))).is_err() {
        problems.push(format!(
            "{shown}: golden output differs from tests/it/snapshots/it__rules__{name}.snap (diff above)"
        ));
    }
    problems
}

#[test]
fn every_fixture_raises_its_rule_and_matches_its_golden_output() {
    at_repository_root();
    let rules = all_rules();
    let mut problems = Vec::new();
    let mut checked = 0;
    for code in rule_folders() {
        // A folder that names no rule is reported by the other test.
        let Some(rule) = rules.iter().find(|rule| rule.code == code) else {
            continue;
        };
        for path in fixtures_of(&code) {
            problems.extend(check_fixture(rule, &path));
            checked += 1;
        }
    }
    assert!(checked > 0, "no fixture under {FIXTURES}");
    assert!(problems.is_empty(), "{} problem(s) in {checked} fixtures:\n\n{}", problems.len(), problems.join("\n\n"));
}
