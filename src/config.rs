//! `harn-catalog.toml`: the catalogs a repository generates from its registries, for
//! `harn-catalog gen` (write them) and `harn-catalog check` (drift-check them).
//!
//! ```toml
//! [[catalog]]
//! input = "registry.yaml"          # a registry declaration or a catalog
//! output = "catalogs/tools.json"   # relative to this file
//! pretty = true                    # two-space indentation (default: compact)
//! deny_warnings = false            # treat warnings as errors (default: false)
//! surface = "auto"                 # for a .harn input: auto, exports or script
//!
//! [[catalog]]                      # an MCP server's tools, snapshotted: run by
//! server = ["python", "server.py"] # `gen --run-servers`, compared with the snapshot
//! output = "catalogs/server.json"  # by `check --run-servers` (or url = "https://…",
//!                                  # headers = ["Authorization: Bearer …"])
//!
//! [[sdk]]                          # a generated SDK, written as a folder
//! input = "registry.yaml"
//! output = "sdk/typescript"        # the folder, relative to this file
//! language = "typescript"          # typescript, rust or markdown
//!
//! [mcp]                            # how `harn-catalog mcp` writes tools/list
//! protocol_version = "2025-11-25"  # or "2026-07-28" (default: 2025-11-25)
//! ttl_ms = 0                       # 2026-07-28: how long a client may cache it
//! cache_scope = "private"          # 2026-07-28: private or public
//! [lint]                           # `harn-catalog check` also lints every input
//! profiles = ["openai-strict", "gemini"]   # client profiles (or "all")
//! server = "widgets"               # the server name clients prefix tools with
//! closed_objects = false           # no closed-objects lint in `check` (default: on)
//!
//! [[budget]]                       # `harn-catalog check` fails when the tools
//! name = "chat"                    # a client preloads cost more context than this
//! input = "registry.yaml"
//! preload = ["lookup_widget"]      # names or IDs (default: every discoverable tool
//! tokens = 2000                    # not deferred); tokens and/or bytes
//!
//! [[accept]]                         # a change `harn-catalog diff` no longer fails on
//! fingerprint = "3f9c0a1e5b7d2c44"   # as `diff` prints it
//! reason = "no client sends `force` yet"
//! ```
//!
//! Inputs and outputs must stay inside the project (rule `path-outside-project`,
//! [`crate::paths`]) unless `--allow-outside-project` is given.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostics::{Diagnostic, Origin};
pub use crate::diff::Accepted;
use crate::ingest::harn::Surface;
use crate::paths;
use crate::source::{Format, SourceFile};

/// The default configuration file name.
pub const DEFAULT_CONFIG: &str = "harn-catalog.toml";

/// A parsed configuration, its paths resolved against the file's folder.
#[derive(Debug)]
pub struct Config {
    /// The folder the configuration's paths are relative to.
    pub root: PathBuf,
    /// The configuration's own text, for diagnostics that point into it.
    pub source: Arc<SourceFile>,
    pub catalogs: Vec<CatalogTarget>,
    pub sdks: Vec<SdkTarget>,
    /// Changes `harn-catalog diff` reports but does not fail on.
    pub accepted: Vec<Accepted>,
    /// How `harn-catalog mcp` writes its result.
    pub mcp: McpSettings,
    /// The client profiles `harn-catalog check` lints every input against.
    pub lint: Lint,
    /// Context budgets `harn-catalog check` holds inputs to.
    pub budgets: Vec<Budget>,
}

/// `[[budget]]`: a set of tools a client preloads from one input, and what their
/// definitions may cost its context (`harn-catalog stats` shows the costs).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// The budget's name, for messages.
    #[schemars(example = &"chat")]
    pub name: String,
    /// The registry or catalog the tools come from, relative to this file.
    #[schemars(with = "PathBuf", example = &"registry.yaml")]
    pub input: Spanned<PathBuf>,
    /// The tools preloaded, by name or canonical ID; without it, every tool a model
    /// may discover that is not loaded on demand (`deferLoading`).
    #[serde(default)]
    pub preload: Option<Vec<String>>,
    /// The most approximate tokens their definitions may take.
    #[serde(default)]
    pub tokens: Option<usize>,
    /// The most bytes their definitions may take.
    #[serde(default)]
    pub bytes: Option<usize>,
}

/// `[mcp]`: the protocol version `harn-catalog mcp` writes for, and for 2026-07-28 how
/// its result may be cached. Command-line flags win over these.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct McpSettings {
    /// The MCP protocol version `tools/list` is written for (default `2025-11-25`).
    #[serde(default)]
    pub protocol_version: crate::prepare::mcp::ProtocolVersion,
    #[serde(flatten)]
    pub caching: crate::prepare::mcp::Caching,
}

