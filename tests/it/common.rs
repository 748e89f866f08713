//! Helpers shared by the integration tests: compile text in memory, look at the
//! diagnostics, validate catalogs with an independent validator.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use harn_catalog::compile::{self, Options};
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Renderer};
use harn_catalog::emit::Layout;
use harn_catalog::prepare::mcp::{Caching, ProtocolVersion, ToolsList};
use harn_catalog::prepare::{CliArguments, McpDocuments};
use harn_catalog::source::{Format, SourceFile};

/// The outcome of compiling one input.
pub struct Outcome {
    /// The compact catalog (with its trailing newline) when the input was accepted.
    pub catalog: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// What the prepare phase made of the catalog, when it ran.
    pub prepared: Option<harn_catalog::prepare::Prepared>,
}

impl Outcome {
    pub fn codes(&self) -> Vec<&'static str> {
        self.diagnostics.iter().map(|d| d.code()).collect()
    }

    pub fn messages(&self) -> Vec<String> {
        self.diagnostics.iter().map(|d| d.message.clone()).collect()
    }

    /// The catalog as a JSON value; panics with the diagnostics when refused.
    pub fn json(&self) -> serde_json::Value {
        let text = self.catalog.as_ref().unwrap_or_else(|| panic!("input was refused:\n{}", self.human()));
        serde_json::from_str(text).expect("catalogs are JSON")
    }

    /// The diagnostics as a person sees them, without colour.
    pub fn human(&self) -> String {
        let renderer = Renderer::new(ErrorFormat::Human, false);
        self.diagnostics.iter().map(|d| renderer.render(d)).collect()
    }

    /// Whether some diagnostic of rule `code` has a message containing `fragment`.
    pub fn has(&self, code: &str, fragment: &str) -> bool {
        self.diagnostics.iter().any(|d| d.code() == code && d.message.contains(fragment))
    }

    /// Asserts that some diagnostic of rule `code` contains `fragment`, printing all
    /// diagnostics otherwise.
    #[track_caller]
    pub fn assert_has(&self, code: &str, fragment: &str) {
        assert!(self.has(code, fragment), "expected {code} containing {fragment:?}, got:\n{}", self.human());
    }

    /// Asserts that the input was accepted without a single diagnostic.
    #[track_caller]
    pub fn assert_clean(&self) {
        assert!(
            self.catalog.is_some() && self.diagnostics.is_empty(),
            "expected a clean compilation, got:\n{}",
            self.human()
        );
    }
}

/// Asserts that two JSON values are equal *and* have the same key order.
#[track_caller]
pub fn assert_exact(actual: &serde_json::Value, expected: &serde_json::Value) {
    let actual = serde_json::to_string_pretty(actual).unwrap();
    let expected = serde_json::to_string_pretty(expected).unwrap();
    assert_eq!(actual, expected, "\n--- actual ---\n{actual}\n--- expected ---\n{expected}");
}

/// Compiles `text` as if it were a file named `name` (the extension picks the format).
pub fn compile_text(name: &str, text: &str) -> Outcome {
    compile_text_with(
        name,
        text,
        Options { mcp_documents: McpDocuments::Build, cli_arguments: CliArguments::Keep, ..Options::default() },
    )
}

pub fn compile_text_with(name: &str, text: &str, options: Options) -> Outcome {
    let format = Format::from_path(Path::new(name)).expect("a .json, .yaml, .yml or .toml name");
    outcome(compile::compile_source(SourceFile::new(name, text.to_owned(), format), options))
}

/// Compiles a JSON value as a registry declaration or catalog.
pub fn compile_json(value: &serde_json::Value) -> Outcome {
    compile_text("input.json", &serde_json::to_string_pretty(value).unwrap())
}

/// Compiles a file from disk.
pub fn compile_path(path: &Path) -> Outcome {
    outcome(compile::compile_file(
        path,
        Options { mcp_documents: McpDocuments::Build, cli_arguments: CliArguments::Keep, ..Options::default() },
    ))
}

