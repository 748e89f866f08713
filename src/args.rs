//! The arguments of the `harn-catalog` command line (clap derive): every command and
//! option, its spelling, default and help. The binary's own module, beside `main.rs`,
//! which parses them and calls the library; the library never sees clap's types.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::builder::{EnumValueParser, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use harn_catalog::compile::Options;
use harn_catalog::config;
use harn_catalog::diagnostics::{ErrorFormat, Renderer};
use harn_catalog::diff::DiffFormat;
use harn_catalog::emit::artifacts;
use harn_catalog::emit::sdk::Language;
use harn_catalog::import;
use harn_catalog::ingest::harn::Surface;
use harn_catalog::paths::Confinement;
use harn_catalog::project::mcp;

/// Offline compiler for Harn tool registries: harn-tools/2.0 catalogs, checked against
/// the whole contract, without executing anything.
#[derive(Parser)]
#[command(name = "harn-catalog", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Compile a registry declaration (.json, .yaml, .toml) or a catalog into the
    /// canonical harn-tools/2.0 catalog.
    Schema(SchemaArgs),
    /// Print the MCP `tools/list` result (`{"tools": [...]}`) of a registry or
    /// catalog's MCP-audience tools, with components bundled into each schema.
    Mcp(McpArgs),
    /// Check the MCP projection of a registry or catalog against what LLM clients
    /// accept (--profile openai-strict,gemini,… or all); exit 1 when a client refuses
    /// a tool.
    Lint(LintArgs),
    /// Print the shell completion script of the CLI that Harn generates from a
    /// registry or catalog, or, without FILE, of harn-catalog itself.
    Completions(CompletionsArgs),
    /// Compile every catalog listed in the configuration and write the ones that
    /// changed (atomically; nothing is written if any input is refused).
    Gen(ConfigArgs),
    /// Compile every catalog listed in the configuration in memory and report each
    /// output that is stale or missing, with a diff (exit 1).
    Check(ConfigArgs),
    /// Generate a typed SDK of a registry or catalog's tools (TypeScript, a Rust crate,
    /// or a Markdown reference) into a folder, or with --check verify the folder.
    Sdk(SdkArgs),
    /// Compare two versions of a registry or catalog and report every change with
    /// whom it breaks (exit 1 when a breaking change is not accepted).
    Diff(DiffArgs),
    /// Generate the protocol artifacts that describe the catalog format itself (its
    /// JSON Schema, TypeScript declarations and manifest), or with --check verify them.
    ProtocolArtifacts(ProtocolArgs),
    /// Write a registry declaration from an MCP server's tools (`import mcp`) or from
    /// Docker's MCP registry `tools.json` (`import docker`).
    #[command(subcommand)]
    Import(ImportSource),
    /// Write the discovery index of a registry or catalog: its generation and, per
    /// tool, canonical ID, search fields, contract hash and context cost.
    Index(IndexArgs),
    /// Search a registry or catalog's tools as a model would (lexical-v1), best first.
    Search(SearchArgs),
    /// Print one tool's validated contract (its MCP form) and contract hash.
    Inspect(InspectArgs),
    /// Print each tool's context cost (bytes and approximate tokens of its MCP
    /// definition), largest first, with totals.
    Stats(StatsArgs),
    /// List every rule the compiler checks.
    Rules {
        /// Print the table as Markdown with each rule's documentation.
        #[arg(long)]
        markdown: bool,
    },
    /// Show the documentation of one rule.
    Explain {
        /// The rule's code, as shown in `error[code]`.
        code: String,
    },
}

#[derive(clap::Args)]
pub struct SchemaArgs {
    /// The registry declaration (.json, .yaml, .toml), .harn module, catalog or harness directory to compile.
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    /// Indent the catalog with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// Write the catalog to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Run only the catalog phase (upstream's emitter), or also the prepare phase
    /// (CLI and MCP projection rules, the default).
    #[arg(long, value_enum, default_value_t = PhaseArg::All)]
    pub phase: PhaseArg,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args)]
