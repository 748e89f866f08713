//! The `harn-catalog` command line: parse arguments, call the library, print, and map
//! the outcome to an exit code (0 success, 1 rejected input, 2 usage or unreadable
//! input; spec/decisions.md 12).

mod args;

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use harn_catalog::compile::{self, Options};
use harn_catalog::config;
use harn_catalog::contract::ToolCatalog;
use harn_catalog::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use harn_catalog::diff;
use harn_catalog::docs;
use harn_catalog::emit::{self, Layout};
use harn_catalog::generate::{self, Mode};
use harn_catalog::import;
use harn_catalog::index::{self, search::FileError};
use harn_catalog::lint;
use harn_catalog::project::{CliArguments, McpDocuments, Prepared, cli, mcp};

use args::{
    Cli, Command, CompletionsArgs, ConfigArgs, DiffArgs, ImportArgs, ImportSource, IndexArgs, IndexInput, InspectArgs,
    LintArgs, McpArgs, PhaseArg, ProtocolArgs, RunArgs, SchemaArgs, SdkArgs, SearchArgs, StatsArgs,
};

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

fn main() -> ExitCode {
    harn_catalog::process::tune_for_a_short_run();
    let cli = Cli::parse();
    // Inputs are bounded in depth, but the schema compiler and the serialisers recurse:
    // a generous stack keeps every bounded input far from its end.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || {
        // The thread is worker 0 of the pool the command's parallel parts use, so that
        // it takes part in them rather than wake the pool and sleep until they are done.
        // Without the pool (a thread it could not start), they run on rayon's default.
        let _ = rayon::ThreadPoolBuilder::new().use_current_thread().build_global();
        run(cli)
    });
    let ran = worker.ok().and_then(|handle| handle.join().ok());
    match ran {
        Some(code) => ExitCode::from(code),
        None => {
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
    compilation.into_prepared(&mut stderr(&run.renderer())).map_err(exit_code)
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
    let mapped = index::search::map(&args.input.file);
    let bytes: &[u8] = mapped.as_deref().unwrap_or_default();
    let limit = usize::from(args.limit);
    let (query, cursor) = (args.query.as_str(), args.cursor.as_deref());
    let built;
    let found = match index::search::search_file(bytes, query, limit, cursor) {
        Some(Ok(page)) => Ok(page),
        Some(Err(FileError::BadCursor)) => Err(index::search::BadCursor),
        Some(Err(FileError::Invalid(e))) => {
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
    let profiles = match lint::profiles_to_run(&args.profile, args.closed_objects) {
        Ok(profiles) => profiles,
        Err(e) => {
            eprintln!("error: {e}");
            return USAGE;
        }
    };
    let confinement = args.run.confinement();
    let server = args.server.as_deref();
    let options = args.run.options(args.module.options());
    let outcome = lint::lint_file(&args.file, options, &confinement, &profiles, server, args.closed_objects);
    stderr(&args.run.renderer()).report(&outcome.diagnostics, "");
    outcome.failed().map_or(OK, exit_code)
}

fn completions(args: &CompletionsArgs) -> u8 {
    let Some(file) = &args.file else {
        let mut script = Vec::new();
        clap_complete::generate(args.shell, &mut Cli::command(), "harn-catalog", &mut script);
        return print(&String::from_utf8_lossy(&script));
    };
    let options = Options { cli_arguments: CliArguments::Keep, ..args.module.options() };
    let prepared = match prepared(file, options, &args.run) {
        Ok(prepared) => prepared,
        Err(code) => return code,
    };
    match cli::command::completions(&prepared, args.shell) {
        Ok(script) => print(&script),
        Err(message) => {
            eprintln!("error: {message}");
            REJECTED
        }
    }
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
