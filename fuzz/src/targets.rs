//! The fuzz targets' checks, one function per front end, and the seeds each starts
//! from. The fuzz binaries (`fuzz/fuzz_targets/`) hand every input AFL++ makes to a
//! check; `tests/it/fuzz_regressions.rs` includes this same file and replays the
//! seeds and the saved crashes (`fuzz/regressions/<target>/`) through the same checks.
//!
//! A check asserts more than "no panic": every diagnostic points inside the text it
//! names, on character boundaries, and renders; a catalog that compiles, written as
//! `schema` writes it and compiled again, is the same catalog; a catalog compared
//! with itself (`diff X X`) reports nothing; an import's declaration compiles alike in
//! YAML, JSON and TOML; and what touches the disk leaves its temporary folder as it
//! was. A broken invariant panics, which AFL++ records as a crash.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

use harn_catalog::compile::{self, Compilation, Options};
use harn_catalog::contract::ToolCatalog;
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Renderer};
use harn_catalog::diff::{self, Compared, DiffFormat, Named, Report};
use harn_catalog::emit::{Layout, canonical_json};
use harn_catalog::import::{self, Kind, Output};
use harn_catalog::ingest;
use harn_catalog::ingest::harn::ast::{Item, Span};
use harn_catalog::ingest::harn::lexer::{self, TokenKind};
use harn_catalog::ingest::harn::{Surface, parser};
use harn_catalog::ingest::harness::{self, heredoc};
use harn_catalog::ingest::skills::manifest;
use harn_catalog::source::{Format, SourceFile};

/// One fuzz target: its name (the binary's, and its folders' under `target/fuzz/`
/// and `fuzz/regressions/`), its check, and where its seeds come from.
pub struct Target {
    pub name: &'static str,
    pub check: fn(&[u8]),
    pub seeds: fn(&Path) -> Vec<Seed>,
}

