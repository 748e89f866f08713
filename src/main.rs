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
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Renderer, all_rules};
use harn_catalog::diff::{self, Change, Compared, DiffFormat, all_diff_rules};
use harn_catalog::drift::{self, Finding, Owned};
use harn_catalog::emit::sdk::{self, Language};
use harn_catalog::emit::{self, Layout, artifacts, artifacts::Artifact};
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(clap::Args)]
struct ConfigArgs {
    /// The configuration listing inputs and outputs.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    config: PathBuf,
    #[command(flatten)]
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
    paths: PathArgs,
    #[command(flatten)]
    report: ReportArgs,
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
        Command::Gen(args) => catalogs(&args, false),
        Command::Check(args) => catalogs(&args, true),
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
            print!("{}", rule_table(markdown));
            OK
        }
        Command::Explain { code } => match all_rules().into_iter().find(|r| r.code == code) {
            Some(rule) => {
                println!(
                    "{} ({} phase, {})\n\n{}",
                    rule.code,
                    rule.phase.as_str(),
                    rule.severity.as_str(),
                    rule.documentation()
                );
                OK
            }
            None => match all_diff_rules().into_iter().find(|r| r.code == code) {
                Some(rule) => {
                    println!("{} (diff; {})\n\n{}", rule.code, rule.levels_text(), rule.documentation());
                    OK
                }
                None => {
                    eprintln!("error: no rule has the code {code:?}; `harn-catalog rules` lists them");
                    USAGE
                }
            },
        },
    }
}

fn schema(args: &SchemaArgs) -> u8 {
    let options = Options {
        deny_warnings: args.report.deny_warnings,
        catalog_phase_only: matches!(args.phase, PhaseArg::Catalog),
        ..args.module.options()
    };
    // Streamed, so that a large catalog's text is never held whole; and to a file, staged
    // while the catalog is checked, then renamed into place only if it passes.
    let layout = Layout::pretty_if(args.pretty);
    let stage = |path: &Path, catalog: &ToolCatalog| {
        emit::stage_with(path, |out| emit::write_canonical_json(out, catalog, layout))
    };
    let (compilation, staged) =
        compile::compile_file_emitting(&args.file, options, &args.paths.confinement(), |catalog| {
            Some(stage(args.output.as_ref()?, catalog))
        });
    let renderer = args.report.renderer();
    let diagnostics = compilation.diagnostics.into_vec();
    let Some(catalog) = compilation.catalog else {
        // A staged output is deleted as it is dropped.
        drop(staged);
        report(&renderer, &diagnostics, "; no catalog was written");
        return if compilation.unreadable { USAGE } else { REJECTED };
    };
    report(&renderer, &diagnostics, "");
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
    let from_path = match &args.output {
        None => None,
        Some(path) => match import::Output::from_path(path) {
            Some(output) => Some(output),
            None => {
                eprintln!(
                    "error: cannot tell the syntax of {} from its extension; name it .yaml, .yml, .json or .toml",
                    path.display()
                );
                return USAGE;
            }
        },
    };
    let output = match (from_path, args.to.map(import::Output::from)) {
        (Some(a), Some(b)) if a != b => {
            eprintln!("error: --to and the extension of -o name different syntaxes; give one of them");
            return USAGE;
        }
        (Some(output), _) | (None, Some(output)) => output,
        (None, None) => import::Output::Yaml,
    };
    let imported = import::import(kind, &args.file);
    let renderer = args.report.renderer();
    let mut diagnostics = imported.diagnostics;
    if args.report.deny_warnings {
        diagnostics.iter_mut().for_each(Diagnostic::deny_warning);
    }
    let declaration = match imported.declaration {
        Some(declaration) if !diagnostics.iter().any(Diagnostic::is_error) => declaration,
        _ => {
            report(&renderer, &diagnostics, "; nothing was written");
            return if imported.unreadable { USAGE } else { REJECTED };
        }
    };
    let text = match import::render(&declaration, output) {
        Ok(text) => text,
        Err(e) => {
            report(&renderer, &diagnostics, "");
            eprintln!("error: {e}; nothing was written");
            return USAGE;
        }
    };
    report(&renderer, &diagnostics, "");
    match &args.output {
        Some(path) => match emit::write_atomically(path, text.as_bytes()) {
            Ok(()) => OK,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                USAGE
            }
        },
        None => print(&text),
    }
}

