//! `harn-catalog gen`: every catalog and SDK a configuration lists, compiled and
//! written where it changed (every file staged before any is renamed into place);
//! with `check`, the same compiled in memory and compared with what is committed,
//! the configuration's `[lint]` and `[[budget]]` checks after.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod servers;

use super::lint::Linted;
use super::{Mode, Outcome, Run, RunArgs, index, sdk};
use crate::compile::{self, Options};
use crate::config::{self, CatalogSource, Config};
use crate::contract::ToolCatalog;
use crate::diagnostics::{Diagnostic, Failed, Log, Renderer};
use crate::drift::{self, Owned};
use crate::emit::{self, Layout, artifacts::Artifact};
use crate::ingest::InputFile;
use crate::ingest::harn::Surface;
use crate::lint;
use crate::paths::Confinement;

#[derive(clap::Args, Clone, Debug)]
#[command(mut_arg("quiet", |arg| arg.help(
    "Print errors only: no warnings or notes, and `gen` names no file written (nor says \
     all are up to date); what `check` finds stale is printed with its diff. The exit \
     code is the same"
)))]
pub struct Request {
    /// The configuration listing inputs and outputs.
    #[arg(long, value_name = "FILE", default_value = config::DEFAULT_CONFIG)]
    pub config: PathBuf,
    /// Start each MCP server a `[[catalog]]` names (`server`, `url`) and list its tools:
    /// `gen` writes them as the catalog (the snapshot to commit), `check` reports each
    /// change from the committed snapshot with the `diff` rules. Without it no process
    /// starts, and those catalogs are skipped, by name.
    #[arg(long)]
    pub run_servers: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        outputs(self, Mode::Write, log).into()
    }
}

/// `gen` and `check`: the catalogs and SDKs listed in the configuration. Writing, the
/// text names each file written (or says all are up to date), unless `--quiet`;
/// checking, a stale output is [`Failed::Refused`] with its diff logged.
pub(super) fn outputs(request: &Request, mode: Mode, log: &mut Log<'_>) -> Result<String, Failed> {
    let config = config::load(&request.config).map_err(|e| log.fail(Failed::Unusable, e))?;
    let confinement = confine(&config, request.run.paths.allow_outside_project, log)?;
    let run = Generation { request, config: &config, confinement };
    let catalogs = run.catalogs(log);
    if catalogs.as_ref().err() == Some(&Failed::Unusable) {
        return Err(Failed::Unusable);
    }
    let (catalogs, sdks) = match (catalogs, run.sdks(log)) {
        (Ok(catalogs), Ok(sdks)) => (catalogs, sdks),
        (_, Err(Failed::Unusable)) => return Err(Failed::Unusable),
        _ => return Err(log.fail(Failed::Refused, "an input was refused; nothing was written")),
    };
    if mode == Mode::Write {
        let written = run.write(&catalogs, &sdks).map_err(|e| log.fail(Failed::Unusable, e))?;
        return Ok(if request.run.quiet() { String::new() } else { written });
    }
    run.lint(log)?;
    run.budgets(log)?;
    run.drift(&catalogs, &sdks, log)
}

/// Where the configuration's paths may lead: anywhere when the user allows it, else
/// its project, every path checked before anything is read or written
/// (`path-outside-project`).
fn confine(config: &Config, allow_outside_project: bool, log: &mut Log<'_>) -> Result<Confinement, Failed> {
    if allow_outside_project {
        return Ok(Confinement::Anywhere);
    }
    let project = config.project();
    let outside = config.paths_outside(&project);
    if !outside.is_empty() {
        log.report(&outside, "; nothing was read or written");
        return Err(Failed::Refused);
    }
    Ok(Confinement::Project(project.into()))
}

/// One run of `gen` or `check` over a configuration.
struct Generation<'a> {
    request: &'a Request,
    config: &'a Config,
    confinement: Confinement,
}

/// The catalogs to write, and each one's records, for naming the tools a stale one
/// moves; the servers' apart, which `check` compares change by change.
struct Catalogs {
    expected: Vec<Artifact>,
    compiled: Vec<ToolCatalog>,
    servers: Vec<servers::Live>,
}