/// A seed: a name (its file name in the corpus) and its bytes.
pub struct Seed {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Every target, in the order `make fuzz` runs them.
pub const TARGETS: &[Target] = &[
    Target { name: "declaration_json", check: declaration_json, seeds: |root| files(root, &["json"], not_a_catalog) },
    Target { name: "declaration_yaml", check: declaration_yaml, seeds: |root| files(root, &["yaml", "yml"], any) },
    Target { name: "declaration_toml", check: declaration_toml, seeds: |root| files(root, &["toml"], any) },
    Target { name: "catalog", check: catalog, seeds: |root| files(root, &["json"], is_a_catalog) },
    Target { name: "harn_exports", check: harn_exports, seeds: |root| files(root, &["harn"], any) },
    Target { name: "harn_script", check: harn_script, seeds: |root| files(root, &["harn"], any) },
    Target { name: "harness", check: harness_tool, seeds: harness_seeds },
    Target { name: "skill", check: skill, seeds: |root| named(root, "SKILL.md") },
    Target { name: "config", check: config, seeds: config_seeds },
    Target { name: "import_mcp", check: import_mcp, seeds: mcp_seeds },
    Target { name: "import_docker", check: import_docker, seeds: docker_seeds },
    Target { name: "diff", check: diff_pair, seeds: diff_seeds },
];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

// ----- the checks -----

/// A registry declaration (or catalog) in JSON, compiled as `schema` compiles it.
pub fn declaration_json(data: &[u8]) {
    declaration(data, "fuzz.json", Format::Json);
}

pub fn declaration_yaml(data: &[u8]) {
    declaration(data, "fuzz.yaml", Format::Yaml);
}

pub fn declaration_toml(data: &[u8]) {
    declaration(data, "fuzz.toml", Format::Toml);
}

/// A catalog read strictly: the same path as a declaration (a JSON text opening with
/// `schema_version` is read straight into the catalog's records, any other one parsed
/// first), seeded with catalogs so that the strict reader is what gets mutated.
pub fn catalog(data: &[u8]) {
    declaration(data, "fuzz.catalog.json", Format::Json);
}

/// A `.harn` module on the exports surface, after the lexer and parser checks.
pub fn harn_exports(data: &[u8]) {
    harn_module(data, Surface::Exports);
}

/// A `.harn` module on the script surface, after the lexer and parser checks.
pub fn harn_script(data: &[u8]) {
    harn_module(data, Surface::Script);
}

/// One tool of a harness directory: its sidecar `<tool>.schema.json` when the input
/// opens with `{`, else its script, whose `--schema` heredoc holds the document. The
/// directory is a temporary one, made once per process with one executable; the file
/// read is the input, given as an editor's unsaved text (as the language server
/// does), and the executable is renamed to the tool the input names so that a
/// well-formed input compiles. The directory must be as it was afterwards.
pub fn harness_tool(data: &[u8]) {
    // The reader of scripts first, on any bytes: a binary is refused, a text's schema
    // lies inside it.
    if let Ok(text) = heredoc::text(data.to_vec()) {
        if let Ok(body) = heredoc::schema(&text) {
            check_range(&text, &body, "the heredoc's body");
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let sidecar = text.trim_start().starts_with('{');
    let dir = HarnessDir::get();
    let mut current = lock(&dir.tool);
    let name = tool_name(text, sidecar).unwrap_or_else(|| "tool".to_owned());
    let tools = dir.set_tool(&mut current, &name, sidecar);
    let file = if sidecar { tools.join(format!("{name}.schema.json")) } else { tools.join(&name) };
    let before = snapshot(&dir.root);
    let unsaved = harness::Unsaved { path: &file, text };
    match harn_catalog::ingest::load_harness_with(&dir.root, unsaved) {
        Ok(loaded) => compiled(compile::compile_loaded(loaded, Options::default())),
        Err(refused) => panic!("a harness directory that exists was not read: {}", refused_message(&refused)),
    }
    assert_eq!(snapshot(&dir.root), before, "reading a harness directory changed it");
}

/// A `SKILL.md`: its frontmatter split from its body, and read.
pub fn skill(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let text = harn_catalog::source::without_bom(text.to_owned());
    let Ok(parts) = manifest::split(&text) else {
        return;
    };
    // The four parts follow each other and cover the text.
    assert_eq!(parts.open.start, 0);
    assert_eq!(parts.open.end, parts.manifest.start);
    assert_eq!(parts.manifest.end, parts.close.start);
    assert_eq!(parts.close.end, parts.body.start);
    assert_eq!(parts.body.end, text.len());
    for part in [&parts.open, &parts.manifest, &parts.close, &parts.body] {
        check_range(&text, part, "a part of SKILL.md");
    }
    match manifest::read(Path::new("fuzz/SKILL.md"), &text, &parts) {
        Ok(read) => {
            assert!(!read.name.is_empty(), "a skill without a name was read");
            assert!(!read.description.trim().is_empty(), "a skill without a description was read");
            check_origin(&read.name_at, "the skill's name");
        }
        Err(problems) => {
            assert!(!problems.is_empty(), "a skill left out without a reason");
            check_diagnostics(&problems);
        }
    }
}

/// `harn-catalog.toml`: read, its inputs listed, its paths checked.
pub fn config(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1);
    match harn_catalog::config::parse(Path::new("/fuzz/project/harn-catalog.toml"), text.to_owned()) {
        Ok(config) => {
            let _ = config.inputs();
            for target in &config.catalogs {
                // Every catalog names exactly one source.
                let _ = target.server_name();
                check_range(text, &target.output.span(), "a catalog's output");
            }
            for accepted in &config.accepted {
                check_range(text, &accepted.fingerprint.span(), "an accepted fingerprint");
            }
            check_diagnostics(&config.paths_outside(Path::new("/fuzz/project")));
        }
        Err(harn_catalog::config::ConfigError::Invalid { line: Some(line), .. }) => {
            assert!((1..=lines + 1).contains(&line), "an error on line {line} of {lines}");
        }
        Err(_) => {}
    }
}

/// An MCP `tools/list` result (or any shape `import mcp` reads).
pub fn import_mcp(data: &[u8]) {
    import_file(data, Kind::Mcp);
}

/// Docker's MCP registry `tools.json`.
pub fn import_docker(data: &[u8]) {
    import_file(data, Kind::Docker);
}

/// `diff` of two inputs: a two-letter head naming the old and the new side's syntax
/// (`j` JSON, `y` YAML, `t` TOML, `h` Harn), then the old text, a NUL byte and the new
/// text (no NUL: the old text on both sides). Each side compiles as `diff` compiles it;
/// each compared with itself, and with the catalog it compiles to, reports nothing;
/// the two compared render in every format, every change located inside its source.
pub fn diff_pair(data: &[u8]) {
    let [old_format, new_format, rest @ ..] = data else {
        return;
    };
    let (old, new) = match rest.iter().position(|b| *b == 0) {
        Some(nul) => (&rest[..nul], &rest[nul + 1..]),
        None => (rest, rest),
    };
    let (Ok(old), Ok(new)) = (std::str::from_utf8(old), std::str::from_utf8(new)) else {
        return;
    };
    // In the project of the Harn targets, so that a module's imports find the same files.
    let project = &HarnProject::get().root;
    let side = |letter: u8, text: &str, stem: &str| {
        let (format, extension) = format_of_letter(letter);
        let source = SourceFile::new(project.join(format!("{stem}.{extension}")), text.to_owned(), format);
        let compilation = compile::compile_source(source, harn_catalog::commands::diff::options(Surface::Auto));
        check_diagnostics(compilation.diagnostics.as_slice());
        compilation
    };
    let old = side(*old_format, old, "old");
    let new = side(*new_format, new, "new");
    for compilation in [&old, &new] {
        if let Some(compiled) = compilation.compiled() {
            let itself = Compared { catalog: &compiled.catalog, provenance: Some(&compiled.provenance) };
            let changes = diff::diff(&itself, &itself);
            assert!(changes.is_empty(), "a catalog compared with itself reports changes: {}", messages(&changes));
            let written = canonical_json(&compiled.catalog, Layout::Compact);
            let again = compile::compile_source(
                SourceFile::new("again.json", written.clone(), Format::Json),
                harn_catalog::commands::diff::options(Surface::Auto),
            );
            let Some(again) = again.compiled() else {
                panic!("the catalog diff compiled is refused when read back:\n{}\n{written}", shown(&again));
            };
            let back = Compared { catalog: &again.catalog, provenance: Some(&again.provenance) };
            let changes = diff::diff(&itself, &back);
            assert!(changes.is_empty(), "a catalog compared with what it compiles to reports: {}", messages(&changes));
        }
    }
    let (Some(old), Some(new)) = (old.compiled(), new.compiled()) else {
        return;
    };
    let old_side = Compared { catalog: &old.catalog, provenance: Some(&old.provenance) };
    let new_side = Compared { catalog: &new.catalog, provenance: Some(&new.provenance) };
    let changes = diff::diff(&old_side, &new_side);
    for change in &changes {
        for origin in change.origin.iter().chain(&change.old_origin) {
            check_origin(origin, "a change");
        }
    }
    let compared = [(Named::of("old".into(), &old.catalog), Named::of("new".into(), &new.catalog))];
    let report = Report { compared: &compared, changes: &changes, unused: &[], config: None };
    for format in [DiffFormat::Human, DiffFormat::Json, DiffFormat::Github, DiffFormat::Markdown, DiffFormat::Sarif] {
        let _ = report.render(format, false);
    }
}

// ----- what the checks share -----

/// An input compiled through both phases as `schema` compiles it, and checked.
fn declaration(data: &[u8], path: &str, format: Format) {
    // A file that is not UTF-8 is refused before any reader sees it (`invalid-utf8`).
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Large registries are read in parallel; the fuzzer's inputs are small, so that
    // reader is held to the whole-document one here, on every input.
    if format == Format::Json {
        assert!(ingest::parallel_json_agrees(text), "the parallel JSON reader disagrees with the whole-document one");
    }
    compiled(compile::compile_source(SourceFile::new(path, text.to_owned(), format), Options::default()));
}

/// Checks a compilation: its diagnostics, and, when it gave a catalog, that the
/// catalog written and compiled again is the same one and that `diff` of it with
/// itself reports nothing.
fn compiled(compilation: Compilation) {
    check_diagnostics(compilation.diagnostics.as_slice());
    if compilation.diagnostics.has_errors() {
        assert!(compilation.result.is_err(), "a compilation with errors gave a catalog");
    }
    if let Some(catalog) = compilation.catalog() {
        round_trip(catalog);
    }
}

/// What `schema` accepts, recompiled from its own canonical output, gives the same
/// catalog; compared with it, nothing changed.
fn round_trip(catalog: &ToolCatalog) {
    let written = canonical_json(catalog, Layout::Compact);
    let again =
        compile::compile_source(SourceFile::new("written.json", written.clone(), Format::Json), Options::default());
    let Some(read) = again.catalog() else {
        panic!("the catalog schema wrote is refused when compiled again:\n{}\n{written}", shown(&again));
    };
    let rewritten = canonical_json(read, Layout::Compact);
    assert_eq!(rewritten, written, "the catalog schema wrote compiles to another catalog");
    let changes = diff::diff(&Compared { catalog, provenance: None }, &Compared { catalog: read, provenance: None });
    assert!(changes.is_empty(), "a catalog compared with itself written and read reports: {}", messages(&changes));
}

/// The lexer's and parser's invariants (those of `tests/it/harn_fuzz.rs`), then the
/// module compiled on `surface`. The module lies in a temporary project holding
/// `types.harn` and `more.harn` (the import fixtures), so that its imports can resolve.
fn harn_module(data: &[u8], surface: Surface) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let text = harn_catalog::source::without_bom(text.to_owned());
    lex_and_parse(&text);
    let project = HarnProject::get();
    let _one_at_a_time = lock(&project.busy);
    let before = snapshot(&project.root);
    let source = SourceFile::new(project.root.join("fuzz.harn"), text, Format::Harn);
    compiled(compile::compile_source(source, Options { surface, ..Options::default() }));
    assert_eq!(snapshot(&project.root), before, "compiling a module changed its project");
}

/// How a Harn text ended in the lexer and parser (`tests/it/harn_fuzz.rs` counts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    Parsed,
    LexError,
    ParseError,
}