pub struct McpArgs {
    /// The registry declaration, .harn module, catalog or harness directory.
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    /// Indent with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// The MCP protocol version to write the result for [default: the configuration's
    /// [mcp] protocol_version, else 2025-11-25].
    #[arg(long, value_name = "VERSION", value_parser = PossibleValuesParser::new(mcp::ProtocolVersion::ALL.map(|v| v.as_str())).map(|v| v.parse::<mcp::ProtocolVersion>().expect("a listed version")))]
    pub protocol_version: Option<mcp::ProtocolVersion>,
    /// For 2026-07-28: how many milliseconds a client may cache the result [default:
    /// the configuration's [mcp] ttl_ms, else 0].
    #[arg(long, value_name = "MS")]
    pub ttl_ms: Option<u64>,
    /// For 2026-07-28: who may reuse a cached result [default: the configuration's
    /// [mcp] cache_scope, else private].
    #[arg(long, value_name = "SCOPE", value_parser = PossibleValuesParser::new(["private", "public"]).map(|v| v.parse::<mcp::CacheScope>().expect("a listed scope")))]
    pub cache_scope: Option<mcp::CacheScope>,
    /// The configuration whose [mcp] settings apply, when it exists.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    pub config: PathBuf,
    /// Down-level every tool for one client profile (`harn-catalog lint --profile`
    /// lists them): exact rewrites first, each reported as a note; exit 1 when a tool
    /// cannot be made acceptable.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// With --profile, also move constraints the client refuses into descriptions
    /// (each reported with what was lost).
    #[arg(long, requires = "profile")]
    pub allow_lossy: bool,
    /// With --profile, the server name the client prefixes tool names with (default:
    /// the registry's `info.name`, else the file's stem).
    #[arg(long, value_name = "NAME", requires = "profile")]
    pub server: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args)]
pub struct LintArgs {
    /// The registry declaration (.json, .yaml, .toml), .harn module, catalog or harness directory.
    pub file: PathBuf,
    /// The client profiles to check, comma-separated, or `all`: openai, openai-strict,
    /// gemini, gemini-json-schema, anthropic, anthropic-strict, claude-code,
    /// claude-desktop, vscode-copilot, cursor, mcp-2025-11-25.
    #[arg(long, value_name = "NAME[,NAME…]", required_unless_present = "closed_objects")]
    pub profile: Vec<String>,
    /// The server name clients prefix tool names with (default: the registry's
    /// `info.name`, else the file's stem).
    #[arg(long, value_name = "NAME")]
    pub server: Option<String>,
    /// Also run the closed-objects lint (`open-input-object`): warn about every input
    /// object that sets neither `additionalProperties` nor `unevaluatedProperties`.
    #[arg(long)]
    pub closed_objects: bool,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Subcommand)]
pub enum ImportSource {
    /// MCP tools: a `tools/list` result (`{"tools": [...]}`), a JSON-RPC response
    /// carrying one, an array of tools, or a folder of one-tool JSON files.
    Mcp(ImportArgs),
    /// Docker's MCP registry `tools.json`: tools with `arguments` lists of
    /// `{name, type, desc}`.
    Docker(ImportArgs),
}

#[derive(clap::Args)]
pub struct ImportArgs {
    /// The file (or, for `mcp`, the folder of one-tool files) to read.
    pub file: PathBuf,
    /// The syntax of the declaration written (default: from the extension of -o, else YAML).
    #[arg(long, value_enum)]
    pub to: Option<ToArg>,
    /// Write the declaration to this file (atomically; nothing is written on error)
    /// instead of stdout; its extension (.yaml, .yml, .json, .toml) names the syntax.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub report: ReportArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ToArg {
    Yaml,
    Json,
    Toml,
}

impl From<ToArg> for import::Output {
    fn from(to: ToArg) -> Self {
        match to {
            ToArg::Yaml => import::Output::Yaml,
            ToArg::Json => import::Output::Json,
            ToArg::Toml => import::Output::Toml,
        }
    }
}

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(long, value_enum)]
    pub shell: clap_complete::Shell,
    /// The registry declaration, .harn module, catalog or harness directory whose generated CLI to complete.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args)]
