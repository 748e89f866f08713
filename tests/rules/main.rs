//! Every rule tested on both sides of its line, one named test per fixture.
//!
//! Each rule has a folder `fixtures/rules/<code>/` with two sub-folders:
//!
//! - `refused/<case>`: inputs the rule refuses (or, for a warning rule, warns about):
//!   `.json`, `.yaml`, `.toml`, `.harn`, or whatever an input-phase rule needs (an
//!   empty file, a Latin-1 file, a directory named `*.json`, a dangling symbolic link,
//!   a `.txt` file). A refused fixture raises its own rule only (see [`ALSO_RAISES`]
//!   for the exceptions), with the rule's severity; an input with errors yields no
//!   catalog, one with only warnings yields a catalog the independent reference
//!   validator accepts; an input-phase rule's input is unreadable (exit code 2), any
//!   other is read. Its human-rendered diagnostics are compared with the snapshot
//!   `tests/rules/snapshots/<code>__<case>.snap`.
//! - `accepted/<case>`: near misses, inputs just on the legal side of the rule's line
//!   (the boundary a careless implementation gets wrong). Each compiles through both
//!   phases with no diagnostic at all, and its catalog passes the reference validator.
//!
//! Each fixture is run through the command functions the binary runs (see
//! [`run_for`]), their diagnostics taken as logged ([`Log::observed`]): `schema` for
//! every fixture, whose catalog is the one judged, and for a rule another command
//! checks after the compile, that command too: `lint --profile` for a client-profile
//! rule (the first profile that uses it; a refused one still compiles), `lint
//! --closed-objects` for `open-input-object`, `sdk --lang markdown` for a rule of SDK
//! generation. A near miss must also pass `mcp`, which builds the MCP tools. The
//! fixtures of an importer's rule (phase `import`) are what `import` reads (`import
//! docker` for a `*.tools.json`, else `import mcp`); the declaration it prints is
//! compiled, and the diagnostics of both are judged together.
//! Those of a skills rule (phase `skills`) are folders holding a `.harness/`, whose
//! skills are read as `harn-catalog index DIR` reads them (see [`check_skills`]).
//!
//! Those of a down-levelling rule (`downlevel-*`) are run through `harn-catalog mcp
//! --profile <profile>`'s own command function, the profile being the first
//! dot-separated part of the fixture's name (`gemini.const-value.json`), with
//! `--allow-lossy` for `downlevel-lossy`: a refused one notes a change of the rule's
//! kind, and what the command logs is its snapshot; a near miss notes none of that
//! kind (it may note others) and the command succeeds (see [`check_downlevel`]).
//!
//! A fixture may be a harness directory (a folder holding `.harness/`); one whose name
//! ends in `.scopes` is read as `--scopes` reads the most deeply nested folder holding
//! a `.harness/` inside it, with the scopes outside the fixture left out.
//!
//! Fixtures are compiled from their paths relative to the repository root, so the
//! paths in the rendered diagnostics are stable. The tests are named
//! `refused::<code>::<case>` and `accepted::<code>::<case>`, so a failure names its
//! file and `cargo test --test rules <code>` runs one rule's fixtures; the test
//! `layout::every_rule_has_fixtures_on_both_sides` checks the folders themselves. This
//! target has its own harness (`libtest-mimic`, `harness = false`) because libtest has
//! no way to make one test per file found at run time.
//!
//! To accept new or changed golden output, run `INSTA_UPDATE=always cargo test --test
//! rules` and review every changed `.snap` file.

#[path = "../it/common.rs"]
mod common;
mod diff;

use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use harn_catalog::commands::{self, ModuleArgs, Outcome, ReportArgs, Run, RunArgs, Stdout};
use harn_catalog::compile::{self, Options};
use harn_catalog::contract::ToolCatalog;
use harn_catalog::diagnostics::{
    Diagnostics, ErrorFormat, Failed as Ended, Log, Phase, Renderer, Rule, Severity, all_rules,
};
use harn_catalog::emit::{Layout, sdk};
use harn_catalog::import;
use harn_catalog::lint::profiles;
use harn_catalog::lint::rules::open_input_object::OPEN_INPUT_OBJECT;
use harn_catalog::source::{Format, SourceFile};
use libtest_mimic::{Arguments, Failed, Trial};