/// The lexer and parser's results are coherent: a lexer error is the parser's error;
/// every span lies inside the text on character boundaries; tokens come in order and
/// end with `Eof`. Also the check of `tests/it/harn_fuzz.rs`'s generated modules.
pub fn lex_and_parse(text: &str) -> Syntax {
    let lexed = lexer::tokenize(text);
    match &lexed {
        Ok(lexed) => {
            assert_eq!(lexed.tokens.last().map(|t| t.kind), Some(TokenKind::Eof), "tokens do not end with Eof");
            let mut previous_end = 0;
            for token in &lexed.tokens {
                check_span(text, token.span, "token");
                assert!(token.span.start >= previous_end, "tokens out of order");
                previous_end = token.span.end;
                if let TokenKind::Str(_) = token.kind {
                    assert!(lexed.string(*token).is_some(), "a string token without its string");
                }
            }
        }
        Err(e) => {
            check_span(text, e.span, "lex error");
            assert!(!e.message.is_empty(), "a lex error without a message");
        }
    }
    match parser::parse(text) {
        Ok(module) => {
            assert!(lexed.is_ok(), "parsed what the lexer refused");
            for item in &module.items {
                let span = match item {
                    Item::Import(i) => i.span,
                    Item::Fn(f) => f.span,
                    Item::Pipeline(p) => p.span,
                    Item::TypeAlias(t) => t.span,
                    Item::Struct(s) => s.span,
                    Item::Enum(e) => e.span,
                    Item::Other { span, .. } => *span,
                    Item::Statement(s) => s.span(),
                };
                check_span(text, span, "item");
            }
            Syntax::Parsed
        }
        Err(e) => {
            check_span(text, e.span, "parse error");
            assert!(!e.message.is_empty(), "a parse error without a message");
            if let Err(lex) = &lexed {
                assert_eq!(&e.message, &lex.message, "a lexer error must surface as the parse error");
                return Syntax::LexError;
            }
            Syntax::ParseError
        }
    }
}