/// Compiles `file` through both phases for a command that needs the prepared catalog;
/// prints the diagnostics; the exit code when nothing can be printed.
fn prepared(file: &Path, options: Options, paths: &PathArgs, report: &ReportArgs) -> Result<Prepared, u8> {
    let options = Options { deny_warnings: report.deny_warnings, ..options };
    let compilation = compile::compile_file_in(file, options, &paths.confinement());
    let renderer = report.renderer();
    let diagnostics = compilation.diagnostics.into_vec();
    match compilation.prepared {
        Some(prepared) if compilation.catalog.is_some() => {
            self::report(&renderer, &diagnostics, "");
            Ok(prepared)
        }
        _ => {
            self::report(&renderer, &diagnostics, "; nothing was written");
            Err(if compilation.unreadable { USAGE } else { REJECTED })
        }
    }
}

/// Compiles `input` and builds its discovery index; prints the diagnostics; the exit
/// code when there is no index. A folder holding `.harness/` (or a `.harness/`
/// folder) is indexed with its skills.
fn indexed(input: &IndexInput) -> Result<index::Built, u8> {
    let options = Options { deny_warnings: input.report.deny_warnings, ..input.module.options() };
    index_file(&input.file, options, &input.paths.confinement(), &input.report.renderer())
}

/// [`indexed`], for any file, options and confinement.
fn index_file(file: &Path, options: Options, paths: &Confinement, renderer: &Renderer) -> Result<index::Built, u8> {
    let indexed = index::input::index_file(file, options, paths);
    // The process ends soon after: freeing every tool's definitions would only cost time.
    std::mem::forget(indexed.compilation);
    match indexed.built {
        Some(built) => {
            report(renderer, &indexed.diagnostics, "");
            Ok(built)
        }
        None => {
            report(renderer, &indexed.diagnostics, "; nothing was written");
            Err(if indexed.unreadable { USAGE } else { REJECTED })
        }
    }
}