/// Every catalog a test emits is checked against the published envelope schema, and
/// every `tools/list` result the prepare phase built against the official MCP schema
/// of the version it was built for, by an independent validator before the test sees
/// them.
pub fn outcome(compilation: compile::Compilation) -> Outcome {
    let compiled = compilation.result.ok();
    let catalog = compiled.as_ref().map(|c| harn_catalog::emit::canonical_json(&c.catalog, Layout::Compact));
    if let Some(text) = &catalog {
        if let Err(reasons) = reference_check(text) {
            panic!("emitted catalog does not validate against the reference schema: {reasons}\n{text}");
        }
    }
    let prepared = compiled.and_then(|c| c.prepared);
    if let Some(prepared) = prepared.as_ref().filter(|p| !p.mcp.is_empty()) {
        let version = prepared.protocol_version;
        let list = ToolsList::new(&prepared.mcp, version, Caching::default());
        let text = harn_catalog::emit::canonical_json(&list, Layout::Compact);
        if let Err(reasons) = mcp_check(version, &text) {
            panic!("the tools/list result does not validate against MCP {version}'s schema: {reasons}\n{text}");
        }
    }
    Outcome { catalog, diagnostics: compilation.diagnostics.into_vec(), prepared }
}

/// Where the published envelope schema sits in the team's reference data.
pub const PUBLISHED_SCHEMA: &str = "reference/harn-tools-v2.schema.json";

/// Validates one catalog (compact JSON, one line) with Python `jsonschema` against the
/// schema this project generates (`spec/protocol-artifacts/schemas/`) and, where the
/// team's data is at hand (see [`shared`]), the published envelope schema.
pub fn reference_check(catalog: &str) -> Result<(), String> {
    validate_with("envelope", catalog, || {
        let mut schemas = vec![root().join("spec/protocol-artifacts/schemas/harn-tools-v2.schema.json").into()];
        if let Some(published) = shared(PUBLISHED_SCHEMA, "validation against the published envelope schema") {
            schemas.push(published.into());
        }
        schemas
    })
}

/// Where the registry declaration format's JSON Schema is generated.
pub const DECLARATION_SCHEMA: &str = "spec/protocol-artifacts/schemas/registry-declaration.schema.json";

/// Validates one registry declaration (a JSON value, compact) with Python `jsonschema`
/// against the declaration schema this project generates: `Err` names each error's
/// place (a JSON Pointer) and message.
pub fn declaration_check(declaration: &str) -> Result<(), String> {
    validate_with("declaration", declaration, || vec![root().join(DECLARATION_SCHEMA).into()])
}

/// Validates a `harn-catalog.toml` (as a compact JSON value) with Python `jsonschema`
/// against the configuration schema this project generates.
pub fn config_check(config: &str) -> Result<(), String> {
    validate_with("config", config, || {
        vec![root().join("spec/protocol-artifacts/schemas/harn-catalog.schema.json").into()]
    })
}

/// Validates a `tools/list` result (compact JSON) against the official MCP schema of
/// `version`'s `ListToolsResult`, with Python `jsonschema`. Skipped, as [`shared`]
/// says, when the team's reference data is absent.
pub fn mcp_check(version: ProtocolVersion, tools_list: &str) -> Result<(), String> {
    let relative = format!("reference/mcp/{version}.schema.json");
    let Some(schema) = shared(&relative, "validation against the official MCP schemas") else {
        return Ok(());
    };
    validate_with(version.as_str(), tools_list, || {
        let mut argument = schema.into_os_string();
        argument.push("#/$defs/ListToolsResult");
        vec![argument]
    })
}

/// Runs `document` through `tests/reference_validator.py`, one process for each `key`
/// (its schemas, from `schemas`, given once) serving the whole test binary.
fn validate_with(
    key: &'static str,
    document: &str,
    schemas: impl FnOnce() -> Vec<std::ffi::OsString>,
) -> Result<(), String> {
    use std::collections::HashMap;
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
    use std::sync::{Mutex, OnceLock};

    struct Validator {
        _child: Child,
        input: ChildStdin,
        output: BufReader<ChildStdout>,
    }
    static VALIDATORS: OnceLock<Mutex<HashMap<&'static str, Validator>>> = OnceLock::new();
    let mut validators =
        VALIDATORS.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let validator = validators.entry(key).or_insert_with(|| {
        let python = root().join(".tools/venv/bin/python");
        assert!(
            python.exists(),
            "{} is missing: run `make tools` (or `make test`) to install the independent validator",
            python.display()
        );
        let mut child = Command::new(python)
            .arg(root().join("tests/reference_validator.py"))
            .args(schemas())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the validator starts");
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Validator { _child: child, input, output }
    });
    let line = document.trim_end();
    assert!(!line.contains('\n'), "documents are checked in their compact form");
    writeln!(validator.input, "{line}").expect("the validator reads");
    validator.input.flush().expect("the validator reads");
    let mut answer = String::new();
    validator.output.read_line(&mut answer).expect("the validator answers");
    match answer.trim_end() {
        "ok" => Ok(()),
        other => Err(other.to_owned()),
    }
}