/// `import` of the input saved as a file of a temporary folder: the diagnostics
/// located; a declaration written in YAML, JSON and TOML compiles alike in each (the
/// same codes, the same catalog), as `tests/it/import.rs` holds for real servers; and
/// nothing but the input is left in the folder.
fn import_file(data: &[u8], kind: Kind) {
    let _one_at_a_time = lock(&IMPORT);
    let dir = scratch(kind);
    let path = dir.join("tools.json");
    std::fs::write(&path, data).expect("the scratch folder is writable");
    let imported = import::import(kind, &path);
    check_diagnostics(&imported.diagnostics);
    let listed: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(listed, [path], "import wrote a file");
    let Ok(declaration) = imported.declaration else {
        return;
    };
    assert!(!imported.diagnostics.iter().any(Diagnostic::is_error), "a refused import wrote a declaration");
    let outcome = |output: Output, path: &str, format: Format| {
        let text = import::render(&declaration, output).ok()?;
        let compilation = compile::compile_source(SourceFile::new(path, text, format), Options::default());
        check_diagnostics(compilation.diagnostics.as_slice());
        let mut codes: Vec<&str> = compilation.diagnostics.iter().map(Diagnostic::code).collect();
        codes.sort_unstable();
        // As values: TOML writes a table's plain keys before its tables, so the order of
        // a schema's keywords may differ, which changes nothing they mean.
        let catalog = compilation.catalog().map(|c| serde_json::to_value(c).expect("a catalog serialises"));
        if let Some(catalog) = compilation.catalog() {
            round_trip(catalog);
        }
        Some((codes.into_iter().map(str::to_owned).collect::<Vec<_>>(), catalog))
    };
    let json = outcome(Output::Json, "imported.json", Format::Json).expect("every declaration is written in JSON");
    let yaml = outcome(Output::Yaml, "imported.yaml", Format::Yaml).expect("every declaration is written in YAML");
    assert_eq!(yaml, json, "the declaration compiles otherwise in YAML than in JSON");
    // TOML has no null: such a declaration is not written in TOML.
    if let Some(toml) = outcome(Output::Toml, "imported.toml", Format::Toml) {
        assert_eq!(toml, json, "the declaration compiles otherwise in TOML than in JSON");
    }
}