/// `[lint]`: the client profiles (`harn-catalog lint --profile`) `check` runs.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lint {
    /// Client profile names (`harn-catalog lint --list-profiles`), or `"all"`.
    #[serde(default)]
    #[schemars(example = serde_json::json!(["openai", "gemini"]))]
    pub profiles: Vec<String>,
    /// The server name clients prefix tool names with (default: each input's
    /// `info.name`, else its file stem).
    #[serde(default)]
    pub server: Option<String>,
    /// Whether `check` runs the closed-objects lint (`open-input-object`) on every
    /// input (default: yes).
    #[serde(default = "yes")]
    pub closed_objects: bool,
}

fn yes() -> bool {
    true
}

impl Default for Lint {
    fn default() -> Self {
        Lint { profiles: Vec::new(), server: None, closed_objects: true }
    }
}

/// One input a configuration compiles: where it is, and which registry a `.harn`
/// module stands for there (its target's `surface`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub surface: Surface,
}

/// One catalog to generate, from an input file or from a server's tools: exactly one
/// of `input`, `server` and `url` (checked as the configuration is read; see
/// [`CatalogTarget::source`]).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogTarget {
    /// The registry declaration, `.harn` module or catalog compiled, relative to this file. Give one of `input`, `server` and `url`.
    #[serde(default)]
    #[schemars(with = "Option<PathBuf>", example = &"registry.yaml")]
    pub input: Option<Spanned<PathBuf>>,
    /// An MCP server to start over stdio: the program and its arguments. Run only by `gen --run-servers` and `check --run-servers`.
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>", example = serde_json::json!(["python", "server.py"]))]
    pub server: Option<Spanned<Vec<String>>>,
    /// An MCP server's Streamable HTTP endpoint.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub url: Option<Spanned<String>>,
    /// Headers sent to `url`, as `Name: value`.
    #[serde(default)]
    pub headers: Vec<String>,
    /// Seconds to wait for each answer of the server (default 30).
    #[serde(default)]
    pub timeout: Option<u64>,
    /// The catalog written, relative to this file.
    #[schemars(with = "PathBuf", example = &"catalogs/tools.json")]
    pub output: Spanned<PathBuf>,
    /// Two-space indented JSON (default: compact).
    #[serde(default)]
    pub pretty: bool,
    /// Treat warnings as errors (default: false).
    #[serde(default)]
    pub deny_warnings: bool,
    /// For a `.harn` input: `auto` (default), `exports` or `script`.
    #[serde(default)]
    pub surface: Surface,
}

/// Where a catalog target's tools come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatalogSource<'t> {
    /// A file compiled, relative to the configuration's folder.
    Input(&'t Path),
    /// An MCP server started over stdio: its program and arguments.
    Server(&'t [String]),
    /// An MCP server reached over Streamable HTTP.
    Url(&'t str),
}

impl CatalogTarget {
    /// Where the tools come from; a configuration that [`load`] accepted names one.
    pub fn source(&self) -> CatalogSource<'_> {
        match (&self.input, &self.server, &self.url) {
            (Some(input), _, _) => CatalogSource::Input(input.get_ref()),
            (None, Some(server), _) => CatalogSource::Server(server.get_ref()),
            (None, None, Some(url)) => CatalogSource::Url(url.get_ref()),
            (None, None, None) => unreachable!("load refuses a [[catalog]] without input, server or url"),
        }
    }

    /// A server's name for messages: its command line or URL; `None` for a file.
    pub fn server_name(&self) -> Option<String> {
        match self.source() {
            CatalogSource::Input(_) => None,
            CatalogSource::Server(command) => Some(command.join(" ")),
            CatalogSource::Url(url) => Some(url.to_owned()),
        }
    }

    /// How many of `input`, `server` and `url` it names.
    fn sources(&self) -> usize {
        usize::from(self.input.is_some()) + usize::from(self.server.is_some()) + usize::from(self.url.is_some())
    }
}

/// One SDK to generate: a folder the generator owns (`check` reports files in it that
/// it does not write, build products aside).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SdkTarget {
    /// The registry declaration, `.harn` module or catalog the SDK is generated from, relative to this file.
    #[schemars(with = "PathBuf", example = &"registry.yaml")]
    pub input: Spanned<PathBuf>,
    /// The SDK's folder, relative to this file; `check` reports files in it that the generator does not write.
    #[schemars(with = "PathBuf", example = &"sdk/typescript")]
    pub output: Spanned<PathBuf>,
    /// The SDK's language.
    pub language: crate::language::Language,
    /// The package or crate name (default: the input's `info.name`, else its file
    /// stem), as `sdk --name` sets it.
    #[serde(default)]
    pub name: Option<String>,
    /// Treat warnings as errors (default: false).
    #[serde(default)]
    pub deny_warnings: bool,
    /// For a `.harn` input: `auto` (default), `exports` or `script`.
    #[serde(default)]
    pub surface: Surface,
}