/// The rules' folders, relative to the repository root.
const FIXTURES: &str = "fixtures/rules";

/// The golden outputs of the refused fixtures, relative to the repository root.
const SNAPSHOTS: &str = "tests/rules/snapshots";

/// The two sides of a rule's line: the sub-folders of a rule's folder.
const REFUSED: &str = "refused";
const ACCEPTED: &str = "accepted";

/// Rules whose findings mean the input could not be read at all (exit code 2).
const UNREADABLE: &[&str] = &["unreadable-input", "unknown-format"];

/// Refused fixtures that cannot help raising another rule besides their own, with
/// those rules, as `<code>/<case>`. Every other refused fixture raises its own rule only.
const ALSO_RAISES: &[(&str, &[&str])] = &[
    // Two arguments at one position leave a gap in the positions, which is the
    // positional-shape rule's finding (spec/contract.md d.2 steps 3 and 4).
    ("cli-argument-collision/shared-position.json", &["cli-positionals"]),
    // A schema checked only because an earlier definition of the tool was replaced
    // comes with the warning about the replacement (spec/contract.md a.3 step 7).
    ("invalid-schema/superseded-definition.json", &["redefined-tool"]),
    // Two skills of one name in one harness directory: one of them is not in the
    // folder of its name.
    ("skill-shadowed/same-name-in-two-folders", &["skill-folder-name"]),
];

fn main() {
    let arguments = Arguments::from_args();
    // Fixtures are compiled, and their paths rendered, as `fixtures/rules/...`.
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("the repository root exists");
    let mut trials = vec![Trial::test("layout::every_rule_has_fixtures_on_both_sides", check_layout)];
    let rules = all_rules();
    for code in visible_entries(Path::new(FIXTURES)) {
        // A folder that names no rule is reported by the layout test.
        let Some(rule) = rules.iter().copied().find(|rule| rule.code == code) else {
            continue;
        };
        let downlevel = check_downlevel::is_downlevel(rule);
        for path in fixtures_of(&code, REFUSED) {
            let name = format!("{REFUSED}::{code}::{}", file_name(&path));
            match rule.phase {
                _ if downlevel => trials.push(Trial::test(name, move || check_downlevel::refused(rule, &path))),
                Phase::Skills => trials.push(Trial::test(name, move || check_skills::refused(rule, &path))),
                _ => trials.push(Trial::test(name, move || check_refused(rule, &path))),
            }
        }
        for path in fixtures_of(&code, ACCEPTED) {
            let name = format!("{ACCEPTED}::{code}::{}", file_name(&path));
            match rule.phase {
                _ if downlevel => trials.push(Trial::test(name, move || check_downlevel::accepted(rule, &path))),
                Phase::Skills => trials.push(Trial::test(name, move || check_skills::accepted(&path))),
                _ => trials.push(Trial::test(name, move || check_accepted(rule, &path))),
            }
        }
    }
    trials.extend(diff::trials());
    libtest_mimic::run(&arguments, trials).exit();
}

/// The golden outputs in `dir`; not insta's pending `.snap.new` files, which the
/// failing case that wrote one reports (and insta deletes once it passes): a layout
/// check that counted them would fail or pass by which case ran first.
fn snapshot_files(dir: &Path) -> Vec<String> {
    visible_entries(dir).into_iter().filter(|name| !name.ends_with(".snap.new")).collect()
}