/// Every diagnostic, and every place it relates, points inside the text of its file
/// on character boundaries; all of them render in every format.
pub fn check_diagnostics(diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        assert!(!diagnostic.message.is_empty(), "a diagnostic without a message ({})", diagnostic.code());
        if let Some(origin) = &diagnostic.origin {
            check_origin(origin, diagnostic.code());
        }
        for related in &diagnostic.related {
            check_origin(&related.origin, diagnostic.code());
        }
    }
    if diagnostics.is_empty() {
        return;
    }
    for format in [ErrorFormat::Human, ErrorFormat::Json, ErrorFormat::Github, ErrorFormat::Sarif] {
        let rendered = Renderer::new(format, false).render_all(diagnostics);
        assert!(!rendered.is_empty(), "diagnostics rendered as nothing");
    }
}

fn check_origin(origin: &harn_catalog::diagnostics::Origin, what: &str) {
    if let Some(range) = origin.range() {
        check_range(&origin.source.text, &range, what);
        let _ = origin.line_col();
    }
}

fn check_range(text: &str, range: &std::ops::Range<usize>, what: &str) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{what}: {range:?} lies outside the text (0..{})",
        text.len()
    );
    assert!(
        text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
        "{what}: {range:?} splits a character"
    );
}

fn check_span(text: &str, span: Span, what: &str) {
    check_range(text, &(span.start..span.end), what);
}

/// The diagnostics of a compilation, shown as a user would see them.
fn shown(compilation: &Compilation) -> String {
    Renderer::new(ErrorFormat::Human, false).render_all(compilation.diagnostics.as_slice())
}