pub struct ConfigArgs {
    /// The configuration listing inputs and outputs.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    pub config: PathBuf,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args)]
pub struct SdkArgs {
    /// The registry declaration, .harn module, catalog or harness directory.
    pub file: PathBuf,
    /// The language of the SDK.
    #[arg(long, value_enum)]
    pub lang: LangArg,
    /// The folder to write the SDK's files into (created if needed; each file is
    /// replaced atomically, and only once every file is written in full).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Write nothing; report every file of DIR that is stale, missing or not
    /// generated, with a diff (exit 1).
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum LangArg {
    Typescript,
    Rust,
    Markdown,
}

impl From<LangArg> for Language {
    fn from(lang: LangArg) -> Self {
        match lang {
            LangArg::Typescript => Language::TypeScript,
            LangArg::Rust => Language::Rust,
            LangArg::Markdown => Language::Markdown,
        }
    }
}

/// What every command reading one input through the index takes.
#[derive(clap::Args)]
pub struct IndexInput {
    /// The registry declaration (.json, .yaml, .toml), .harn module or catalog; or a
    /// harness directory (`.harness/`, or a folder holding one), whose tools and
    /// skills are indexed.
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Args)]
pub struct IndexArgs {
    #[command(flatten)]
    pub input: IndexInput,
    /// Indent with two spaces.
    #[arg(long)]
    pub pretty: bool,
    /// Write the index to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub input: IndexInput,
    /// What to look for, in words ("read files").
    pub query: String,
    /// Results per page (at most 100).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub limit: u16,
    /// The `nextCursor` of the previous page.
    #[arg(long)]
    pub cursor: Option<String>,
}

#[derive(clap::Args)]
pub struct InspectArgs {
    #[command(flatten)]
    pub input: IndexInput,
    /// The tool's or skill's canonical ID (`tool:<namespace>/<name>`, `tool:<name>`,
    /// `skill:<name>`, `skill:<pack>/<name>`), or its name.
    pub id: String,
}

#[derive(clap::Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: IndexInput,
}

#[derive(clap::Args)]
pub struct DiffArgs {
    /// OLD and NEW (registry declarations, .harn modules or catalogs); with --against,
    /// the one file to compare with its old version, or none for every input of the
    /// configuration.
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<PathBuf>,
    /// Take OLD from this git revision (`git show REV:FILE`; nothing is checked out).
    #[arg(long, value_name = "REV")]
    pub against: Option<String>,
    /// How to print the changes on stdout.
    #[arg(long, value_parser = diff_format_parser(), default_value = "human")]
    pub format: DiffFormat,
    /// The configuration listing inputs (for --against without FILE) and accepted
    /// changes.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    pub config: PathBuf,
    /// Append the breaking changes not yet accepted to the configuration's accepted
    /// list (creating it if there is none), with --reason.
    #[arg(long)]
    pub accept: bool,
    /// The reason recorded with --accept.
    #[arg(long, value_name = "TEXT", default_value = "accepted with `harn-catalog diff --accept`")]
    pub reason: String,
    #[command(flatten)]
    pub module: ModuleArgs,
    /// When to colour human output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    #[command(flatten)]
    pub paths: PathArgs,
}

#[derive(clap::Args)]
pub struct ProtocolArgs {
    /// The folder the artifacts live in.
    #[arg(long, value_name = "DIR", default_value = artifacts::DEFAULT_DIR)]
    pub output_dir: PathBuf,
    /// Regenerate in memory and report every stale, missing or unexpected file
    /// (exit 1) instead of writing.
    #[arg(long)]
    pub check: bool,
    /// The version stamped into the artifacts (semver); defaults to harn-catalog's.
    #[arg(long, value_name = "SEMVER", value_parser = semver::Version::parse)]
    pub artifact_version: Option<semver::Version>,
}

/// How every command that compiles an input runs: where its paths may lead, and how
/// it reports.
#[derive(clap::Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

impl RunArgs {
    /// `options` with `--deny-warnings` applied.
    pub fn options(&self, options: Options) -> Options {
        Options { deny_warnings: self.report.deny_warnings, ..options }
    }

    pub fn confinement(&self) -> Confinement {
        self.paths.confinement()
    }

    pub fn renderer(&self) -> Renderer {
        self.report.renderer()
    }
}