/// Names in `dir` that do not start with a dot, sorted; none when `dir` is absent.
fn visible_entries(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("a readable directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// The fixtures of one side of a rule's folder, as paths relative to the repository
/// root. An entry is a fixture whether it is a file or (for `unreadable-input`) a
/// directory or a dangling link.
fn fixtures_of(code: &str, side: &str) -> Vec<PathBuf> {
    let folder = Path::new(FIXTURES).join(code).join(side);
    visible_entries(&folder).into_iter().map(|name| folder.join(name)).collect()
}

fn file_name(path: &Path) -> String {
    path.file_name().expect("a fixture has a name").to_string_lossy().into_owned()
}

/// The test's outcome from the problems found, each a line.
fn verdict(problems: Vec<String>) -> Result<(), Failed> {
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n\n").into()) }
}

/// What the commands a fixture is run through logged, and the catalog `schema` printed.
struct Ran {
    /// The diagnostics logged, as they are (see [`Log::observed`]).
    diagnostics: Diagnostics,
    catalog: Option<ToolCatalog>,
    /// How the compile ended: a usage error when the input could not be read.
    ended: Result<(), Ended>,
}

impl Ran {
    fn unreadable(&self) -> bool {
        self.ended == Err(Ended::Unusable)
    }
}

/// The diagnostics as a person sees them, without colour.
fn human(diagnostics: &Diagnostics) -> String {
    let renderer = Renderer::new(ErrorFormat::Human, false);
    diagnostics.iter().map(|d| renderer.render(d)).collect()
}

/// Runs a command as the binary does, printing nothing: the diagnostics it logged and
/// its outcome.
fn run(request: &dyn Run) -> (Diagnostics, Outcome) {
    let renderer = Renderer::new(ErrorFormat::Human, false);
    let mut seen = Diagnostics::default();
    let outcome = request.run(&mut Log::observed(&renderer, |_| {}, |d| seen.push(d.clone())));
    (seen, outcome)
}

/// `harn-catalog schema FILE`: both phases, the catalog on stdout.
fn schema_of(path: &Path) -> commands::schema::Request {
    commands::schema::Request {
        file: path.to_path_buf(),
        module: ModuleArgs::default(),
        pretty: false,
        output: None,
        phase: commands::schema::Phases::All,
        run: RunArgs::default(),
    }
}

/// `harn-catalog mcp FILE`: both phases, the MCP tools built.
fn mcp_of(path: &Path) -> commands::mcp::Request {
    commands::mcp::Request {
        file: path.to_path_buf(),
        module: ModuleArgs::default(),
        pretty: false,
        protocol_version: None,
        ttl_ms: None,
        cache_scope: None,
        // No configuration: the repository's own [mcp] settings are not the fixture's.
        config: PathBuf::from("fixtures/rules/no-configuration.toml"),
        profile: None,
        allow_lossy: false,
        server: None,
        run: RunArgs::default(),
    }
}

/// `harn-catalog lint FILE`, with `profile` or, without one, `--closed-objects`.
fn lint_of(path: &Path, profile: Option<&str>) -> commands::lint::Request {
    commands::lint::Request {
        files: vec![path.to_path_buf()],
        profile: profile.map(str::to_owned).into_iter().collect(),
        server: None,
        closed_objects: profile.is_none(),
        module: ModuleArgs::default(),
        run: RunArgs::default(),
    }
}

/// What a fixture of `rule` is judged by: `harn-catalog schema FIXTURE`, then, for a
/// rule another command checks after the compile, that command, whose diagnostics
/// (the compile's, then its own) are the ones judged:
/// - a client-profile rule: `lint --profile P`, P the profile that first uses the rule
///   (the most lenient of a client's modes);
/// - `open-input-object`: `lint --closed-objects`, as `check` runs it too;
/// - a rule of SDK generation: `sdk --lang markdown --check`, which writes nothing (the
///   folder it checks does not exist, so its drift is reported, and not judged).
///
/// An importer's fixture is what `import` reads (`import docker` for a `*.tools.json`,
/// else `import mcp`), see [`imported`]; a `*.scopes` fixture, see [`compile_scopes`].
fn run_for(rule: &Rule, path: &Path) -> Ran {
    if rule.phase == Phase::Import {
        return imported(path);
    }
    if file_name(path).ends_with(".scopes") {
        return compile_scopes(path);
    }
    let (mut diagnostics, outcome) = run(&schema_of(path));
    let catalog = match outcome.stdout {
        Stdout::Catalog(catalog, _) => Some(*catalog),
        _ => None,
    };
    let then: Option<Box<dyn Run>> = if rule.phase == Phase::Profile {
        let profile = profiles::of_rule(rule.code).expect("a profile rule is used by a profile");
        Some(Box::new(lint_of(path, Some(profile.name))))
    } else if rule.code == OPEN_INPUT_OBJECT.code {
        Some(Box::new(lint_of(path, None)))
    } else if rule.phase == Phase::Sdk {
        Some(Box::new(commands::sdk::Request {
            file: path.to_path_buf(),
            lang: sdk::Language::Markdown,
            output: PathBuf::from("fixtures/rules/no-such-folder"),
            name: None,
            check: true,
            module: ModuleArgs::default(),
            run: RunArgs::default(),
        }))
    } else {
        None
    };
    if let Some(then) = then {
        diagnostics = run(&*then).0;
    }
    Ran { diagnostics, catalog, ended: outcome.ended }
}

/// An importer's fixture: `harn-catalog import mcp|docker FIXTURE --to json`, and the
/// declaration it prints compiled as `schema` compiles a file's text, named after the
/// fixture with `.imported.json` appended (a name no file has, so that the paths in
/// the snapshots are the fixture's); the importer's diagnostics come first.
fn imported(path: &Path) -> Ran {
    let written =
        commands::import::Written { to: Some(import::Output::Json), output: None, report: ReportArgs::default() };
    let file = path.to_path_buf();
    // A fixture named as Docker names its files (`*.tools.json`) is Docker's.
    let source = if path.to_string_lossy().ends_with(".tools.json") {
        commands::import::Source::Docker(commands::import::Request { file, written })
    } else {
        commands::import::Source::Mcp(commands::import::McpRequest {
            file: Some(file),
            command: Vec::new(),
            url: None,
            headers: Vec::new(),
            name: None,
            timeout: 30,
            written,
        })
    };
    let (mut diagnostics, outcome) = run(&source);
    let Stdout::Text(text) = outcome.stdout else {
        return Ran { diagnostics, catalog: None, ended: outcome.ended };
    };
    let mut name = path.as_os_str().to_owned();
    name.push(".imported.json");
    let source = SourceFile::new(PathBuf::from(name), text, Format::Json);
    let compilation = compile::compile_source(source, Options::default());
    diagnostics.extend(compilation.diagnostics.as_slice().iter().cloned());
    let catalog = compilation.catalog().cloned();
    Ran { diagnostics, catalog, ended: compilation.result.map(drop) }
}

/// A `*.scopes` fixture read as `harn-catalog schema --scopes <dir>` reads it, where
/// `<dir>` is the most deeply nested folder of the fixture that holds a `.harness/`,
/// except that the scopes above the fixture are left out: `--scopes` reads every
/// `.harness/` up to the root of the file system, and a developer's home may hold one,
/// which would make the verdict depend on the machine. So this one calls the library
/// as the command does, with the fixture's scopes only.
fn compile_scopes(fixture: &Path) -> Ran {
    use harn_catalog::ingest::{self, harness};
    fn deepest(dir: &Path) -> Option<PathBuf> {
        let mut found = dir.join(harness::HARNESS).is_dir().then(|| dir.to_path_buf());
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() && entry.file_name() != harness::HARNESS {
                if let Some(inner) = deepest(&entry.path()) {
                    if found.as_ref().is_none_or(|f| inner.components().count() > f.components().count()) {
                        found = Some(inner);
                    }
                }
            }
        }
        found
    }
    let start = deepest(fixture).expect("a .scopes fixture holds a .harness/");
    let scopes: Vec<PathBuf> = harness::scopes(&start).into_iter().filter(|s| s.starts_with(fixture)).collect();
    let normalized = harness::load(&scopes, "fixture");
    let content = ingest::Content::Normalized(Box::new(normalized));
    let options = Options { scopes: true, ..Options::default() };
    let compilation = compile::compile_loaded(ingest::Loaded { content, diagnostics: Vec::new() }, options);
    let catalog = compilation.catalog().cloned();
    Ran { diagnostics: compilation.diagnostics, catalog, ended: compilation.result.map(drop) }
}

/// Every rule has a folder with fixtures on both sides; every folder, `ALSO_RAISES`
/// entry and snapshot belongs to a rule or fixture that exists.
fn check_layout() -> Result<(), Failed> {
    let codes: BTreeSet<&str> = all_rules().iter().map(|rule| rule.code).collect();
    let folders: BTreeSet<String> = visible_entries(Path::new(FIXTURES)).into_iter().collect();
    let mut problems = Vec::new();
    for code in &codes {
        if !folders.contains(*code) {
            problems.push(format!("rule {code} has no folder {FIXTURES}/{code}/"));
            continue;
        }
        if fixtures_of(code, REFUSED).is_empty() {
            problems.push(format!("{FIXTURES}/{code}/{REFUSED}/ holds no fixture: add an input the rule refuses"));
        }
        if fixtures_of(code, ACCEPTED).is_empty() {
            problems
                .push(format!("{FIXTURES}/{code}/{ACCEPTED}/ holds no fixture: add a near miss the rule must accept"));
        }
    }
    for folder in &folders {
        if !codes.contains(folder.as_str()) {
            problems.push(format!("{FIXTURES}/{folder}/ names no rule"));
            continue;
        }
        for entry in visible_entries(&Path::new(FIXTURES).join(folder)) {
            if entry != REFUSED && entry != ACCEPTED {
                problems.push(format!("{FIXTURES}/{folder}/{entry} is neither {REFUSED}/ nor {ACCEPTED}/"));
            }
        }
    }
    // A fixture may be a dangling symbolic link (`unreadable-input`): test for the
    // entry itself, not for what it points at.
    let refused_exists = |fixture: &str| {
        fixture.split_once('/').is_some_and(|(code, case)| {
            Path::new(FIXTURES).join(code).join(REFUSED).join(case).symlink_metadata().is_ok()
        })
    };
    for (fixture, _) in ALSO_RAISES {
        if !refused_exists(fixture) {
            problems.push(format!("ALSO_RAISES names {fixture}, which is no refused fixture"));
        }
    }
    for snapshot in snapshot_files(Path::new(SNAPSHOTS)) {
        let fixture = snapshot.strip_suffix(".snap").and_then(|name| name.split_once("__"));
        if !fixture.is_some_and(|(code, case)| refused_exists(&format!("{code}/{case}"))) {
            problems.push(format!("{SNAPSHOTS}/{snapshot} belongs to no refused fixture; delete it"));
        }
    }
    verdict(problems)
}

/// A refused fixture raises its own rule with the rule's severity, and nothing else;
/// errors mean no catalog, warnings alone a valid one; its rendering is the snapshot's.
fn check_refused(rule: &'static Rule, path: &Path) -> Result<(), Failed> {
    let shown = path.display().to_string();
    let ran = run_for(rule, path);
    let rendered = human(&ran.diagnostics);
    let case = file_name(path);
    let key = format!("{}/{case}", rule.code);
    let allowed: &[&str] = ALSO_RAISES.iter().find(|(k, _)| *k == key).map_or(&[], |(_, codes)| codes);

    let mut problems = Vec::new();
    let own = ran.diagnostics.iter().filter(|d| d.code() == rule.code).collect::<Vec<_>>();
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
    let foreign: BTreeSet<&str> =
        ran.diagnostics.iter().map(|d| d.code()).filter(|code| *code != rule.code && !allowed.contains(code)).collect();
    if !foreign.is_empty() {
        problems.push(format!(
            "{shown}: a fixture should trigger only its own rule, but it also raised {}:\n{rendered}",
            foreign.into_iter().collect::<Vec<_>>().join(", ")
        ));
    }
    let has_errors = ran.diagnostics.has_errors();
    // A client profile's findings come after a successful compile: the catalog exists
    // whatever the client makes of it.
    match (&ran.catalog, has_errors, rule.phase == Phase::Profile) {
        (None, _, true) => {
            problems.push(format!("{shown}: a profile fixture should compile, but it did not:\n{rendered}"))
        }
        (Some(_), true, false) => problems.push(format!("{shown}: an input with errors still produced a catalog")),
        (None, false, false) => problems.push(format!("{shown}: an input with only warnings produced no catalog")),
        _ => {}
    }
    if rule.severity != Severity::Error && has_errors {
        problems.push(format!("{shown}: a fixture of a warning rule should compile, but it has errors:\n{rendered}"));
    }
    if let Some(catalog) = &ran.catalog {
        let text = harn_catalog::emit::canonical_json(catalog, Layout::Compact);
        if let Err(reasons) = common::reference_check(&text) {
            problems.push(format!("{shown}: the emitted catalog fails the reference schema: {reasons}"));
        }
    }
    let unreadable = UNREADABLE.contains(&rule.code);
    if ran.unreadable() != unreadable {
        problems.push(format!(
            "{shown}: expected the input to be {}",
            if unreadable { "unreadable (a usage error)" } else { "read (a rejection, not a usage error)" }
        ));
    }

    let name = format!("{}__{case}", rule.code);
    if !matches_snapshot("snapshots", &name, format!("{} of {shown}", rule.code), &rendered) {
        problems.push(format!("{shown}: golden output differs from {SNAPSHOTS}/{name}.snap (diff above)"));
    }
    verdict(problems)
}

/// Whether `rendered` is the snapshot `<folder>/<name>.snap` (under `tests/rules/`);
/// insta prints the difference when it is not.
fn matches_snapshot(folder: &str, name: &str, description: String, rendered: &str) -> bool {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(folder);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(description);
    settings.set_omit_expression(true);
    panic::catch_unwind(AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(name, rendered));
    }))
    .is_ok()
}