fn messages(changes: &[diff::Change]) -> String {
    changes.iter().map(|c| format!("\n  {}: {}", c.rule.code, c.message)).collect()
}

fn refused_message(error: &harn_catalog::ingest::LoadError) -> String {
    let (harn_catalog::ingest::LoadError::Unreadable(d) | harn_catalog::ingest::LoadError::Rejected(d)) = error;
    d.message.clone()
}

fn format_of_letter(letter: u8) -> (Format, &'static str) {
    match letter {
        b'y' => (Format::Yaml, "yaml"),
        b't' => (Format::Toml, "toml"),
        b'h' => (Format::Harn, "harn"),
        _ => (Format::Json, "json"),
    }
}

// ----- the folders a check may touch -----

static WORK: OnceLock<PathBuf> = OnceLock::new();

/// Makes `dir` the folder under which the checks that touch the disk keep their
/// folders (a harness directory, a module's project, `import`'s input file); call it
/// before any check. Without it, a temporary folder is made on first use and kept.
pub fn use_work_dir(dir: PathBuf) {
    std::fs::create_dir_all(&dir).expect("the work folder can be made");
    let _ = WORK.set(dir);
}

/// The folder `name` under the work folder, made if missing.
fn folder(name: &str) -> PathBuf {
    let work = WORK.get_or_init(|| {
        let dir = tempfile::Builder::new().prefix("harn-fuzz-").tempdir().expect("a temporary folder");
        dir.keep()
    });
    let dir = work.join(name);
    std::fs::create_dir_all(&dir).expect("a work folder can be made");
    dir
}

/// Held while `import` reads a file of its folders.
static IMPORT: Mutex<()> = Mutex::new(());

/// Makes the folders `target` touches (before AFL++'s fork server starts, so that
/// the processes it forks share them rather than each making its own).
pub fn prepare(target: &Target) {
    match target.name {
        "harn_exports" | "harn_script" | "diff" => drop(HarnProject::get()),
        "harness" => drop(HarnessDir::get()),
        "import_mcp" => drop(scratch(Kind::Mcp)),
        "import_docker" => drop(scratch(Kind::Docker)),
        _ => {}
    }
}

/// `mutex`'s guard, even when a check that held it panicked (a test replaying
/// several inputs reports each failure, not the poisoning that follows).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `import`'s folder for `kind`, emptied: only the input will be there.
fn scratch(kind: Kind) -> PathBuf {
    let dir = folder(if kind == Kind::Mcp { "import-mcp" } else { "import-docker" });
    for entry in std::fs::read_dir(&dir).expect("the scratch folder is readable") {
        let path = entry.unwrap().path();
        if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) }.unwrap();
    }
    dir
}

/// The project a fuzzed `.harn` module lies in: the import fixtures beside it.
struct HarnProject {
    root: PathBuf,
    /// Held while a module is compiled there.
    busy: Mutex<()>,
}

impl HarnProject {
    fn get() -> &'static HarnProject {
        static PROJECT: OnceLock<HarnProject> = OnceLock::new();
        PROJECT.get_or_init(|| {
            let root = folder("harn-module");
            std::fs::write(root.join("types.harn"), include_str!("../../fixtures/harn/imports/types.harn")).unwrap();
            std::fs::write(root.join("more.harn"), include_str!("../../fixtures/harn/imports/more.harn")).unwrap();
            HarnProject { root, busy: Mutex::new(()) }
        })
    }
}

/// The harness directory a fuzzed tool lies in: `<root>/.harness/tools/` holding one
/// executable, and its sidecar when the tool has one.
struct HarnessDir {
    root: PathBuf,
    /// The tool there now: its name and whether it has a sidecar.
    tool: Mutex<(String, bool)>,
}