#[derive(clap::Args)]
pub struct PathArgs {
    /// Follow paths out of the project: let the inputs and outputs a configuration
    /// names, and the imports of a .harn module, resolve outside the folder of the
    /// configuration or module and the git work tree that holds it.
    #[arg(long)]
    pub allow_outside_project: bool,
}

impl PathArgs {
    /// Where an input's imports may lead: inside its own project unless allowed out.
    pub fn confinement(&self) -> Confinement {
        if self.allow_outside_project { Confinement::Anywhere } else { Confinement::InputProject }
    }
}

#[derive(clap::Args)]
pub struct ReportArgs {
    /// How to print diagnostics on stderr.
    #[arg(long, value_parser = format_parser(), default_value = "human")]
    pub format: ErrorFormat,
    /// Treat warnings as errors.
    #[arg(long)]
    pub deny_warnings: bool,
    /// When to colour human diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

/// How a .harn input is read, for every command that compiles one.
#[derive(clap::Args)]
pub struct ModuleArgs {
    /// Which registry a .harn module stands for: its public functions (exports), the
    /// registry its main publishes (script), or exports when it has public ones (auto).
    #[arg(long, value_parser = surface_parser(), default_value = "auto")]
    pub surface: Surface,
    /// Read FILE as a directory DIR (`--scopes DIR`) and compile every `.harness/`
    /// from DIR up to the root together; a tool defined in several wins in the most
    /// local one (noted).
    #[arg(long)]
    pub scopes: bool,
}

impl ModuleArgs {
    /// The compile options of how the input is read; the others default.
    pub fn options(&self) -> Options {
        Options { surface: self.surface, scopes: self.scopes, ..Options::default() }
    }
}

/// `--surface`: the library's [`Surface`] carries no clap derive, so its spellings
/// and help live here.
#[derive(Clone, Copy, ValueEnum)]
pub enum SurfaceArg {
    /// Exports when the module has a `pub fn` or `pub pipeline`, else script.
    Auto,
    /// The module's public functions and pipelines, projected from their signatures and docs.
    Exports,
    /// The registry `main` publishes, evaluated statically.
    Script,
}

pub fn surface_parser() -> impl TypedValueParser<Value = Surface> {
    EnumValueParser::<SurfaceArg>::new().map(|surface| match surface {
        SurfaceArg::Auto => Surface::Auto,
        SurfaceArg::Exports => Surface::Exports,
        SurfaceArg::Script => Surface::Script,
    })
}

/// `--format`: the spellings and help of the library's [`ErrorFormat`].
#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// rustc-style, with the offending source line.
    Human,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow commands (`::error file=…`).
    Github,
}

pub fn format_parser() -> impl TypedValueParser<Value = ErrorFormat> {
    EnumValueParser::<FormatArg>::new().map(|format| match format {
        FormatArg::Human => ErrorFormat::Human,
        FormatArg::Json => ErrorFormat::Json,
        FormatArg::Github => ErrorFormat::Github,
    })
}

/// `diff --format`: the spellings and help of the library's [`DiffFormat`].
#[derive(Clone, Copy, ValueEnum)]
pub enum DiffFormatArg {
    /// Grouped by tool, breaking first, with the changed source line.
    Human,
    /// One JSON object per change, per line.
    Json,
    /// GitHub Actions annotations on the changed lines.
    Github,
    /// A pull-request comment: counts by level, then a table per tool.
    Markdown,
}

pub fn diff_format_parser() -> impl TypedValueParser<Value = DiffFormat> {
    EnumValueParser::<DiffFormatArg>::new().map(|format| match format {
        DiffFormatArg::Human => DiffFormat::Human,
        DiffFormatArg::Json => DiffFormat::Json,
        DiffFormatArg::Github => DiffFormat::Github,
        DiffFormatArg::Markdown => DiffFormat::Markdown,
    })
}

#[derive(Clone, Copy, ValueEnum)]
pub enum PhaseArg {
    /// The catalog phase only.
    Catalog,
    /// The catalog and prepare phases.
    All,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour what goes to `stream`.
    pub fn enabled(self, stream: &impl IsTerminal) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => stream.is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

impl ReportArgs {
    pub fn renderer(&self) -> Renderer {
        Renderer::new(self.format, self.color.enabled(&std::io::stderr()))
    }
}
