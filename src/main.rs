//! The `harn-catalog` command line: parse arguments, call the library, print, and map
//! the outcome to an exit code (0 success, 1 rejected input, 2 usage or unreadable
//! input; DECISIONS.md 12).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use harn_catalog::compile::{self, Options};
use harn_catalog::diagnostics::{Diagnostic, ErrorFormat, Renderer, all_rules};
use harn_catalog::emit;

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
    /// The registry declaration or catalog to compile.
    file: PathBuf,
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
    report: ReportArgs,
}

#[derive(clap::Args)]
struct ReportArgs {
    /// How to print diagnostics on stderr.
    #[arg(long, value_enum, default_value_t = ErrorFormat::Human)]
    format: ErrorFormat,
    /// Treat warnings as errors.
    #[arg(long)]
    deny_warnings: bool,
    /// When to colour human diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
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

impl ReportArgs {
    fn renderer(&self) -> Renderer {
        let color = match self.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        };
        Renderer::new(self.format, color)
    }
}

fn main() -> ExitCode {
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
            None => {
                eprintln!("error: no rule has the code {code:?}; `harn-catalog rules` lists them");
                USAGE
            }
        },
    }
}

fn schema(args: &SchemaArgs) -> u8 {
    let options = Options {
        deny_warnings: args.report.deny_warnings,
        catalog_phase_only: matches!(args.phase, PhaseArg::Catalog),
    };
    let compilation = compile::compile_file(&args.file, options);
    let renderer = args.report.renderer();
    let diagnostics = compilation.diagnostics.into_vec();
    let Some(catalog) = compilation.catalog else {
        report(&renderer, &diagnostics, "; no catalog was written");
        return if compilation.unreadable { USAGE } else { REJECTED };
    };
    report(&renderer, &diagnostics, "");
    let text = emit::canonical_json(&catalog, args.pretty);
    match &args.output {
        Some(path) => {
            if let Err(e) = emit::write_atomically(path, text.as_bytes()) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return USAGE;
            }
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).is_err() {
                return USAGE;
            }
        }
    }
    OK
}

fn report(renderer: &Renderer, diagnostics: &[Diagnostic], outcome: &str) {
    let mut stderr = std::io::stderr().lock();
    for diagnostic in diagnostics {
        let _ = stderr.write_all(renderer.render(diagnostic).as_bytes());
    }
    if let Some(summary) = renderer.summary(diagnostics, outcome) {
        let _ = stderr.write_all(summary.as_bytes());
    }
}

fn rule_table(markdown: bool) -> String {
    let rules = all_rules();
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
        for rule in &rules {
            out.push_str(&format!("\n## {}\n\n{}\n", rule.code, demote_headings(&rule.documentation())));
        }
    } else {
        let width = rules.iter().map(|r| r.code.len()).max().unwrap_or(0);
        for rule in &rules {
            out.push_str(&format!(
                "{:width$}  {:8}  {:7}  {}\n",
                rule.code,
                rule.phase.as_str(),
                rule.severity.as_str(),
                rule.summary
            ));
        }
    }
    out
}

/// Rule docs use `##` sections; under a rule's own `##` heading they become `###`.
fn demote_headings(doc: &str) -> String {
    doc.lines().map(|l| if l.starts_with('#') { format!("#{l}") } else { l.to_owned() }).collect::<Vec<_>>().join("\n")
}
