//! `harn-catalog diff` end to end: which catalogs to compare (OLD and NEW, or files
//! against a git revision: one, or every input of the configuration), both sides of
//! each compiled at once, their changes found and the accepted ones marked, the report
//! printed; refused when a breaking change is not accepted.

mod git;

use std::path::{Path, PathBuf};

use super::{Color, ModuleArgs, Outcome, PathArgs, Run, UsageError};
use crate::compile::{self, Compilation, Options};
use crate::config::{self, Config};
use crate::contract::ToolCatalog;
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use crate::diff::{self, Accepted, Change, Compared, DiffFormat, Named, Report, accept};
use crate::ingest::InputFile;
use crate::ingest::harn::Surface;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// OLD and NEW (registry declarations, .harn modules or catalogs); with --against,
    /// the one file to compare with its old version, or none for every input of the
    /// configuration. `-` reads one of them from standard input (name it with
    /// --stdin-filename; with --against, that name is the file whose old version it
    /// is compared with).
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<PathBuf>,
    /// Take OLD from this git revision (`git show REV:FILE`; nothing is checked out).
    #[arg(long, value_name = "REV")]
    pub against: Option<String>,
    /// How to print the changes on stdout.
    #[arg(long, value_enum, default_value = "human")]
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
    /// When to colour human output (auto: on a terminal, unless NO_COLOR is set;
    /// CLICOLOR_FORCE colours it elsewhere too).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Print errors only on stderr (not the count of changes --accept recorded); the
    /// report on stdout is the command's output and is printed whole, and the exit
    /// code is the same.
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub paths: PathArgs,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, self.color.enabled(&std::io::stderr()))
    }

    fn quiet(&self) -> bool {
        self.quiet
    }

    /// Prints the report; refused when a breaking change is not accepted (or, with
    /// `--accept`, recorded and passed).
    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let diffed = match compare(self, log) {
            Ok(diffed) => diffed,
            Err(failed) => return Outcome::failed(failed),
        };
        let mut outcome = Outcome::text(diffed.render(self.format, self.color.enabled(&std::io::stdout())));
        let accepted = if self.accept { diffed.accept(&self.config, &self.reason, log) } else { Ok(false) };
        outcome.ended = match accepted {
            Ok(true) => Ok(()),
            Ok(false) if diffed.fails() => Err(Failed::Refused),
            Ok(false) => Ok(()),
            Err(failed) => Err(failed),
        };
        outcome.leaving(diffed.compiled)
    }
}

/// How `diff` compiles each side of a file read on `surface`: every tool kept,
/// whatever its audiences (each audience is a contract with someone), through the
/// catalog phase, whose checks define the catalog. The prepare phase's checks of the
/// generated CLI and the MCP projection are `schema`'s and `check`'s: a diff compares
/// contracts, and on two large catalogs that phase is an eighth of its time.
pub fn options(surface: Surface) -> Options {
    Options { surface, every_audience: true, catalog_phase_only: true, ..Options::default() }
}

/// The catalog a compilation produced, with its provenance, as one side of a
/// comparison; `None` when it was refused.
pub fn side(compilation: &Compilation) -> Option<Compared<'_>> {
    let compiled = compilation.compiled()?;
    Some(Compared { catalog: &compiled.catalog, provenance: Some(&compiled.provenance) })
}

/// What a diff run found.
pub struct Diffed {
    /// Every change of every pair, the accepted ones marked with their reason.
    pub changes: Vec<Change>,
    /// The accepted fingerprints that matched no change.
    pub unused: Vec<Accepted>,
    /// The configuration, when it exists.
    pub config: Option<Config>,
    /// Both sides of every pair, compiled.
    pub compiled: Vec<Compilation>,
    /// What each pair compared, for the head of the Markdown report.
    pub compared: Vec<(Named, Named)>,
}

/// One comparison: where OLD and NEW come from, and the surface both are read on.
struct Pair {
    old: OldSide,
    new: InputFile,
    surface: Surface,
}

enum OldSide {
    File(InputFile),
    AtRevision { revision: String, path: PathBuf },
}