/// The SDK `harn-catalog sdk` writes in `language` for the registry `text` (as if in a
/// file named `name`), its files in path order; the diagnostics when it is refused.
pub fn sdk(
    language: harn_catalog::emit::sdk::Language,
    name: &str,
    text: &str,
) -> Result<Vec<harn_catalog::emit::artifacts::Artifact>, String> {
    let format = Format::from_path(Path::new(name)).expect("a .json, .yaml, .yml or .toml name");
    let options =
        Options { mcp_documents: McpDocuments::Build, cli_arguments: CliArguments::Keep, ..Options::default() };
    let compilation = compile::compile_source(SourceFile::new(name, text.to_owned(), format), options);
    let stem = Path::new(name).file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let renderer = Renderer::new(ErrorFormat::Human, false);
    match compilation.prepared() {
        Some((catalog, provenance, prepared)) => Ok(harn_catalog::emit::sdk::generate(
            language,
            catalog,
            prepared,
            Some(provenance),
            harn_catalog::emit::sdk::Package::Default { stem: &stem },
        )
        .0),
        None => Err(compilation.diagnostics.as_slice().iter().map(|d| renderer.render(d)).collect()),
    }
}

/// The 117 tools of the GitHub MCP server (the team's corpus of their `tools/list`
/// entries, one file each, sorted by name) and the registry that declares them:
/// name, description, input schema, annotations, icons and `_meta` as the server has
/// them. `None`, said on stderr, when the corpus is absent (see [`shared`]).
pub fn github_registry(suite: &str) -> Option<(Vec<serde_json::Value>, serde_json::Value)> {
    let folder = shared("corpus/github-mcp-server-toolsnaps", suite)?;
    let files = json_files(&folder);
    let originals: Vec<serde_json::Value> =
        files.iter().map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()).collect();
    assert_eq!(originals.len(), 117, "the corpus at {}", folder.display());
    let tools: Vec<serde_json::Value> = originals
        .iter()
        .map(|tool| {
            let mut spec = serde_json::json!({
                "name": tool["name"],
                "description": tool["description"],
                "inputSchema": tool["inputSchema"],
                "annotations": tool["annotations"],
            });
            for (from, to) in [("icons", "icons"), ("_meta", "meta")] {
                if let Some(value) = tool.get(from) {
                    spec[to] = value.clone();
                }
            }
            spec
        })
        .collect();
    Some((originals, serde_json::json!({ "info": {"name": "github"}, "tools": tools })))
}

/// The TypeScript compiler `make tools` installs.
pub fn tsc() -> PathBuf {
    let tsc = root().join(".tools/node/node_modules/.bin/tsc");
    assert!(tsc.exists(), "{} is missing: run `make tools` (or `make test`) to install TypeScript", tsc.display());
    tsc
}

/// The built `harn-catalog` binary, run from the repository root, its colour left to
/// `--color` and the terminal alone: `NO_COLOR` or `CLICOLOR_FORCE` in the environment
/// the tests run in would change what they see.
pub fn harn_catalog() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("harn-catalog").expect("the binary is built");
    command.current_dir(root()).env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    command
}

/// Writes `contents` to `dir/name`; the path written.
pub fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Every `.harn` file under `folder`, in its sub-folders too, sorted by path.
pub fn harn_fixtures(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "harn") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The environment variable that names the team's reference data folder.
pub const SHARED_VARIABLE: &str = "HARN_CATALOG_SHARED";

