//! The `harn-catalog` command line: parse arguments, call the library, print, and map
//! the outcome to an exit code (0 success, 1 rejected input, 2 usage or unreadable
//! input; DECISIONS.md 12).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{EnumValueParser, PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use harn_catalog::compile::{self, Options};
use harn_catalog::config;
use harn_catalog::contract::ToolCatalog;
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Failed, Log, Renderer};
use harn_catalog::diff::{self, DiffFormat};
use harn_catalog::docs;
use harn_catalog::emit::sdk::Language;
use harn_catalog::emit::{self, Layout, artifacts};
use harn_catalog::generate::{self, Mode};
use harn_catalog::import;
use harn_catalog::index;
use harn_catalog::ingest::harn::Surface;
use harn_catalog::lint;
use harn_catalog::paths::Confinement;
use harn_catalog::project::{CliArguments, McpDocuments, Prepared, cli, mcp};

// glibc's allocator degrades badly (free-list scans) on the many short-lived
// allocations of schema compilation over a large live heap; mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code: success.
const OK: u8 = 0;
/// Exit code: the input was rejected.
const REJECTED: u8 = 1;
/// Exit code: a usage error, or an input that could not be read.
const USAGE: u8 = 2;

/// Offline compiler for Harn tool registries: harn-tools/2.0 catalogs, checked against
/// the whole contract, without executing anything.
#[derive(Parser)]
#[command(name = "harn-catalog", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
struct SchemaArgs {
    /// The registry declaration (.json, .yaml, .toml), .harn module, catalog or harness directory to compile.
    file: PathBuf,
    #[command(flatten)]
    module: ModuleArgs,
    /// Indent the catalog with two spaces.
    #[arg(long)]
    pretty: bool,
    /// Write the catalog to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Run only the catalog phase (upstream's emitter), or also the prepare phase
    /// (CLI and MCP projection rules, the default).
    #[arg(long, value_enum, default_value_t = PhaseArg::All)]
    phase: PhaseArg,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct McpArgs {
    /// The registry declaration, .harn module, catalog or harness directory.
    file: PathBuf,
    #[command(flatten)]
    module: ModuleArgs,
    /// Indent with two spaces.
    #[arg(long)]
    pretty: bool,
    /// The MCP protocol version to write the result for [default: the configuration's
    /// [mcp] protocol_version, else 2025-11-25].
    #[arg(long, value_name = "VERSION", value_parser = PossibleValuesParser::new(mcp::ProtocolVersion::ALL.map(|v| v.as_str())).map(|v| v.parse::<mcp::ProtocolVersion>().expect("a listed version")))]
    protocol_version: Option<mcp::ProtocolVersion>,
    /// For 2026-07-28: how many milliseconds a client may cache the result [default:
    /// the configuration's [mcp] ttl_ms, else 0].
    #[arg(long, value_name = "MS")]
    ttl_ms: Option<u64>,
    /// For 2026-07-28: who may reuse a cached result [default: the configuration's
    /// [mcp] cache_scope, else private].
    #[arg(long, value_name = "SCOPE", value_parser = PossibleValuesParser::new(["private", "public"]).map(|v| v.parse::<mcp::CacheScope>().expect("a listed scope")))]
    cache_scope: Option<mcp::CacheScope>,
    /// The configuration whose [mcp] settings apply, when it exists.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    config: PathBuf,
    /// Down-level every tool for one client profile (`harn-catalog lint --profile`
    /// lists them): exact rewrites first, each reported as a note; exit 1 when a tool
    /// cannot be made acceptable.
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
    /// With --profile, also move constraints the client refuses into descriptions
    /// (each reported with what was lost).
    #[arg(long, requires = "profile")]
    allow_lossy: bool,
    /// With --profile, the server name the client prefixes tool names with (default:
    /// the registry's `info.name`, else the file's stem).
    #[arg(long, value_name = "NAME", requires = "profile")]
    server: Option<String>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct LintArgs {
    /// The registry declaration (.json, .yaml, .toml), .harn module, catalog or harness directory.
    file: PathBuf,
    /// The client profiles to check, comma-separated, or `all`: openai, openai-strict,
    /// gemini, gemini-json-schema, anthropic, anthropic-strict, claude-code,
    /// claude-desktop, vscode-copilot, cursor, mcp-2025-11-25.
    #[arg(long, value_name = "NAME[,NAME…]", required_unless_present = "closed_objects")]
    profile: Vec<String>,
    /// The server name clients prefix tool names with (default: the registry's
    /// `info.name`, else the file's stem).
    #[arg(long, value_name = "NAME")]
    server: Option<String>,
    /// Also run the closed-objects lint (`open-input-object`): warn about every input
    /// object that sets neither `additionalProperties` nor `unevaluatedProperties`.
    #[arg(long)]
    closed_objects: bool,
    #[command(flatten)]
    module: ModuleArgs,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand)]
enum ImportSource {
    /// MCP tools: a `tools/list` result (`{"tools": [...]}`), a JSON-RPC response
    /// carrying one, an array of tools, or a folder of one-tool JSON files.
    Mcp(ImportArgs),
    /// Docker's MCP registry `tools.json`: tools with `arguments` lists of
    /// `{name, type, desc}`.
    Docker(ImportArgs),
}

#[derive(clap::Args)]
struct ImportArgs {
    /// The file (or, for `mcp`, the folder of one-tool files) to read.
    file: PathBuf,
    /// The syntax of the declaration written (default: from the extension of -o, else YAML).
    #[arg(long, value_enum)]
    to: Option<ToArg>,
    /// Write the declaration to this file (atomically; nothing is written on error)
    /// instead of stdout; its extension (.yaml, .yml, .json, .toml) names the syntax.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ToArg {
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
struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(long, value_enum)]
    shell: clap_complete::Shell,
    /// The registry declaration, .harn module, catalog or harness directory whose generated CLI to complete.
    file: Option<PathBuf>,
    #[command(flatten)]
    module: ModuleArgs,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct ConfigArgs {
    /// The configuration listing inputs and outputs.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    config: PathBuf,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct SdkArgs {
    /// The registry declaration, .harn module, catalog or harness directory.
    file: PathBuf,
    /// The language of the SDK.
    #[arg(long, value_enum)]
    lang: LangArg,
    /// The folder to write the SDK's files into (created if needed; each file is
    /// replaced atomically, and only once every file is written in full).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Write nothing; report every file of DIR that is stale, missing or not
    /// generated, with a diff (exit 1).
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    module: ModuleArgs,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
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
struct IndexInput {
    /// The registry declaration (.json, .yaml, .toml), .harn module or catalog; or a
    /// harness directory (`.harness/`, or a folder holding one), whose tools and
    /// skills are indexed.
    file: PathBuf,
    #[command(flatten)]
    module: ModuleArgs,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct IndexArgs {
    #[command(flatten)]
    input: IndexInput,
    /// Indent with two spaces.
    #[arg(long)]
    pretty: bool,
    /// Write the index to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

#[derive(clap::Args)]
struct SearchArgs {
    #[command(flatten)]
    input: IndexInput,
    /// What to look for, in words ("read files").
    query: String,
    /// Results per page (at most 100).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=100))]
    limit: u16,
    /// The `nextCursor` of the previous page.
    #[arg(long)]
    cursor: Option<String>,
}

#[derive(clap::Args)]
struct InspectArgs {
    #[command(flatten)]
    input: IndexInput,
    /// The tool's or skill's canonical ID (`tool:<namespace>/<name>`, `tool:<name>`,
    /// `skill:<name>`, `skill:<pack>/<name>`), or its name.
    id: String,
}

#[derive(clap::Args)]
struct StatsArgs {
    #[command(flatten)]
    input: IndexInput,
}

#[derive(clap::Args)]
struct DiffArgs {
    /// OLD and NEW (registry declarations, .harn modules or catalogs); with --against,
    /// the one file to compare with its old version, or none for every input of the
    /// configuration.
    #[arg(value_name = "FILE", num_args = 0..=2)]
    files: Vec<PathBuf>,
    /// Take OLD from this git revision (`git show REV:FILE`; nothing is checked out).
    #[arg(long, value_name = "REV")]
    against: Option<String>,
    /// How to print the changes on stdout.
    #[arg(long, value_parser = diff_format_parser(), default_value = "human")]
    format: DiffFormat,
    /// The configuration listing inputs (for --against without FILE) and accepted
    /// changes.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    config: PathBuf,
    /// Append the breaking changes not yet accepted to the configuration's accepted
    /// list (creating it if there is none), with --reason.
    #[arg(long)]
    accept: bool,
    /// The reason recorded with --accept.
    #[arg(long, value_name = "TEXT", default_value = "accepted with `harn-catalog diff --accept`")]
    reason: String,
    #[command(flatten)]
    module: ModuleArgs,
    /// When to colour human output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    #[command(flatten)]
    paths: PathArgs,
}

#[derive(clap::Args)]
struct ProtocolArgs {
    /// The folder the artifacts live in.
    #[arg(long, value_name = "DIR", default_value = artifacts::DEFAULT_DIR)]
    output_dir: PathBuf,
    /// Regenerate in memory and report every stale, missing or unexpected file
    /// (exit 1) instead of writing.
    #[arg(long)]
    check: bool,
    /// The version stamped into the artifacts (semver); defaults to harn-catalog's.
    #[arg(long, value_name = "SEMVER", value_parser = semver::Version::parse)]
    artifact_version: Option<semver::Version>,
}

/// How every command that compiles an input runs: where its paths may lead, and how
/// it reports.
#[derive(clap::Args)]
struct RunArgs {
    #[command(flatten)]
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
}

impl RunArgs {
    /// `options` with `--deny-warnings` applied.
    fn options(&self, options: Options) -> Options {
        Options { deny_warnings: self.report.deny_warnings, ..options }
    }

    fn confinement(&self) -> Confinement {
        self.paths.confinement()
    }

    fn renderer(&self) -> Renderer {
        self.report.renderer()
    }
}

#[derive(clap::Args)]
struct PathArgs {
    /// Follow paths out of the project: let the inputs and outputs a configuration
    /// names, and the imports of a .harn module, resolve outside the folder of the
    /// configuration or module and the git work tree that holds it.
    #[arg(long)]
    allow_outside_project: bool,
}

impl PathArgs {
    /// Where an input's imports may lead: inside its own project unless allowed out.
    fn confinement(&self) -> Confinement {
        if self.allow_outside_project { Confinement::Anywhere } else { Confinement::InputProject }
    }
}

#[derive(clap::Args)]
struct ReportArgs {
    /// How to print diagnostics on stderr.
    #[arg(long, value_parser = format_parser(), default_value = "human")]
    format: ErrorFormat,
    /// Treat warnings as errors.
    #[arg(long)]
    deny_warnings: bool,
    /// When to colour human diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

/// How a .harn input is read, for every command that compiles one.
#[derive(clap::Args)]
struct ModuleArgs {
    /// Which registry a .harn module stands for: its public functions (exports), the
    /// registry its main publishes (script), or exports when it has public ones (auto).
    #[arg(long, value_parser = surface_parser(), default_value = "auto")]
    surface: Surface,
    /// Read FILE as a directory DIR (`--scopes DIR`) and compile every `.harness/`
    /// from DIR up to the root together; a tool defined in several wins in the most
    /// local one (noted).
    #[arg(long)]
    scopes: bool,
}

impl ModuleArgs {
    /// The compile options of how the input is read; the others default.
    fn options(&self) -> Options {
        Options { surface: self.surface, scopes: self.scopes, ..Options::default() }
    }
}

/// `--surface`: the library's [`Surface`] carries no clap derive, so its spellings
/// and help live here.
#[derive(Clone, Copy, ValueEnum)]
enum SurfaceArg {
    /// Exports when the module has a `pub fn` or `pub pipeline`, else script.
    Auto,
    /// The module's public functions and pipelines, projected from their signatures and docs.
    Exports,
    /// The registry `main` publishes, evaluated statically.
    Script,
}

fn surface_parser() -> impl TypedValueParser<Value = Surface> {
    EnumValueParser::<SurfaceArg>::new().map(|surface| match surface {
        SurfaceArg::Auto => Surface::Auto,
        SurfaceArg::Exports => Surface::Exports,
        SurfaceArg::Script => Surface::Script,
    })
}

/// `--format`: the spellings and help of the library's [`ErrorFormat`].
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// rustc-style, with the offending source line.
    Human,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow commands (`::error file=…`).
    Github,
}

fn format_parser() -> impl TypedValueParser<Value = ErrorFormat> {
    EnumValueParser::<FormatArg>::new().map(|format| match format {
        FormatArg::Human => ErrorFormat::Human,
        FormatArg::Json => ErrorFormat::Json,
        FormatArg::Github => ErrorFormat::Github,
    })
}

/// `diff --format`: the spellings and help of the library's [`DiffFormat`].
#[derive(Clone, Copy, ValueEnum)]
enum DiffFormatArg {
    /// Grouped by tool, breaking first, with the changed source line.
    Human,
    /// One JSON object per change, per line.
    Json,
    /// GitHub Actions annotations on the changed lines.
    Github,
    /// A pull-request comment: counts by level, then a table per tool.
    Markdown,
}

fn diff_format_parser() -> impl TypedValueParser<Value = DiffFormat> {
    EnumValueParser::<DiffFormatArg>::new().map(|format| match format {
        DiffFormatArg::Human => DiffFormat::Human,
        DiffFormatArg::Json => DiffFormat::Json,
        DiffFormatArg::Github => DiffFormat::Github,
        DiffFormatArg::Markdown => DiffFormat::Markdown,
    })
}

#[derive(Clone, Copy, ValueEnum)]
enum PhaseArg {
    /// The catalog phase only.
    Catalog,
    /// The catalog and prepare phases.
    All,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour what goes to `stream`.
    fn enabled(self, stream: &impl IsTerminal) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => stream.is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

impl ReportArgs {
    fn renderer(&self) -> Renderer {
        Renderer::new(self.format, self.color.enabled(&std::io::stderr()))
    }
}

fn main() -> ExitCode {
    harn_catalog::process::tune_for_a_short_run();
    let cli = Cli::parse();
    // Inputs are bounded in depth, but the schema compiler and the serialisers recurse:
    // a generous stack keeps every bounded input far from its end.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(cli));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("error: harn-catalog stopped unexpectedly; please report this with the input that caused it");
            ExitCode::from(USAGE)
        }
    }
}

fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Schema(args) => schema(&args),
        Command::Mcp(args) => mcp(&args),
        Command::Lint(args) => lint(&args),
        Command::Completions(args) => completions(&args),
        Command::Gen(args) => catalogs(&args, Mode::Write),
        Command::Check(args) => catalogs(&args, Mode::Check),
        Command::ProtocolArtifacts(args) => protocol_artifacts(&args),
        Command::Sdk(args) => sdk(&args),
        Command::Diff(args) => compare(&args),
        Command::Import(ImportSource::Mcp(args)) => import(import::Kind::Mcp, &args),
        Command::Import(ImportSource::Docker(args)) => import(import::Kind::Docker, &args),
        Command::Index(args) => index(&args),
        Command::Search(args) => search(&args),
        Command::Inspect(args) => inspect(&args),
        Command::Stats(args) => stats(&args),
        Command::Rules { markdown } => {
            print!("{}", docs::rule_table(markdown));
            OK
        }
        Command::Explain { code } => match docs::explain(&code) {
            Some(text) => {
                println!("{text}");
                OK
            }
            None => {
                eprintln!("error: no rule has the code {code:?}; `harn-catalog rules` lists them");
                USAGE
            }
        },
    }
}

/// The exit code of a run that failed.
fn exit_code(failed: Failed) -> u8 {
    match failed {
        Failed::Refused => REJECTED,
        Failed::Unusable => USAGE,
    }
}

/// A log writing to stderr, rendering diagnostics with `renderer`.
fn stderr(renderer: &Renderer) -> Log<'_> {
    Log::new(renderer, |text| {
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    })
}