/// Compiles both sides of each pair the request names, compares them and marks the
/// changes the configuration accepts. Diagnostics of a refused side are logged, and
/// stop the run as a usage error: there is nothing to compare.
fn compare(request: &Request, log: &mut Log<'_>) -> Result<Diffed, Failed> {
    let config = config::load_if_present(&request.config).map_err(|e| log.fail(Failed::Unusable, e))?;
    let pairs = pairs(request, config.as_ref(), log)?;
    let confinement = &request.paths.confinement();
    let mut changes: Vec<Change> = Vec::new();
    let mut compiled = Vec::with_capacity(2 * pairs.len());
    let mut compared = Vec::with_capacity(pairs.len());
    for pair in &pairs {
        let options = Options { scopes: request.module.scopes, ..options(pair.surface) };
        // The two sides are compiled at once: on a large catalog each takes most of a run.
        let compile_old = || match &pair.old {
            OldSide::File(input) => Ok(Some(compile::compile_input(input, options, confinement))),
            OldSide::AtRevision { revision, path } => git::compile_at(revision, path, options, confinement),
        };
        let (old, new) = rayon::join(compile_old, || compile::compile_input(&pair.new, options, confinement));
        let old = old.map_err(|e| log.fail(Failed::Unusable, e))?;
        for refused in old.iter().chain([&new]).filter(|c| c.result.is_err()) {
            log.report(refused.diagnostics.as_slice(), "; nothing was compared");
        }
        let empty = ToolCatalog::empty();
        let old_side = match &old {
            Some(old) => side(old),
            None => Some(Compared { catalog: &empty, provenance: None }),
        };
        let (Some(old_side), Some(new_side)) = (old_side, side(&new)) else {
            return Err(Failed::Unusable);
        };
        changes.extend(diff::diff(&old_side, &new_side));
        let old_source = match &pair.old {
            OldSide::File(input) => input.path().display().to_string(),
            OldSide::AtRevision { revision, path } => format!("{revision}:{}", path.display()),
        };
        compared.push((
            Named::of(old_source, old_side.catalog),
            Named::of(pair.new.path().display().to_string(), new_side.catalog),
        ));
        // Handed back rather than freed here: on a large catalog that is a tenth of a
        // run, which a caller that ends next may skip.
        compiled.extend(old);
        compiled.push(new);
    }
    let accepted = config.as_ref().map_or(&[][..], |c| c.accepted.as_slice());
    let unused = accept::apply(&mut changes, accepted).into_iter().cloned().collect();
    Ok(Diffed { changes, unused, config, compiled, compared })
}

/// The pairs `request` names; a usage error (logged) when its arguments do not fit.
fn pairs(request: &Request, config: Option<&Config>, log: &mut Log<'_>) -> Result<Vec<Pair>, Failed> {
    let surface = request.module.surface;
    let module = &request.module;
    let usage = |log: &mut Log<'_>, e| log.fail(Failed::Unusable, e);
    Ok(match (request.against.as_deref(), request.files.as_slice()) {
        (None, [old, new]) => {
            let [old, new] = module.inputs([old.as_path(), new.as_path()]).map_err(|e| usage(log, e))?;
            vec![Pair { old: OldSide::File(old), new, surface }]
        }
        (None, _) => {
            return Err(log.fail(Failed::Unusable, "diff needs OLD and NEW, or --against REV with one FILE or none"));
        }
        (Some(revision), [file]) => {
            let [new] = module.inputs([file.as_path()]).map_err(|e| usage(log, e))?;
            // Standard input is compared with the file its name stands for, as it was.
            let path = match &new {
                InputFile::Stdin { name: None, .. } => {
                    return Err(usage(
                        log,
                        UsageError::new(
                            "with --against, standard input is compared with an old version of the file it \
                             stands for, which has no name",
                            "name that file with --stdin-filename PATH (its path in the work tree)",
                        ),
                    ));
                }
                _ => new.path().to_path_buf(),
            };
            vec![Pair { old: OldSide::AtRevision { revision: revision.to_owned(), path }, new, surface }]
        }
        (Some(revision), []) => {
            let [] = module.inputs([]).map_err(|e| usage(log, e))?;
            let Some(config) = config else {
                return Err(log.fail(
                    Failed::Unusable,
                    format!(
                        "--against without FILE diffs every input of {}, which does not exist",
                        request.config.display()
                    ),
                ));
            };
            let inputs = config.inputs().map_err(|e| log.fail(Failed::Unusable, e))?;
            // A server's tools are its committed snapshot: the catalog its target writes.
            let snapshots = config
                .catalogs
                .iter()
                .filter(|t| t.server_name().is_some())
                .map(|t| config::Input { path: config.root.join(t.output.get_ref()), surface: t.surface });
            // Each input on the surface its target compiles, whatever `--surface` says.
            inputs
                .into_iter()
                .chain(snapshots)
                .map(|input| Pair {
                    old: OldSide::AtRevision { revision: revision.to_owned(), path: input.path.clone() },
                    new: InputFile::Path(input.path),
                    surface: input.surface,
                })
                .collect()
        }
        (Some(_), _) => {
            return Err(log.fail(
                Failed::Unusable,
                "with --against, diff takes one FILE (or none, for every input of the configuration)",
            ));
        }
    })
}

impl Diffed {
    /// The report of every change in `format`.
    pub fn render(&self, format: DiffFormat, color: bool) -> String {
        let unused: Vec<&Accepted> = self.unused.iter().collect();
        let report = Report {
            compared: &self.compared,
            changes: &self.changes,
            unused: &unused,
            config: self.config.as_ref().map(|c| &*c.source),
        };
        report.render(format, color)
    }

    /// `--accept`: appends the breaking changes not yet accepted to the configuration at
    /// `path` with `reason` (logging how many); whether there were any.
    pub fn accept(&self, path: &Path, reason: &str, log: &mut Log<'_>) -> Result<bool, Failed> {
        let tables = accept::tables(&self.changes, reason);
        if tables.is_empty() {
            return Ok(false);
        }
        accept::append(path, &tables)
            .map_err(|e| log.fail(Failed::Unusable, format!("cannot write {}: {e}", path.display())))?;
        let count = self.changes.iter().filter(|c| c.fails()).count();
        log.info(&format!("accepted {count} breaking change(s) in {}\n", path.display()));
        Ok(true)
    }

    /// Whether a breaking change is not accepted.
    pub fn fails(&self) -> bool {
        self.changes.iter().any(Change::fails)
    }
}