/// `harn-catalog.toml`: the catalogs and SDKs `harn-catalog gen` writes and `harn-catalog
/// check` drift-checks, with the settings of `mcp`, `check`'s lints and budgets, and the
/// changes `diff` accepts. Paths are relative to this file.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "harn-catalog configuration")]
pub struct ConfigFile {
    /// A catalog to generate: from an `input` file, or from an MCP server's tools (`server` or `url`).
    #[serde(default)]
    catalog: Vec<CatalogTarget>,
    /// An SDK to generate, as a folder.
    #[serde(default)]
    sdk: Vec<SdkTarget>,
    /// A change `harn-catalog diff` still reports but no longer fails on.
    #[serde(default)]
    accept: Vec<Accepted>,
    /// How `harn-catalog mcp` writes `tools/list`.
    #[serde(default)]
    mcp: McpSettings,
    /// The client profiles `harn-catalog check` lints every input against.
    #[serde(default)]
    lint: Lint,
    /// A context budget: `check` fails when the tools a client preloads from an input cost more than this.
    #[serde(default)]
    budget: Vec<Budget>,
}

/// The Draft 2020-12 JSON Schema of `harn-catalog.toml`, derived from [`ConfigFile`], for
/// editors that read TOML with a schema (taplo, Even Better TOML).
pub fn json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().for_deserialize().into_generator();
    crate::emit::dialect_title_first(generator.into_root_schema_for::<ConfigFile>().to_value(), None)
}

/// Why a configuration cannot be used; each says which file, and where in it.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {}: {error}", path.display())]
    Unreadable { path: PathBuf, error: std::io::Error },
    /// Not TOML, or not a configuration: an unknown key, a missing one, a wrong type.
    #[error("{}{}: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Invalid { path: PathBuf, line: Option<usize>, message: String },
    /// Neither a `[[catalog]]` nor an `[[sdk]]`, for a command that generates them.
    #[error("{path} lists no [[catalog]] or [[sdk]] to generate")]
    NothingToGenerate { path: String },
}

/// Reads the configuration at `path` when a file is there (commands that only take
/// settings from it run without one).
pub fn load_if_present(path: &Path) -> Result<Option<Config>, ConfigError> {
    if path.exists() { load(path).map(Some) } else { Ok(None) }
}

/// Reads a configuration file. Errors say what is wrong and where.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let text =
        std::fs::read_to_string(path).map_err(|error| ConfigError::Unreadable { path: path.to_path_buf(), error })?;
    parse(path, text)
}

/// Reads `text` as the configuration file at `path` (as an editor holds it, unsaved).
pub fn parse(path: &Path, text: String) -> Result<Config, ConfigError> {
    let file: ConfigFile = toml::from_str(&text).map_err(|e| ConfigError::Invalid {
        path: path.to_path_buf(),
        line: e.span().map(|span| crate::source::LineIndex::new(&text).line_col(&text, span.start).line),
        message: e.message().trim().to_owned(),
    })?;
    let line_of = |span: std::ops::Range<usize>| crate::source::LineIndex::new(&text).line_col(&text, span.start).line;
    for target in &file.catalog {
        let problem = match target.sources() {
            1 if target.server.as_ref().is_some_and(|s| s.get_ref().is_empty()) => "`server` names no program",
            1 if !target.headers.is_empty() && target.url.is_none() => "`headers` go with `url` only",
            1 => continue,
            0 => "a [[catalog]] names none of `input`, `server` and `url`",
            _ => "a [[catalog]] names more than one of `input`, `server` and `url`",
        };
        let message = format!("{problem} (the one writing {})", target.output.get_ref().display());
        return Err(ConfigError::Invalid {
            path: path.to_path_buf(),
            line: Some(line_of(target.output.span())),
            message,
        });
    }
    let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let source = Arc::new(SourceFile::new(path, text, Format::Toml));
    Ok(Config {
        root,
        source,
        catalogs: file.catalog,
        sdks: file.sdk,
        accepted: file.accept,
        mcp: file.mcp,
        lint: file.lint,
        budgets: file.budget,
    })
}

impl Config {
    /// The catalogs to generate, or an error for a configuration that lists neither a
    /// catalog nor an SDK (one may hold only accepted changes, which `gen` and `check`
    /// have no use for).
    pub fn targets(&self) -> Result<&[CatalogTarget], ConfigError> {
        if self.catalogs.is_empty() && self.sdks.is_empty() {
            return Err(ConfigError::NothingToGenerate { path: self.source.display_path() });
        }
        Ok(&self.catalogs)
    }