/// Prints the text a run hands back for stdout; the exit code.
fn finish(result: Result<String, Failed>) -> u8 {
    match result {
        Ok(text) => {
            print!("{text}");
            OK
        }
        Err(failed) => exit_code(failed),
    }
}

/// Writes `text` to stdout; a closed pipe is a usage problem, not a crash.
fn print(text: &str) -> u8 {
    print_with(|out| out.write_all(text.as_bytes()))
}

/// Writes to stdout what `write` produces (which should buffer); as [`print`].
fn print_with(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> u8 {
    let mut stdout = std::io::stdout().lock();
    if write(&mut stdout).and_then(|()| stdout.flush()).is_err() {
        return USAGE;
    }
    OK
}

/// Writes `text` to the file at `path` (atomically) or, without one, to stdout.
fn write_out(path: Option<&Path>, text: &str) -> u8 {
    match path {
        Some(path) => match emit::write_atomically(path, text.as_bytes()) {
            Ok(()) => OK,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                USAGE
            }
        },
        None => print(text),
    }
}

fn schema(args: &SchemaArgs) -> u8 {
    let options = args
        .run
        .options(Options { catalog_phase_only: matches!(args.phase, PhaseArg::Catalog), ..args.module.options() });
    // Streamed, so that a large catalog's text is never held whole; and to a file, staged
    // while the catalog is checked, then renamed into place only if it passes.
    let layout = Layout::pretty_if(args.pretty);
    let stage = |path: &Path, catalog: &ToolCatalog| {
        emit::stage_with(path, |out| emit::write_canonical_json(out, catalog, layout))
    };
    let (compilation, staged) =
        compile::compile_file_emitting(&args.file, options, &args.run.confinement(), |catalog| {
            Some(stage(args.output.as_ref()?, catalog))
        });
    let renderer = args.run.renderer();
    let diagnostics = compilation.diagnostics.into_vec();
    let Some(catalog) = compilation.catalog else {
        // A staged output is deleted as it is dropped.
        drop(staged);
        stderr(&renderer).report(&diagnostics, "; no catalog was written");
        return if compilation.unreadable { USAGE } else { REJECTED };
    };
    stderr(&renderer).report(&diagnostics, "");
    let code = match &args.output {
        Some(path) => {
            let staged = staged.flatten().unwrap_or_else(|| stage(path, &catalog));
            match staged.and_then(emit::Staged::commit) {
                Ok(()) => OK,
                Err(e) => {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    USAGE
                }
            }
        }
        None => print_with(|out| emit::write_canonical_json(out, &catalog, layout)),
    };
    // The process ends next: freeing a large catalog piece by piece would only cost time.
    std::mem::forget((catalog, compilation.prepared, compilation.provenance));
    code
}