/// A near miss compiles through both phases with no diagnostic at all, also when `mcp`
/// builds its MCP tools (`schema` only checks that they can be built), and its catalog
/// passes the reference validator.
fn check_accepted(rule: &'static Rule, path: &Path) -> Result<(), Failed> {
    let shown = path.display().to_string();
    let ran = run_for(rule, path);
    let mut problems = Vec::new();
    if !ran.diagnostics.is_empty() {
        problems
            .push(format!("{shown}: a near miss should compile clean, but it raised:\n{}", human(&ran.diagnostics)));
    }
    if ran.unreadable() {
        problems.push(format!("{shown}: a near miss should be readable"));
    }
    if ran.ended.is_err() {
        problems.push(format!("{shown}: a near miss should pass both phases"));
    }
    if rule.phase != Phase::Import && !file_name(path).ends_with(".scopes") {
        let (built, outcome) = run(&mcp_of(path));
        if !built.is_empty() || outcome.ended.is_err() {
            problems.push(format!("{shown}: `mcp` should build its tools clean, but:\n{}", human(&built)));
        }
    }
    match &ran.catalog {
        None => problems.push(format!("{shown}: a near miss produced no catalog")),
        Some(catalog) => {
            let text = harn_catalog::emit::canonical_json(catalog, Layout::Compact);
            if let Err(reasons) = common::reference_check(&text) {
                problems.push(format!("{shown}: the emitted catalog fails the reference schema: {reasons}"));
            }
        }
    }
    verdict(problems)
}