fn index(args: &IndexArgs) -> u8 {
    let built = match indexed(&args.input) {
        Ok(built) => built,
        Err(code) => return code,
    };
    let text = emit::canonical_json(&built.index, Layout::pretty_if(args.pretty));
    // The process ends next: freeing every tool's definitions would only cost time.
    std::mem::forget(built);
    match &args.output {
        Some(path) => match emit::write_atomically(path, text.as_bytes()) {
            Ok(()) => OK,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                USAGE
            }
        },
        None => print(&text),
    }
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
        Ok(page) if args.input.report.format == ErrorFormat::Json => {
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
        Ok(built) if args.input.report.format == ErrorFormat::Json => {
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
    if let Some(profile) = &args.profile {
        return mcp_for_profile(args, profile, options, caching);
    }
    match prepared(&args.file, options, &args.paths, &args.report) {
        Ok(prepared) => print(&emit::canonical_json(
            &mcp::ToolsList::new(&prepared.mcp, prepared.protocol_version, caching),
            Layout::pretty_if(args.pretty),
        )),
        Err(code) => code,
    }
}

/// `mcp --profile`: the tools/list down-levelled for one client, with a note for
/// every change; nothing printed when a tool stays refused.
fn mcp_for_profile(args: &McpArgs, name: &str, options: Options, caching: mcp::Caching) -> u8 {
    let Some(profile) = lint::find_profile(name) else {
        eprintln!("error: {}", lint::parse_profiles(&[name.to_owned()]).err().unwrap_or_default());
        return USAGE;
    };
    let options = Options { deny_warnings: args.report.deny_warnings, every_audience: true, ..options };
    let compilation = compile::compile_file_in(&args.file, options, &args.paths.confinement());
    let renderer = args.report.renderer();
    let mut diagnostics = compilation.diagnostics.into_vec();
    let (Some(catalog), Some(provenance), Some(prepared)) =
        (&compilation.catalog, &compilation.provenance, &compilation.prepared)
    else {
        report(&renderer, &diagnostics, "; nothing was written");
        return if compilation.unreadable { USAGE } else { REJECTED };
    };
    let mut notes = String::new();
    let tools: Vec<mcp::McpTool> = prepared
        .mcp
        .iter()
        .map(|tool| {
            let (tool, changes) = lint::downlevel::downlevel(tool, &profile, args.allow_lossy);
            for change in &changes {
                notes.push_str(&lint::render_change(change, profile.name, args.report.format));
            }
            tool
        })
        .collect();
    eprint!("{notes}");
    let server = args.server.as_deref().unwrap_or(&prepared.cli_name);
    let target = lint::Target { tools: &tools, catalog, provenance, server };
    let mut found = lint::lint(&target, &profile);
    if args.report.deny_warnings {
        found.iter_mut().for_each(Diagnostic::deny_warning);
    }
    diagnostics.extend(found);
    if diagnostics.iter().any(Diagnostic::is_error) {
        report(&renderer, &diagnostics, "; nothing was written");
        return REJECTED;
    }
    report(&renderer, &diagnostics, "");
    let list = mcp::ToolsList::new(&tools, prepared.protocol_version, caching);
    print(&emit::canonical_json(&list, Layout::pretty_if(args.pretty)))
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
    let options = Options { deny_warnings: args.report.deny_warnings, ..args.module.options() };
    let outcome = lint::lint_file(
        &args.file,
        options,
        &args.paths.confinement(),
        &profiles,
        args.server.as_deref(),
        args.closed_objects,
    );
    let renderer = args.report.renderer();
    report(&renderer, &outcome.diagnostics, "");
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
            match prepared(file, options, &args.paths, &args.report) {
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

/// Compiles `file` and renders its SDK in `language`, printing the diagnostics (the
/// compile's and the SDK's own); the exit code when no SDK can be generated.
fn sdk_files(
    file: &Path,
    language: Language,
    options: Options,
    confinement: &Confinement,
    renderer: &Renderer,
) -> Result<Vec<Artifact>, u8> {
    let options = Options { mcp_documents: language.mcp_documents(), ..options };
    let mut compilation = compile::compile_file_in(file, options, confinement);
    let (Some(catalog), Some(prepared)) = (&compilation.catalog, &compilation.prepared) else {
        report(renderer, compilation.diagnostics.as_slice(), "; no SDK was written");
        return Err(if compilation.unreadable { USAGE } else { REJECTED });
    };
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (files, mut more) = sdk::generate(language, catalog, prepared, compilation.provenance.as_ref(), &stem);
    if options.deny_warnings {
        more.deny_warnings();
    }
    let refused = more.has_errors();
    compilation.diagnostics.extend(more.into_vec());
    if refused {
        report(renderer, compilation.diagnostics.as_slice(), "; no SDK was written");
        return Err(REJECTED);
    }
    report(renderer, compilation.diagnostics.as_slice(), "");
    Ok(files)
}

/// The findings of a drift check of the SDK `files` in `folder`, which the generator
/// owns but for the build products of the folder's own tooling.
fn sdk_drift(folder: &Path, files: &[Artifact]) -> std::io::Result<Vec<Finding>> {
    drift::compare(folder, files, Owned::Except(sdk::BUILD_PRODUCTS))
}

fn sdk(args: &SdkArgs) -> u8 {
    let options = Options { deny_warnings: args.report.deny_warnings, ..args.module.options() };
    let renderer = args.report.renderer();
    let files = match sdk_files(&args.file, args.lang.into(), options, &args.paths.confinement(), &renderer) {
        Ok(files) => files,
        Err(code) => return code,
    };
    let result = if args.check {
        sdk_drift(&args.output, &files).map(|findings| {
            if findings.is_empty() {
                return OK;
            }
            let bless = format!(
                "harn-catalog sdk --lang {} {} -o {}",
                Language::from(args.lang).as_str(),
                args.file.display(),
                args.output.display()
            );
            eprint!("{}", drift::report(&args.output, "the SDK's files", &findings, &bless));
            REJECTED
        })
    } else {
        drift::write(&args.output, &files, &[]).map(|written| {
            for path in &written {
                println!("wrote {}", args.output.join(path).display());
            }
            OK
        })
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        USAGE
    })
}

/// `gen` and `check`: the catalogs and SDKs listed in a configuration.
fn catalogs(args: &ConfigArgs, check: bool) -> u8 {
    let config = match config::load(&args.config) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let targets = match config.targets() {
        Ok(targets) => targets,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let renderer = args.report.renderer();
    // Every path is checked before anything is read or written (path-outside-project).
    let confinement = if args.paths.allow_outside_project {
        Confinement::Anywhere
    } else {
        let project = config.project();
        let outside = config.paths_outside(&project);
        if !outside.is_empty() {
            report(&renderer, &outside, "; nothing was read or written");
            return REJECTED;
        }
        Confinement::Project(project.into())
    };
    let mut expected = Vec::with_capacity(targets.len());
    // Each expected catalog's records, for naming the tools a stale one moves.
    let mut compiled = Vec::with_capacity(targets.len());
    let mut refused = false;
    // A target's own options, with `--deny-warnings` applied to every input.
    let options_of = |deny_warnings: bool, surface: Surface| Options {
        deny_warnings: deny_warnings || args.report.deny_warnings,
        surface,
        ..Options::default()
    };
    for target in targets {
        let options = options_of(target.deny_warnings, target.surface);
        let compilation = compile::compile_file_in(&config.root.join(target.input.get_ref()), options, &confinement);
        let diagnostics = compilation.diagnostics.into_vec();
        eprint!("{}", renderer.render_all(&diagnostics));
        match compilation.catalog {
            Some(catalog) => {
                expected.push(Artifact {
                    path: target.output.get_ref().to_string_lossy().replace('\\', "/"),
                    contents: emit::canonical_json(&catalog, Layout::pretty_if(target.pretty)),
                });
                compiled.push(catalog);
            }
            None if compilation.unreadable => return USAGE,
            None => refused = true,
        }
    }
    // Each SDK is a folder of its own, which its drift check owns.
    let mut folders = Vec::with_capacity(config.sdks.len());
    for target in &config.sdks {
        let options = options_of(target.deny_warnings, target.surface);
        let input = config.root.join(target.input.get_ref());
        match sdk_files(&input, target.language, options, &confinement, &renderer) {
            Ok(files) => folders.push((config.root.join(target.output.get_ref()), files)),
            Err(USAGE) => return USAGE,
            Err(_) => refused = true,
        }
    }
    if refused {
        eprintln!("error: an input was refused; nothing was written");
        return REJECTED;
    }
    // `[lint] profiles`: `check` also lints every input against the client profiles,
    // and runs the closed-objects lint unless `[lint] closed_objects = false`.
    if check && (!config.lint.profiles.is_empty() || config.lint.closed_objects) {
        let profiles = match lint::parse_profiles(&config.lint.profiles) {
            Ok(profiles) => profiles,
            Err(_) if config.lint.profiles.is_empty() => Vec::new(),
            Err(e) => {
                eprintln!("error: {}: [lint] profiles: {e}", args.config.display());
                return USAGE;
            }
        };
        let inputs = config.inputs().unwrap_or_default();
        let mut lint_refused = false;
        for input in inputs {
            let options = options_of(false, Surface::Auto);
            let outcome = lint::lint_file(
                &input,
                options,
                &confinement,
                &profiles,
                config.lint.server.as_deref(),
                config.lint.closed_objects,
            );
            let linted =
                |d: &Diagnostic| d.profile.is_some() || d.code() == lint::closed_objects::OPEN_INPUT_OBJECT.code;
            let findings: Vec<Diagnostic> = outcome.diagnostics.into_iter().filter(linted).collect();
            eprint!("{}", renderer.render_all(&findings));
            lint_refused |= findings.iter().any(Diagnostic::is_error);
        }
        if lint_refused {
            eprintln!("error: a client profile of [lint] refuses a tool");
            return REJECTED;
        }
    }
    // `[[budget]]`: the tools each profile preloads must fit its budget.
    if check && !config.budgets.is_empty() {
        let mut over = false;
        for budget in &config.budgets {
            let input = config.root.join(budget.input.get_ref());
            let built = match index_file(&input, options_of(false, Surface::Auto), &confinement, &renderer) {
                Ok(built) => built,
                Err(code) => return code,
            };
            let limits = index::budget::Limits {
                preload: budget.preload.as_deref(),
                tokens: budget.tokens,
                bytes: budget.bytes,
            };
            let verdict = index::budget::check(&built.index, &limits);
            if let Some(message) = index::budget::message(&budget.name, &limits, &verdict) {
                eprintln!("error: {}: {message}", args.config.display());
                over = true;
            }
        }
        if over {
            return REJECTED;
        }
    }
    let bless = if args.config == Path::new(config::DEFAULT_CONFIG) {
        "harn-catalog gen".to_owned()
    } else {
        format!("harn-catalog gen --config {}", args.config.display())
    };
    let result = if check {
        let mut stale = false;
        let catalogs = drift::compare(&config.root, &expected, Owned::No).map(|findings| {
            if !findings.is_empty() {
                eprint!("{}", drift::report(&config.root, "generated catalogs", &findings, &bless));
                let fresh = |path: &str| expected.iter().position(|a| a.path == path).map(|k| &compiled[k]);
                eprint!("{}", drift::moved_contracts(&config.root, &findings, fresh));
                stale = true;
            }
        });
        catalogs
            .and_then(|()| {
                for (folder, files) in &folders {
                    let findings = sdk_drift(folder, files)?;
                    if !findings.is_empty() {
                        eprint!("{}", drift::report(folder, "the generated SDK's files", &findings, &bless));
                        stale = true;
                    }
                }
                Ok(())
            })
            .map(|()| if stale { REJECTED } else { OK })
    } else {
        // Every file of every output is staged before any is renamed into place.
        let everything: Vec<(PathBuf, &[Artifact])> = std::iter::once((config.root.clone(), expected.as_slice()))
            .chain(folders.iter().map(|(folder, files)| (folder.clone(), files.as_slice())))
            .collect();
        drift::write_all(&everything).map(|written| {
            for path in &written {
                println!("wrote {}", path.display());
            }
            if written.is_empty() {
                println!("{} catalogs and {} SDKs are up to date", expected.len(), folders.len());
            }
            OK
        })
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        USAGE
    })
}

fn protocol_artifacts(args: &ProtocolArgs) -> u8 {
    let version = args
        .artifact_version
        .clone()
        .unwrap_or_else(|| semver::Version::parse(env!("CARGO_PKG_VERSION")).expect("the crate version is semver"));
    let expected = artifacts::protocol_artifacts(&version);
    let root = &args.output_dir;
    let findings = match drift::compare(root, &expected, Owned::Yes) {
        Ok(findings) => findings,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    if args.check {
        if findings.is_empty() {
            return OK;
        }
        eprint!("{}", drift::report(root, "protocol artifacts", &findings, artifacts::GENERATE_COMMAND));
        return REJECTED;
    }
    let owned = artifacts::generated_folder(root);
    let remove: Vec<String> = findings
        .iter()
        .filter(|f| owned && matches!(f, Finding::Unexpected { .. }))
        .map(|f| f.path().to_owned())
        .collect();
    match drift::write(root, &expected, &remove) {
        Ok(written) => {
            for path in &written {
                println!("wrote {}", root.join(path).display());
            }
            for path in &remove {
                println!("removed {}", root.join(path).display());
            }
            if written.is_empty() && remove.is_empty() {
                println!("{} is up to date", root.display());
            }
            OK
        }
        Err(e) => {
            eprintln!("error: cannot write the protocol artifacts to {}: {e}", root.display());
            USAGE
        }
    }
}

/// One comparison of `diff`: where OLD and NEW come from.
struct DiffPair {
    /// OLD: a file, or a file at a revision (`None`: it did not exist then).
    old: OldSide,
    new: PathBuf,
}

enum OldSide {
    File(PathBuf),
    AtRevision { revision: String, path: PathBuf },
}

/// `diff`: compile both sides of each pair, compare, mark accepted changes, print;
/// exit 1 when a breaking change is not accepted.
fn compare(args: &DiffArgs) -> u8 {
    let config = match config::load_if_present(&args.config) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let pairs = match (&args.against, args.files.as_slice()) {
        (None, [old, new]) => vec![DiffPair { old: OldSide::File(old.clone()), new: new.clone() }],
        (None, _) => {
            eprintln!("error: diff needs OLD and NEW, or --against REV with one FILE or none");
            return USAGE;
        }
        (Some(revision), [file]) => {
            vec![DiffPair {
                old: OldSide::AtRevision { revision: revision.clone(), path: file.clone() },
                new: file.clone(),
            }]
        }
        (Some(revision), []) => {
            let Some(config) = &config else {
                eprintln!(
                    "error: --against without FILE diffs every input of {}, which does not exist",
                    args.config.display()
                );
                return USAGE;
            };
            let inputs = match config.inputs() {
                Ok(inputs) => inputs,
                Err(e) => {
                    eprintln!("error: {e}");
                    return USAGE;
                }
            };
            inputs
                .into_iter()
                .map(|path| DiffPair {
                    old: OldSide::AtRevision { revision: revision.clone(), path: path.clone() },
                    new: path,
                })
                .collect()
        }
        (Some(_), _) => {
            eprintln!("error: with --against, diff takes one FILE (or none, for every input of the configuration)");
            return USAGE;
        }
    };
    let options = Options { scopes: args.module.scopes, ..diff::options(args.module.surface) };
    let renderer = Renderer::new(ErrorFormat::Human, args.color.enabled(&std::io::stderr()));
    let mut changes: Vec<Change> = Vec::new();
    for pair in &pairs {
        // The two sides are compiled at once: on a large catalog each takes most of a run.
        let compile_old = || match &pair.old {
            OldSide::File(path) => Ok(Some(compile::compile_file_in(path, options, &args.paths.confinement()))),
            OldSide::AtRevision { revision, path } => {
                diff::git::compile_at(revision, path, options, &args.paths.confinement())
            }
        };
        let (old, new) =
            rayon::join(compile_old, || compile::compile_file_in(&pair.new, options, &args.paths.confinement()));
        let old = match old {
            Ok(old) => old,
            Err(e) => {
                eprintln!("error: {e}");
                return USAGE;
            }
        };
        for refused in old.iter().chain([&new]).filter(|c| c.catalog.is_none()) {
            report(&renderer, refused.diagnostics.as_slice(), "; nothing was compared");
        }
        let empty = ToolCatalog::empty();
        let old_side = match &old {
            Some(old) => Compared::of(old),
            None => Some(Compared { catalog: &empty, provenance: None }),
        };
        let (Some(old_side), Some(new_side)) = (old_side, Compared::of(&new)) else {
            return USAGE;
        };
        changes.extend(diff::diff(&old_side, &new_side));
        // The process ends soon: freeing two large catalogs piece by piece would only
        // cost time (a tenth of a run on 10,000 tools).
        std::mem::forget((old, new));
    }
    let accepted = config.as_ref().map_or(&[][..], |c| c.accepted.as_slice());
    let unused = diff::accept::apply(&mut changes, accepted);
    let report = diff::Report { changes: &changes, unused: &unused, config: config.as_ref().map(|c| &*c.source) };
    let code = print(&report.render(args.format, args.color.enabled(&std::io::stdout())));
    if code != OK {
        return code;
    }
    if args.accept {
        let tables = diff::accept::tables(&changes, &args.reason);
        if !tables.is_empty() {
            if let Err(e) = diff::accept::append(&args.config, &tables) {
                eprintln!("error: cannot write {}: {e}", args.config.display());
                return USAGE;
            }
            let count = changes.iter().filter(|c| c.fails()).count();
            eprintln!("accepted {count} breaking change(s) in {}", args.config.display());
            return OK;
        }
    }
    if changes.iter().any(Change::fails) { REJECTED } else { OK }
}

fn report(renderer: &Renderer, diagnostics: &[Diagnostic], outcome: &str) {
    let mut text = renderer.render_all(diagnostics);
    text.extend(renderer.summary(diagnostics, outcome));
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

fn rule_table(markdown: bool) -> String {
    let rules = all_rules();
    let diff_rules = all_diff_rules();
    let mut out = String::new();
    if markdown {
        out.push_str("# Rules\n\nGenerated by `harn-catalog rules --markdown`; do not edit.\n\n");
        out.push_str("| code | phase | severity | refuses |\n|---|---|---|---|\n");
        for rule in &rules {
            out.push_str(&format!(
                "| [`{}`](#{}) | {} | {} | {} |\n",
                rule.code,
                rule.code,
                rule.phase.as_str(),
                rule.severity.as_str(),
                rule.summary.replace('|', "\\|")
            ));
        }
        out.push_str("\n## Client profiles\n\nThe profiles of `harn-catalog lint --profile` and `mcp --profile`, and the rules each runs (phase `profile`).\n\n");
        out.push_str(&lint::profiles::markdown());
        out.push_str(
            "\n## Diff rules\n\nThe changes `harn-catalog diff` reports, with their level on each side of a tool.\n\n",
        );
        out.push_str("| code | levels | reports |\n|---|---|---|\n");
        for rule in &diff_rules {
            out.push_str(&format!(
                "| [`{}`](#{}) | {} | {} |\n",
                rule.code,
                rule.code,
                rule.levels_text(),
                rule.summary.replace('|', "\\|")
            ));
        }
        for rule in &rules {
            out.push_str(&format!("\n## {}\n\n{}\n", rule.code, demote_headings(&rule.documentation())));
        }
        for rule in &diff_rules {
            out.push_str(&format!("\n## {}\n\n{}\n", rule.code, demote_headings(&rule.documentation())));
        }
    } else {
        let width =
            rules.iter().map(|r| r.code.len()).chain(diff_rules.iter().map(|r| r.code.len())).max().unwrap_or(0);
        for rule in &rules {
            out.push_str(&format!(
                "{:width$}  {:8}  {:7}  {}\n",
                rule.code,
                rule.phase.as_str(),
                rule.severity.as_str(),
                rule.summary
            ));
        }
        for rule in &diff_rules {
            out.push_str(&format!("{:width$}  {:8}  {}: {}\n", rule.code, "diff", rule.summary, rule.levels_text()));
        }
    }
    out
}

/// Rule docs use `##` sections; under a rule's own `##` heading they become `###`.
fn demote_headings(doc: &str) -> String {
    doc.lines().map(|l| if l.starts_with('#') { format!("#{l}") } else { l.to_owned() }).collect::<Vec<_>>().join("\n")
}