/// A file or folder of the team's reference data (the published envelope schema, the
/// corpora), which stays outside this repository: in the folder `HARN_CATALOG_SHARED`
/// names, else in `../shared` beside the repository. This is the only place the tests
/// look for it.
///
/// `None` when it is absent: the suite that needs it says so on stderr, once, naming
/// what is missing and how to provide it, and skips. Under CI (`CI` set) absence is a
/// failure instead, so that CI, which has the data, runs every suite.
pub fn shared(relative: &str, suite: &str) -> Option<PathBuf> {
    let folder = match std::env::var_os(SHARED_VARIABLE) {
        Some(folder) => PathBuf::from(folder),
        None => root().join("../shared"),
    };
    let path = folder.join(relative);
    if path.exists() {
        return Some(path);
    }
    skip(
        suite,
        &format!(
            "{} is missing; put the team's shared/ folder beside the repository or set {SHARED_VARIABLE}=<folder>",
            path.display()
        ),
    );
    None
}

/// Whether the program `name` is on the PATH. Where it is not, `suite` is skipped: said
/// once on stderr with how to install it (`how`); under CI it is a failure instead.
pub fn tool_present(name: &str, suite: &str, how: &str) -> bool {
    let found = std::process::Command::new("sh").arg("-c").arg(format!("command -v {name}")).output();
    if found.is_ok_and(|output| output.status.success()) {
        return true;
    }
    skip(suite, &format!("{name} is not installed ({how})"));
    false
}

/// Skips `suite` for the reason given: a failure under CI (`CI` set), which must run
/// every suite; elsewhere a `SKIPPED` line on stderr, once per process, past libtest's
/// output capture (which only intercepts the print macros), so a skip is never silent.
pub fn skip(suite: &str, reason: &str) {
    use std::collections::BTreeSet;
    use std::io::Write;
    use std::sync::Mutex;
    let line = format!("SKIPPED {suite}: {reason}");
    assert!(std::env::var_os("CI").is_none(), "{line} (CI must run every suite)");
    static SAID: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    if SAID.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(line.clone()) {
        // A leading newline: libtest's progress dots share the terminal line.
        let _ = writeln!(std::io::stderr().lock(), "\n{line}");
    }
}

/// The JSON files of a folder, sorted.
pub fn json_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// What the Python script `tests/<script>` (run by the venv `make tools` installs)
/// prints when given `input` on stdin; the test fails when it fails. The input is
/// written from a thread of its own, so that a script answering as it reads never
/// blocks on a full pipe.
pub fn run_python(script: &str, input: impl Into<Vec<u8>>) -> Vec<u8> {
    use std::io::Write as _;
    let python = root().join(".tools/venv/bin/python");
    assert!(python.exists(), "{} is missing: run `make tools`", python.display());
    let mut child = std::process::Command::new(python)
        .arg(root().join("tests").join(script))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{script} does not start: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.into();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{script} failed");
    output.stdout
}

/// `markdown` as GitHub renders its tables, read by markdown-it-py (installed by `make
/// tools`, see `tests/markdown_tables.py`): `{"headings": [...], "tables": [{"header":
/// [...], "rows": [[...]]}]}`.
pub fn markdown_tables(markdown: &str) -> serde_json::Value {
    serde_json::from_slice(&run_python("markdown_tables.py", markdown)).unwrap()
}

/// The JSON-Schema-Test-Suite's Draft 2020-12 files (not its `optional/` ones), sorted;
/// `None` when the team's corpus is absent (see [`shared`]).
pub fn suite_files(suite: &str) -> Option<Vec<PathBuf>> {
    let folder = shared("corpus/json-schema-test-suite/tests/draft2020-12", suite)?;
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    assert!(files.len() > 40, "the suite is at {}", folder.display());
    Some(files)
}

/// Runs git in `dir` as a throwaway identity, failing the test with git's words if it
/// fails; its stdout.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// Writes `contents` to `path` unless it is there already: cargo then reuses what it
/// built from it.
pub fn write_if_changed(path: &Path, contents: &str) {
    if std::fs::read_to_string(path).is_ok_and(|old| old == contents) {
        return;
    }
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, contents).unwrap();
}