/// Each SDK: its folder, which its drift check owns, and its files.
type Sdks = Vec<(PathBuf, Vec<Artifact>)>;

impl Generation<'_> {
    /// A target's own options, with `--deny-warnings` applied to every input.
    fn options(&self, deny_warnings: bool, surface: Surface) -> Options {
        Options { deny_warnings: deny_warnings || self.request.run.report.deny_warnings, surface, ..Options::default() }
    }

    /// Every `[[catalog]]` compiled, its diagnostics logged; refused when one input
    /// was (after all are compiled, so that one run shows every refusal). A server's
    /// catalog is listed live with `--run-servers`, else skipped (and said so).
    fn catalogs(&self, log: &mut Log<'_>) -> Result<Catalogs, Failed> {
        let targets = self.config.targets().map_err(|e| log.fail(Failed::Unusable, e))?;
        let mut catalogs = Catalogs { expected: Vec::new(), compiled: Vec::new(), servers: Vec::new() };
        let mut refused = false;
        for target in targets {
            let options = self.options(target.deny_warnings, target.surface);
            let compilation = match target.source() {
                CatalogSource::Input(input) => {
                    compile::compile_file_in(&self.config.root.join(input), options, &self.confinement)
                }
                _ if !self.request.run_servers => {
                    let name = target.server_name().unwrap_or_default();
                    log.info(&format!(
                        "note: skipped the catalog of the server `{name}` ({}): pass --run-servers to start it\n",
                        target.output.get_ref().display()
                    ));
                    continue;
                }
                _ => servers::compile(target, &self.config.root, options, log)?,
            };
            log.diagnostics(compilation.diagnostics.as_slice());
            match compilation.result {
                Ok(compiled) => {
                    let catalog = compiled.catalog;
                    let artifact = Artifact {
                        path: target.output.get_ref().to_string_lossy().replace('\\', "/"),
                        contents: emit::canonical_json(&catalog, Layout::pretty_if(target.pretty)),
                    };
                    if let Some(name) = target.server_name() {
                        catalogs.servers.push(servers::Live { name, artifact, catalog });
                    } else {
                        catalogs.expected.push(artifact);
                        catalogs.compiled.push(catalog);
                    }
                }
                Err(Failed::Unusable) => return Err(Failed::Unusable),
                Err(Failed::Refused) => refused = true,
            }
        }
        if refused { Err(Failed::Refused) } else { Ok(catalogs) }
    }

    /// Every `[[sdk]]` rendered, as [`Generation::catalogs`].
    fn sdks(&self, log: &mut Log<'_>) -> Result<Sdks, Failed> {
        let mut folders = Vec::with_capacity(self.config.sdks.len());
        let mut refused = false;
        for target in &self.config.sdks {
            let options = self.options(target.deny_warnings, target.surface);
            let input = InputFile::Path(self.config.root.join(target.input.get_ref()));
            match sdk::files(&input, (target.language, target.name.as_deref()), options, &self.confinement, log) {
                Ok(files) => folders.push((self.config.root.join(target.output.get_ref()), files)),
                Err(Failed::Unusable) => return Err(Failed::Unusable),
                Err(Failed::Refused) => refused = true,
            }
        }
        if refused { Err(Failed::Refused) } else { Ok(folders) }
    }

    /// `[lint] profiles`: `check` also lints every input, on the surface its target
    /// compiles, against the client profiles, and runs the closed-objects lint unless
    /// `[lint] closed_objects = false`.
    fn lint(&self, log: &mut Log<'_>) -> Result<(), Failed> {
        let settings = &self.config.lint;
        if settings.profiles.is_empty() && !settings.closed_objects {
            return Ok(());
        }
        let config_path = self.request.config.display();
        let profiles = lint::profiles_to_run(&settings.profiles, settings.closed_objects)
            .map_err(|e| log.fail(Failed::Unusable, format!("{config_path}: [lint] profiles: {e}")))?;
        let mut refused = false;
        for input in self.config.inputs().unwrap_or_default() {
            let options = self.options(false, input.surface);
            let server = settings.server.as_deref();
            let linted = Linted::of(
                &InputFile::Path(input.path),
                options,
                &self.confinement,
                &profiles,
                server,
                settings.closed_objects,
            );
            let found = |d: &Diagnostic| {
                d.profile.is_some() || d.code() == lint::rules::open_input_object::OPEN_INPUT_OBJECT.code
            };
            let findings: Vec<Diagnostic> = linted.diagnostics.into_iter().filter(found).collect();
            log.diagnostics(&findings);
            refused |= findings.iter().any(Diagnostic::is_error);
        }
        if refused {
            return Err(log.fail(Failed::Refused, "a client profile of [lint] refuses a tool"));
        }
        Ok(())
    }

    /// `[[budget]]`: the tools each profile preloads must fit its budget.
    fn budgets(&self, log: &mut Log<'_>) -> Result<(), Failed> {
        let mut over = false;
        for budget in &self.config.budgets {
            let input = InputFile::Path(self.config.root.join(budget.input.get_ref()));
            let indexed = index::Indexed::of(&input, self.options(false, Surface::Auto), &self.confinement);
            let built = log.outcome(&indexed.diagnostics, indexed.built)?;
            let limits = crate::index::budget::Limits {
                preload: budget.preload.as_deref(),
                tokens: budget.tokens,
                bytes: budget.bytes,
            };
            let verdict = crate::index::budget::check(&built.index, &limits);
            if let Some(message) = crate::index::budget::message(&budget.name, &limits, &verdict) {
                log.error(format!("{}: {message}", self.request.config.display()));
                over = true;
            }
        }
        if over { Err(Failed::Refused) } else { Ok(()) }
    }

    /// The command that writes the outputs afresh.
    fn bless(&self) -> String {
        if self.request.config == Path::new(config::DEFAULT_CONFIG) {
            "harn-catalog gen".to_owned()
        } else {
            format!("harn-catalog gen --config {}", self.request.config.display())
        }
    }

    /// `check`: every output compared with what is on disk, each stale one's diff
    /// logged (and the tools a stale catalog moves named).
    fn drift(&self, catalogs: &Catalogs, sdks: &Sdks, log: &mut Log<'_>) -> Result<String, Failed> {
        let root = &self.config.root;
        let unusable = |log: &mut Log<'_>, e: std::io::Error| log.fail(Failed::Unusable, e);
        let findings = drift::compare(root, &catalogs.expected, Owned::No).map_err(|e| unusable(log, e))?;
        let mut stale = !findings.is_empty();
        if stale {
            log.text(&drift::report(root, "generated catalogs", &findings, &self.bless()));
            let fresh =
                |path: &str| catalogs.expected.iter().position(|a| a.path == path).map(|k| &catalogs.compiled[k]);
            log.text(&drift::moved_contracts(root, &findings, fresh));
        }
        for live in &catalogs.servers {
            stale |= servers::changed(root, live, &format!("{} --run-servers", self.bless()), log);
        }
        for (folder, files) in sdks {
            let findings = sdk::drift(folder, files).map_err(|e| unusable(log, e))?;
            if !findings.is_empty() {
                log.text(&drift::report(folder, "the generated SDK's files", &findings, &self.bless()));
                stale = true;
            }
        }
        if stale { Err(Failed::Refused) } else { Ok(String::new()) }
    }

    /// `gen`: every file of every output staged before any is renamed into place; the
    /// text names each file written, or says all are up to date.
    fn write(&self, catalogs: &Catalogs, sdks: &Sdks) -> Result<String, std::io::Error> {
        let root = self.config.root.as_path();
        let servers = catalogs.servers.iter().map(|live| &live.artifact);
        let catalogs_written = catalogs.expected.iter().chain(servers).map(|file| (root, file));
        let sdks_written =
            sdks.iter().flat_map(|(folder, files)| files.iter().map(move |file| (folder.as_path(), file)));
        let written = emit::write::write_all(catalogs_written.chain(sdks_written))?;
        let mut out = String::new();
        for path in &written {
            let _ = writeln!(out, "wrote {}", path.display());
        }
        if written.is_empty() {
            let _ = writeln!(out, "{} catalogs and {} SDKs are up to date", catalogs.expected.len(), sdks.len());
        }
        Ok(out)
    }
}