    /// Every input the configuration compiles, catalogs' then SDKs', each once with
    /// the surface its target reads it on, resolved against its folder; an error for a
    /// configuration that lists none (see [`Config::targets`]).
    pub fn inputs(&self) -> Result<Vec<Input>, ConfigError> {
        self.targets()?;
        // A server's catalog has no input file: its tools are listed live, or not at all.
        let catalogs = self.catalogs.iter().filter_map(|t| Some((t.input.as_ref()?, t.surface)));
        let named = catalogs.chain(self.sdks.iter().map(|t| (&t.input, t.surface)));
        let mut inputs: Vec<Input> = Vec::new();
        for input in named.map(|(path, surface)| Input { path: self.root.join(path.get_ref()), surface }) {
            if !inputs.contains(&input) {
                inputs.push(input);
            }
        }
        Ok(inputs)
    }

    /// The project the configuration's paths must stay inside: its folder, widened
    /// to the git work tree that holds it (see [`paths::project_root`]).
    pub fn project(&self) -> PathBuf {
        paths::project_root(&self.root)
    }

    /// A refusal for every input and output that leads outside `project`, pointing at
    /// the path in the configuration. Nothing is read or written to find them.
    pub fn paths_outside(&self, project: &Path) -> Vec<Diagnostic> {
        let catalogs = self
            .catalogs
            .iter()
            .flat_map(|t| [t.input.as_ref().map(|i| ("input", i)), Some(("output", &t.output))])
            .flatten();
        let sdks = self.sdks.iter().flat_map(|t| [("input", &t.input), ("output", &t.output)]);
        let budgets = self.budgets.iter().map(|b| ("input", &b.input));
        let named = catalogs.chain(sdks).chain(budgets);
        named
            .filter_map(|(what, path)| {
                let escape = paths::escape(project, &self.root, path.get_ref())?;
                let written = path.get_ref().to_string_lossy();
                let at = Origin::span(&self.source, path.span());
                Some(paths::rules::path_outside_project::outside_config(&escape, what, &written, project, at))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_targets_and_refuses_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("harn-catalog.toml");
        std::fs::write(&path, "[[catalog]]\ninput = \"a.json\"\noutput = \"out/a.json\"\npretty = true\n").unwrap();
        let config = load(&path).unwrap();
        assert_eq!(config.root, dir.path());
        assert_eq!(config.catalogs[0].output.get_ref(), Path::new("out/a.json"));
        assert!(config.catalogs[0].pretty && !config.catalogs[0].deny_warnings);
        std::fs::write(&path, "[[catalog]]\ninput = \"a.json\"\noutput = \"b.json\"\nprety = true\n").unwrap();
        let error = load(&path).unwrap_err();
        assert!(matches!(&error, ConfigError::Invalid { line: Some(4), message, .. } if message.contains("prety")));
        assert!(error.to_string().contains(":4: ") && error.to_string().contains("prety"), "{error}");
        std::fs::write(&path, "").unwrap();
        assert!(matches!(load(&path).unwrap().targets(), Err(ConfigError::NothingToGenerate { .. })));
        std::fs::write(&path, "[[accept]]\nfingerprint = \"0123456789abcdef\"\nreason = \"known\"\n").unwrap();
        let config = load(&path).unwrap();
        assert_eq!(config.accepted[0].fingerprint.get_ref(), "0123456789abcdef");
        assert_eq!(config.accepted[0].reason, "known");
        std::fs::write(&path, "[lint]\nprofiles = [\"openai\", \"gemini\"]\nserver = \"w\"\n").unwrap();
        let config = load(&path).unwrap();
        assert_eq!(config.lint.profiles, ["openai", "gemini"]);
        assert_eq!(config.lint.server.as_deref(), Some("w"));
        std::fs::write(&path, "[lint]\nprofile = [\"openai\"]\n").unwrap();
        assert!(load(&path).unwrap_err().to_string().contains("profile"));
        std::fs::write(&path, "[[accept]]\nfingerprint = \"0123456789abcdef\"\n").unwrap();
        assert!(load(&path).unwrap_err().to_string().contains("reason"));
    }

    #[test]
    fn inputs_are_those_of_catalogs_and_sdks_each_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("harn-catalog.toml");
        let text = "[[catalog]]\ninput = \"a.json\"\noutput = \"a.out.json\"\n\
                    [[sdk]]\ninput = \"a.json\"\noutput = \"sdk\"\nlanguage = \"rust\"\n\
                    [[sdk]]\ninput = \"b.yaml\"\noutput = \"docs\"\nlanguage = \"markdown\"\n";
        std::fs::write(&path, text).unwrap();
        let paths: Vec<PathBuf> = load(&path).unwrap().inputs().unwrap().into_iter().map(|input| input.path).collect();
        assert_eq!(paths, [dir.path().join("a.json"), dir.path().join("b.yaml")]);
        std::fs::write(&path, "").unwrap();
        assert!(matches!(load(&path).unwrap().inputs(), Err(ConfigError::NothingToGenerate { .. })));
    }
}