impl HarnessDir {
    fn get() -> &'static HarnessDir {
        static DIR: OnceLock<HarnessDir> = OnceLock::new();
        DIR.get_or_init(|| {
            let root = folder("harness");
            let dir = HarnessDir { root, tool: Mutex::new((String::new(), false)) };
            std::fs::create_dir_all(dir.tools()).unwrap();
            dir
        })
    }

    fn tools(&self) -> PathBuf {
        self.root.join(".harness").join("tools")
    }

    /// Makes the folder hold the executable `name` (and its sidecar, if `sidecar`),
    /// and nothing else; the folder's path.
    fn set_tool(&self, tool: &mut (String, bool), name: &str, sidecar: bool) -> PathBuf {
        let tools = self.tools();
        if (tool.0.as_str(), tool.1) != (name, sidecar) {
            for entry in std::fs::read_dir(&tools).unwrap() {
                std::fs::remove_file(entry.unwrap().path()).unwrap();
            }
            let executable = tools.join(name);
            // The script read from disk when the input is a sidecar; an input script
            // is read from the unsaved text instead.
            std::fs::write(&executable, "#!/bin/sh\necho '{}'\n").unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&executable, std::fs::Permissions::from_mode(0o755)).unwrap();
            if sidecar {
                std::fs::write(tools.join(format!("{name}.schema.json")), "{}").unwrap();
            }
            *tool = (name.to_owned(), sidecar);
        }
        tools
    }
}

/// The name of the tool an input's document gives, when it can name a file of the
/// tools folder: the first `"name": "…"` of the document. Found by a scan rather than
/// by parsing, which would stop at serde_json's depth limit or, without it, overflow
/// the stack on what the fuzzer nests; a nested `name` met first only costs the input
/// a `harness-tool-name` refusal.
fn tool_name(text: &str, sidecar: bool) -> Option<String> {
    let document = if sidecar { text } else { &text[heredoc::schema(text).ok()?] };
    let (_, after) = document.split_once("\"name\"")?;
    let value = after.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    let name = &value[..value.find('"')?];
    let plain = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && !name.ends_with(".schema.json")
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    plain.then(|| name.to_owned())
}

/// Every file under `root`, with its bytes, its permissions and its modification time:
/// what must not change.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, u32, Option<std::time::SystemTime>)> {
    use std::os::unix::fs::PermissionsExt;
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            if metadata.is_dir() {
                folders.push(path.clone());
                found.insert(path, (Vec::new(), metadata.permissions().mode(), None));
            } else {
                let bytes = std::fs::read(&path).unwrap();
                found.insert(path, (bytes, metadata.permissions().mode(), metadata.modified().ok()));
            }
        }
    }
    found
}

// ----- seeds -----

/// Every file under `root/fixtures` with one of `extensions` whose bytes `keep`
/// accepts, at most 64 KiB each (AFL++ mutates small inputs best).
fn files(root: &Path, extensions: &[&str], keep: fn(&[u8]) -> bool) -> Vec<Seed> {
    let extension = |path: &Path| path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e));
    fixtures_where(root, "fixtures", extension, keep)
}

/// Every file under `root/fixtures` named `name`.
fn named(root: &Path, name: &str) -> Vec<Seed> {
    fixtures_where(root, "fixtures", |path| path.file_name().is_some_and(|n| n == name), any)
}

/// The files under `root/<under>` whose path `path_kept` accepts and whose bytes `keep`
/// accepts, in path order, each at most 64 KiB.
fn fixtures_where(root: &Path, under: &str, path_kept: impl Fn(&Path) -> bool, keep: fn(&[u8]) -> bool) -> Vec<Seed> {
    let mut found: Vec<PathBuf> = walk(&root.join(under)).into_iter().filter(|path| path_kept(path)).collect();
    found.sort();
    seeds_of(root, found, keep)
}

const MAX_SEED: usize = 64 * 1024;

fn seeds_of(root: &Path, paths: Vec<PathBuf>, keep: fn(&[u8]) -> bool) -> Vec<Seed> {
    paths
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            (bytes.len() <= MAX_SEED && keep(&bytes)).then(|| Seed { name: seed_name(root, &path), bytes })
        })
        .collect()
}

/// A seed's file name: its path under the repository, `/` written `~`.
fn seed_name(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('/', "~")
}