/// `import mcp|docker`: read the tools, write the declaration (to stdout, or atomically
/// to -o), report on stderr.
fn import(kind: import::Kind, args: &ImportArgs) -> u8 {
    let output = match import::Output::choose(args.output.as_deref(), args.to.map(import::Output::from)) {
        Ok(output) => output,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let renderer = args.report.renderer();
    match import::import_text(kind, &args.file, output, args.report.deny_warnings, &mut stderr(&renderer)) {
        Ok(text) => write_out(args.output.as_deref(), &text),
        Err(failed) => exit_code(failed),
    }
}

/// Compiles `file` through both phases for a command that needs the prepared catalog;
/// prints the diagnostics; the exit code when nothing can be printed.
fn prepared(file: &Path, options: Options, run: &RunArgs) -> Result<Prepared, u8> {
    let compilation = compile::compile_file_in(file, run.options(options), &run.confinement());
    let renderer = run.renderer();
    let diagnostics = compilation.diagnostics.into_vec();
    match compilation.prepared {
        Some(prepared) if compilation.catalog.is_some() => {
            stderr(&renderer).report(&diagnostics, "");
            Ok(prepared)
        }
        _ => {
            stderr(&renderer).report(&diagnostics, "; nothing was written");
            Err(if compilation.unreadable { USAGE } else { REJECTED })
        }
    }
}

/// Compiles `input` and builds its discovery index; prints the diagnostics; the exit
/// code when there is no index. A folder holding `.harness/` (or a `.harness/`
/// folder) is indexed with its skills.
fn indexed(input: &IndexInput) -> Result<index::Built, u8> {
    let options = input.run.options(input.module.options());
    let renderer = input.run.renderer();
    index::input::index_file(&input.file, options, &input.run.confinement())
        .reported(&mut stderr(&renderer))
        .map_err(exit_code)
}

fn index(args: &IndexArgs) -> u8 {
    let built = match indexed(&args.input) {
        Ok(built) => built,
        Err(code) => return code,
    };
    let text = emit::canonical_json(&built.index, Layout::pretty_if(args.pretty));
    // The process ends next: freeing every tool's definitions would only cost time.
    std::mem::forget(built);
    write_out(args.output.as_deref(), &text)
}
fn search(args: &SearchArgs) -> u8 {
    // An index `index` wrote is searched as it is; anything else is compiled first.
    let bytes = std::fs::read(&args.input.file).unwrap_or_default();
    let limit = usize::from(args.limit);
    let (query, cursor) = (args.query.as_str(), args.cursor.as_deref());
    let (snapshot, built);
    let found = match index::search::Snapshot::read(&bytes) {
        Some(Ok(read)) => {
            snapshot = read;
            index::search::search_in(&snapshot.generation, &snapshot.capabilities, query, limit, cursor)
        }
        Some(Err(e)) => {
            eprintln!("error: {} starts as a discovery index but is not one: {e}", args.input.file.display());
            return USAGE;
        }
        None => match indexed(&args.input) {
            Ok(compiled) => {
                built = compiled;
                index::search::search(&built.index, query, limit, cursor)
            }
            Err(code) => return code,
        },
    };
    match found {
        Ok(page) if args.input.run.report.format == ErrorFormat::Json => {
            print(&emit::canonical_json(&page, Layout::Compact))
        }
        Ok(page) => print(&index::render::page(&page)),
        Err(index::search::BadCursor) => {
            eprintln!(
                "error: the cursor {:?} was not handed out for this query over this catalog; search again without --cursor",
                args.cursor.as_deref().unwrap_or_default()
            );
            USAGE
        }
    }
}

fn inspect(args: &InspectArgs) -> u8 {
    let built = match indexed(&args.input) {
        Ok(built) => built,
        Err(code) => return code,
    };
    match index::render::inspect(&built, &args.id) {
        Ok(text) => print(&text),
        Err(message) => {
            eprintln!("error: {message}");
            USAGE
        }
    }
}

fn stats(args: &StatsArgs) -> u8 {
    match indexed(&args.input) {
        Ok(built) if args.input.run.report.format == ErrorFormat::Json => {
            print(&emit::canonical_json(&index::render::stats_json(&built.index), Layout::Compact))
        }
        Ok(built) => print(&index::render::stats(&built.index)),
        Err(code) => code,
    }
}

fn mcp(args: &McpArgs) -> u8 {
    // The configuration's [mcp] settings, when it exists, under the flags.
    let settings = match config::load_if_present(&args.config) {
        Ok(config) => config.map(|c| c.mcp).unwrap_or_default(),
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let version = args.protocol_version.unwrap_or(settings.protocol_version);
    let caching = mcp::Caching {
        ttl_ms: args.ttl_ms.unwrap_or(settings.caching.ttl_ms),
        cache_scope: args.cache_scope.unwrap_or(settings.caching.cache_scope),
    };
    let options = Options { mcp_documents: McpDocuments::Build, protocol_version: version, ..args.module.options() };
    let layout = Layout::pretty_if(args.pretty);
    let Some(profile) = &args.profile else {
        return match prepared(&args.file, options, &args.run) {
            Ok(prepared) => print(&emit::canonical_json(
                &mcp::ToolsList::new(&prepared.mcp, prepared.protocol_version, caching),
                layout,
            )),
            Err(code) => code,
        };
    };
    // `--profile`: the tools/list down-levelled for one client, with a note for every
    // change; nothing printed when a tool stays refused.
    let options = args.run.options(options);
    let renderer = args.run.renderer();
    let mut log = stderr(&renderer);
    let server = args.server.as_deref();
    match lint::downlevel_file(
        &args.file,
        options,
        &args.run.confinement(),
        profile,
        args.allow_lossy,
        server,
        &mut log,
    ) {
        Ok(down) => {
            print(&emit::canonical_json(&mcp::ToolsList::new(&down.tools, down.protocol_version, caching), layout))
        }
        Err(failed) => exit_code(failed),
    }
}

fn lint(args: &LintArgs) -> u8 {
    let profiles = match lint::parse_profiles(&args.profile) {
        Ok(profiles) => profiles,
        Err(_) if args.profile.is_empty() && args.closed_objects => Vec::new(),
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let options = args.run.options(args.module.options());
    let outcome = lint::lint_file(
        &args.file,
        options,
        &args.run.confinement(),
        &profiles,
        args.server.as_deref(),
        args.closed_objects,
    );
    let renderer = args.run.renderer();
    stderr(&renderer).report(&outcome.diagnostics, "");
    if outcome.unreadable {
        USAGE
    } else if !outcome.compiled || outcome.diagnostics.iter().any(Diagnostic::is_error) {
        REJECTED
    } else {
        OK
    }
}

fn completions(args: &CompletionsArgs) -> u8 {
    let mut script = Vec::new();
    match &args.file {
        None => clap_complete::generate(args.shell, &mut Cli::command(), "harn-catalog", &mut script),
        Some(file) => {
            let options = Options { cli_arguments: CliArguments::Keep, ..args.module.options() };
            match prepared(file, options, &args.run) {
                // A shell completes a command by a name that is one word.
                Ok(prepared) if prepared.cli_name.contains(char::is_whitespace) => {
                    let word: Vec<&str> = prepared.cli_name.split_whitespace().collect();
                    eprintln!(
                        "error: the generated CLI is named {:?} (its registry's `info.name`), which no shell can complete: a command's name is one word\nhelp: name the registry {:?} (its `info.name`; for a harness directory, the folder holding it)",
                        prepared.cli_name,
                        word.join("-")
                    );
                    return REJECTED;
                }
                Ok(prepared) => {
                    let mut command = cli::command::command(&prepared);
                    clap_complete::generate(args.shell, &mut command, prepared.cli_name.clone(), &mut script);
                }
                Err(code) => return code,
            }
        }
    }
    print(&String::from_utf8_lossy(&script))
}

fn sdk(args: &SdkArgs) -> u8 {
    let options = args.run.options(args.module.options());
    let renderer = args.run.renderer();
    let mode = if args.check { Mode::Check } else { Mode::Write };
    let confinement = args.run.confinement();
    finish(generate::sdk(
        &args.file,
        args.lang.into(),
        &args.output,
        mode,
        options,
        &confinement,
        &mut stderr(&renderer),
    ))
}

/// `gen` and `check`: the catalogs and SDKs listed in a configuration.
fn catalogs(args: &ConfigArgs, mode: Mode) -> u8 {
    let renderer = args.run.renderer();
    let (deny_warnings, outside) = (args.run.report.deny_warnings, args.run.paths.allow_outside_project);
    finish(generate::catalogs(&args.config, mode, deny_warnings, outside, &mut stderr(&renderer)))
}

fn protocol_artifacts(args: &ProtocolArgs) -> u8 {
    let mode = if args.check { Mode::Check } else { Mode::Write };
    // Its messages are drift reports and errors, never diagnostics.
    let renderer = Renderer::new(ErrorFormat::Human, false);
    finish(generate::protocol_artifacts(&args.output_dir, args.artifact_version.as_ref(), mode, &mut stderr(&renderer)))
}

/// `diff`: compile both sides of each pair, compare, mark accepted changes, print;
/// exit 1 when a breaking change is not accepted.
fn compare(args: &DiffArgs) -> u8 {
    let renderer = Renderer::new(ErrorFormat::Human, args.color.enabled(&std::io::stderr()));
    let mut log = stderr(&renderer);
    let request = diff::run::Request {
        files: &args.files,
        against: args.against.as_deref(),
        config: &args.config,
        options: Options { scopes: args.module.scopes, ..diff::options(args.module.surface) },
        confinement: &args.paths.confinement(),
    };
    let diffed = match diff::run::compare(&request, &mut log) {
        Ok(diffed) => diffed,
        Err(failed) => return exit_code(failed),
    };
    let code = print(&diffed.render(args.format, args.color.enabled(&std::io::stdout())));
    if code != OK {
        return code;
    }
    if args.accept {
        match diffed.accept(&args.config, &args.reason, &mut log) {
            Ok(true) => return OK,
            Ok(false) => {}
            Err(failed) => return exit_code(failed),
        }
    }
    if diffed.fails() { REJECTED } else { OK }
}