/// The fixtures of skills rules: each is a folder holding a `.harness/`.
mod check_skills {
    use super::*;
    use harn_catalog::diagnostics::Diagnostic;
    use harn_catalog::ingest::harness;
    use harn_catalog::ingest::skills::{self, SKILL_FILE, SKILL_FOLDER_NAME, SKILL_NAME, Skills};

    fn read(path: &Path) -> Skills {
        skills::read(&harness::resolve(path).into_iter().collect::<Vec<_>>())
    }

    fn human(diagnostics: &[Diagnostic]) -> String {
        let renderer = Renderer::new(ErrorFormat::Human, false);
        diagnostics.iter().map(|d| renderer.render(d)).collect()
    }

    /// Every `SKILL.md` under `dir`.
    fn skill_files(dir: &Path) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                found.extend(skill_files(&path));
            } else if path.file_name().is_some_and(|name| name == SKILL_FILE) {
                found.push(path);
            }
        }
        found
    }

    /// A refused fixture raises its own rule with the rule's severity, and nothing
    /// else; each file it is raised at is left out of the skills (but for a folder
    /// name or a name outside the format's rules, which are only reported); its
    /// rendering is the snapshot's.
    pub fn refused(rule: &'static Rule, path: &Path) -> Result<(), Failed> {
        let shown = path.display().to_string();
        let read = read(path);
        let rendered = human(&read.diagnostics);
        let key = format!("{}/{}", rule.code, file_name(path));
        let allowed: &[&str] = ALSO_RAISES.iter().find(|(k, _)| *k == key).map_or(&[], |(_, codes)| codes);
        let mut problems = Vec::new();
        let own: Vec<&Diagnostic> = read.diagnostics.iter().filter(|d| d.code() == rule.code).collect();
        if own.is_empty() {
            problems.push(format!("{shown}: no {} diagnostic; got:\n{rendered}", rule.code));
        }
        if own.iter().any(|d| d.severity != rule.severity) {
            problems.push(format!("{shown}: a {} diagnostic is not a {}", rule.code, rule.severity.as_str()));
        }
        let foreign: BTreeSet<&str> =
            read.diagnostics.iter().map(|d| d.code()).filter(|c| *c != rule.code && !allowed.contains(c)).collect();
        if !foreign.is_empty() {
            problems.push(format!(
                "{shown}: it also raised {}:\n{rendered}",
                foreign.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
        // The warnings about a name that is only not the format's keep the skill.
        let kept = [SKILL_FOLDER_NAME.code, SKILL_NAME.code].contains(&rule.code);
        for d in &own {
            let Some(origin) = &d.origin else {
                problems.push(format!("{shown}: a {} diagnostic has no location", rule.code));
                continue;
            };
            let file = &origin.source.path;
            if read.skills.iter().any(|s| &s.path == file) != kept {
                let what = if kept { "is left out" } else { "is still read" };
                problems.push(format!("{shown}: the skill of {} {what}", file.display()));
            }
        }
        let name = format!("{}__{}", rule.code, file_name(path));
        if !matches_snapshot("snapshots", &name, format!("{} of {shown}", rule.code), &rendered) {
            problems.push(format!("{shown}: golden output differs from {SNAPSHOTS}/{name}.snap (diff above)"));
        }
        verdict(problems)
    }

    /// A near miss raises nothing, and every `SKILL.md` it holds is a skill.
    pub fn accepted(path: &Path) -> Result<(), Failed> {
        let shown = path.display().to_string();
        let read = read(path);
        let mut problems = Vec::new();
        if !read.diagnostics.is_empty() {
            problems.push(format!(
                "{shown}: a near miss should raise nothing, but it raised:\n{}",
                human(&read.diagnostics)
            ));
        }
        let files = skill_files(path);
        if files.is_empty() || read.skills.len() != files.len() {
            problems.push(format!("{shown}: {} SKILL.md files but {} skills", files.len(), read.skills.len()));
        }
        verdict(problems)
    }
}

/// The fixtures of the down-levelling rules, run through `mcp --profile`'s command.
mod check_downlevel {
    use std::path::Path;

    use harn_catalog::commands::{Run, mcp};
    use harn_catalog::diagnostics::{ErrorFormat, Log, Renderer, Rule};
    use harn_catalog::lint::downlevel::Kind;
    use libtest_mimic::Failed;

    use super::{file_name, matches_snapshot, verdict};

    const KINDS: [Kind; 4] = [Kind::Exact, Kind::Meaning, Kind::Lossy, Kind::Impossible];

    /// Whether `rule` reports a kind of down-levelling change.
    pub fn is_downlevel(rule: &Rule) -> bool {
        KINDS.iter().any(|kind| kind.rule().code == rule.code)
    }

    /// What `harn-catalog mcp FIXTURE --profile <profile>` logs on stderr (human, no
    /// colour), and whether it succeeded.
    fn run(rule: &Rule, path: &Path) -> (String, bool) {
        let profile = file_name(path).split('.').next().unwrap_or_default().to_owned();
        let request = mcp::Request {
            profile: Some(profile),
            allow_lossy: rule.code == Kind::Lossy.rule().code,
            ..super::mcp_of(path)
        };
        let renderer = Renderer::new(ErrorFormat::Human, false);
        let mut logged = String::new();
        let outcome = request.run(&mut Log::new(&renderer, |text| logged.push_str(text)));
        (logged, outcome.ended.is_ok())
    }

    pub fn refused(rule: &'static Rule, path: &Path) -> Result<(), Failed> {
        let shown = path.display().to_string();
        let (logged, _) = run(rule, path);
        let mut problems = Vec::new();
        if !logged.contains(&format!("note[{}]", rule.code)) {
            problems.push(format!("{shown}: no {} note; got:\n{logged}", rule.code));
        }
        let name = format!("{}__{}", rule.code, file_name(path));
        if !matches_snapshot("snapshots", &name, format!("{} of {shown}", rule.code), &logged) {
            problems
                .push(format!("{shown}: golden output differs from tests/rules/snapshots/{name}.snap (diff above)"));
        }
        verdict(problems)
    }

    pub fn accepted(rule: &'static Rule, path: &Path) -> Result<(), Failed> {
        let shown = path.display().to_string();
        let (logged, succeeded) = run(rule, path);
        let mut problems = Vec::new();
        if logged.contains(&format!("[{}]", rule.code)) {
            problems
                .push(format!("{shown}: a near miss should note no {} change, but it logged:\n{logged}", rule.code));
        }
        if !succeeded {
            problems.push(format!("{shown}: a near miss should be down-levelled for its profile, but:\n{logged}"));
        }
        verdict(problems)
    }
}