/// Every file under `dir`, hidden folders (`.harness`) included.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(path),
                Ok(kind) if kind.is_file() => found.push(path),
                _ => {}
            }
        }
    }
    found
}

fn any(_: &[u8]) -> bool {
    true
}

fn is_a_catalog(bytes: &[u8]) -> bool {
    bytes.windows(16).any(|w| w == b"\"schema_version\"")
}

fn not_a_catalog(bytes: &[u8]) -> bool {
    !is_a_catalog(bytes)
}

/// The files of every `.harness/tools/` and `.harness/plugins/*/tools/` folder:
/// scripts and sidecars.
fn harness_seeds(root: &Path) -> Vec<Seed> {
    let in_harness = |path: &Path| {
        let shown = path.to_string_lossy();
        shown.contains("/.harness/tools/") || shown.contains("/.harness/plugins/")
    };
    fixtures_where(root, "fixtures", in_harness, any)
}

/// The repository's own configuration, the starter `init` writes (its placeholders
/// filled), and the configurations of `fuzz/seeds/config/`.
fn config_seeds(root: &Path) -> Vec<Seed> {
    let mut seeds = seeds_of(root, vec![root.join("harn-catalog.toml")], any);
    if let Ok(starter) = std::fs::read_to_string(root.join("templates/init/harn-catalog.toml.jinja")) {
        let filled = starter
            .replace("{{ config_schema }}", "harn-catalog.schema.json")
            .replace("{{ input }}", "tools.yaml")
            .replace("{{ output }}", "catalog.json");
        seeds.push(Seed { name: "templates~init~harn-catalog.toml".into(), bytes: filled.into_bytes() });
    }
    let mut own: Vec<PathBuf> = walk(&root.join("fuzz/seeds/config"));
    own.sort();
    seeds.extend(seeds_of(root, own, any));
    seeds
}

/// The import fixtures that are not Docker's (`*.tools.json`), and the tools
/// folder's one-tool files.
fn mcp_seeds(root: &Path) -> Vec<Seed> {
    let mcp_import = |path: &Path| {
        let shown = path.to_string_lossy();
        shown.contains("/import-") && shown.ends_with(".json") && !shown.ends_with(".tools.json")
    };
    fixtures_where(root, "fixtures/rules", mcp_import, any)
}

/// The import fixtures of Docker's `tools.json` (`*.tools.json`).
fn docker_seeds(root: &Path) -> Vec<Seed> {
    fixtures_where(root, "fixtures", |path| path.to_string_lossy().ends_with(".tools.json"), any)
}

/// The diff fixtures' pairs (`fixtures/diff/<code>/<kind>/<case>/old.* and new.*`),
/// each framed as [`diff_pair`] reads it.
fn diff_seeds(root: &Path) -> Vec<Seed> {
    let mut cases: Vec<PathBuf> = walk(&root.join("fixtures/diff"))
        .into_iter()
        .filter(|path| path.file_stem().is_some_and(|s| s == "old"))
        .filter_map(|path| path.parent().map(Path::to_path_buf))
        .collect();
    cases.sort();
    cases.dedup();
    let letter = |path: &Path| match path.extension().and_then(|e| e.to_str()) {
        Some("yaml" | "yml") => b'y',
        Some("toml") => b't',
        Some("harn") => b'h',
        _ => b'j',
    };
    let side = |case: &Path, stem: &str| {
        let path = walk(case).into_iter().find(|p| p.file_stem().is_some_and(|s| s == stem))?;
        Some((letter(&path), std::fs::read(&path).ok()?))
    };
    cases
        .into_iter()
        .filter_map(|case| {
            let ((old_letter, old), (new_letter, new)) = (side(&case, "old")?, side(&case, "new")?);
            let mut bytes = vec![old_letter, new_letter];
            bytes.extend(old);
            bytes.push(0);
            bytes.extend(new);
            (bytes.len() <= MAX_SEED).then(|| Seed { name: seed_name(root, &case), bytes })
        })
        .collect()
}
