//! Generated outputs, written or checked for drift: the catalogs and SDK folders a
//! configuration lists (`gen`, and `check` with its `[lint]` and `[[budget]]` checks),
//! one SDK folder (`sdk`), and the protocol artifacts (`protocol-artifacts`).
//!
//! It compiles through [`compile`], lints through [`lint`], budgets through
//! [`index`], renders through [`emit`] and compares or writes through [`drift`]: it
//! sits above all of them. Messages go to a [`Log`]; a run that cannot finish says how
//! it [`Failed`]; what a run that finishes hands back is the text for stdout.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::compile::{self, Options};
use crate::config;
use crate::diagnostics::{Diagnostic, Failed, Log};
use crate::drift::{self, Finding, Owned};
use crate::emit::sdk::{self, Language};
use crate::emit::{self, Layout, artifacts, artifacts::Artifact};
use crate::index;
use crate::ingest::harn::Surface;
use crate::lint;
use crate::paths::Confinement;

/// Whether a run writes its outputs or checks the committed ones for drift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Write,
    Check,
}

/// `gen` and `check`: the catalogs and SDKs listed in the configuration at
/// `config_path`. Writing, the text names each file written (or says all are up to
/// date); checking, a stale output is [`Failed::Refused`] with its diff logged.
/// `deny_warnings` applies to every input; `allow_outside_project` lets the
/// configuration's paths leave its project.
pub fn catalogs(
    config_path: &Path,
    mode: Mode,
    deny_warnings: bool,
    allow_outside_project: bool,
    log: &mut Log<'_>,
) -> Result<String, Failed> {
    let check = mode == Mode::Check;
    let config = config::load(config_path).map_err(|e| log.fail(Failed::Unusable, e))?;
    let targets = config.targets().map_err(|e| log.fail(Failed::Unusable, e))?;
    // Every path is checked before anything is read or written (path-outside-project).
    let confinement = if allow_outside_project {
        Confinement::Anywhere
    } else {
        let project = config.project();
        let outside = config.paths_outside(&project);
        if !outside.is_empty() {
            log.report(&outside, "; nothing was read or written");
            return Err(Failed::Refused);
        }
        Confinement::Project(project.into())
    };
    let mut expected = Vec::with_capacity(targets.len());
    // Each expected catalog's records, for naming the tools a stale one moves.
    let mut compiled = Vec::with_capacity(targets.len());
    let mut refused = false;
    // A target's own options, with `--deny-warnings` applied to every input.
    let options_of =
        |deny: bool, surface: Surface| Options { deny_warnings: deny || deny_warnings, surface, ..Options::default() };
    for target in targets {
        let options = options_of(target.deny_warnings, target.surface);
        let compilation = compile::compile_file_in(&config.root.join(target.input.get_ref()), options, &confinement);
        let diagnostics = compilation.diagnostics.into_vec();
        log.diagnostics(&diagnostics);
        match compilation.catalog {
            Some(catalog) => {
                expected.push(Artifact {
                    path: target.output.get_ref().to_string_lossy().replace('\\', "/"),
                    contents: emit::canonical_json(&catalog, Layout::pretty_if(target.pretty)),
                });
                compiled.push(catalog);
            }
            None if compilation.unreadable => return Err(Failed::Unusable),
            None => refused = true,
        }
    }
    // Each SDK is a folder of its own, which its drift check owns.
    let mut folders = Vec::with_capacity(config.sdks.len());
    for target in &config.sdks {
        let options = options_of(target.deny_warnings, target.surface);
        let input = config.root.join(target.input.get_ref());
        match sdk_files(&input, target.language, options, &confinement, log) {
            Ok(files) => folders.push((config.root.join(target.output.get_ref()), files)),
            Err(Failed::Unusable) => return Err(Failed::Unusable),
            Err(Failed::Refused) => refused = true,
        }
    }
    if refused {
        return Err(log.fail(Failed::Refused, "an input was refused; nothing was written"));
    }
    // `[lint] profiles`: `check` also lints every input against the client profiles,
    // and runs the closed-objects lint unless `[lint] closed_objects = false`.
    if check && (!config.lint.profiles.is_empty() || config.lint.closed_objects) {
        let profiles = lint::profiles_to_run(&config.lint.profiles, config.lint.closed_objects)
            .map_err(|e| log.fail(Failed::Unusable, format!("{}: [lint] profiles: {e}", config_path.display())))?;
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
            log.diagnostics(&findings);
            lint_refused |= findings.iter().any(Diagnostic::is_error);
        }
        if lint_refused {
            return Err(log.fail(Failed::Refused, "a client profile of [lint] refuses a tool"));
        }
    }
    // `[[budget]]`: the tools each profile preloads must fit its budget.
    if check && !config.budgets.is_empty() {
        let mut over = false;
        for budget in &config.budgets {
            let input = config.root.join(budget.input.get_ref());
            let built =
                index::input::index_file(&input, options_of(false, Surface::Auto), &confinement).reported(log)?;
            let limits = index::budget::Limits {
                preload: budget.preload.as_deref(),
                tokens: budget.tokens,
                bytes: budget.bytes,
            };
            let verdict = index::budget::check(&built.index, &limits);
            if let Some(message) = index::budget::message(&budget.name, &limits, &verdict) {
                log.error(format!("{}: {message}", config_path.display()));
                over = true;
            }
        }
        if over {
            return Err(Failed::Refused);
        }
    }
    let bless = if config_path == Path::new(config::DEFAULT_CONFIG) {
        "harn-catalog gen".to_owned()
    } else {
        format!("harn-catalog gen --config {}", config_path.display())
    };
    let result = if check {
        let mut stale = false;
        let catalogs = drift::compare(&config.root, &expected, Owned::No).map(|findings| {
            if !findings.is_empty() {
                log.text(&drift::report(&config.root, "generated catalogs", &findings, &bless));
                let fresh = |path: &str| expected.iter().position(|a| a.path == path).map(|k| &compiled[k]);
                log.text(&drift::moved_contracts(&config.root, &findings, fresh));
                stale = true;
            }
        });
        catalogs
            .and_then(|()| {
                for (folder, files) in &folders {
                    let findings = sdk_drift(folder, files)?;
                    if !findings.is_empty() {
                        log.text(&drift::report(folder, "the generated SDK's files", &findings, &bless));
                        stale = true;
                    }
                }
                Ok(())
            })
            .map(|()| if stale { Err(Failed::Refused) } else { Ok(String::new()) })
    } else {
        // Every file of every output is staged before any is renamed into place.
        let everything: Vec<(PathBuf, &[Artifact])> = std::iter::once((config.root.clone(), expected.as_slice()))
            .chain(folders.iter().map(|(folder, files)| (folder.clone(), files.as_slice())))
            .collect();
        drift::write_all(&everything).map(|written| {
            let mut out = String::new();
            for path in &written {
                let _ = writeln!(out, "wrote {}", path.display());
            }
            if written.is_empty() {
                let _ = writeln!(out, "{} catalogs and {} SDKs are up to date", expected.len(), folders.len());
            }
            Ok(out)
        })
    };
    result.unwrap_or_else(|e| Err(log.fail(Failed::Unusable, e)))
}

/// `sdk`: compiles `file`, renders its SDK in `language` and writes it into `folder`
/// (the text names each file written), or checks the folder (a stale file is
/// [`Failed::Refused`], its diff logged).
pub fn sdk(
    file: &Path,
    language: Language,
    folder: &Path,
    mode: Mode,
    options: Options,
    confinement: &Confinement,
    log: &mut Log<'_>,
) -> Result<String, Failed> {
    let files = sdk_files(file, language, options, confinement, log)?;
    let result = match mode {
        Mode::Check => sdk_drift(folder, &files).map(|findings| {
            if findings.is_empty() {
                return Ok(String::new());
            }
            let bless =
                format!("harn-catalog sdk --lang {} {} -o {}", language.as_str(), file.display(), folder.display());
            log.text(&drift::report(folder, "the SDK's files", &findings, &bless));
            Err(Failed::Refused)
        }),
        Mode::Write => drift::write(folder, &files, &[]).map(|written| {
            let mut out = String::new();
            for path in &written {
                let _ = writeln!(out, "wrote {}", folder.join(path).display());
            }
            Ok(out)
        }),
    };
    result.unwrap_or_else(|e| Err(log.fail(Failed::Unusable, e)))
}

/// Compiles `file` and renders its SDK in `language`, logging the diagnostics (the
/// compile's and the SDK's own).
fn sdk_files(
    file: &Path,
    language: Language,
    options: Options,
    confinement: &Confinement,
    log: &mut Log<'_>,
) -> Result<Vec<Artifact>, Failed> {
    let options = Options { mcp_documents: language.mcp_documents(), ..options };
    let mut compilation = compile::compile_file_in(file, options, confinement);
    let (Some(catalog), Some(prepared)) = (&compilation.catalog, &compilation.prepared) else {
        log.report(compilation.diagnostics.as_slice(), "; no SDK was written");
        return Err(Failed::of(compilation.unreadable));
    };
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (files, mut more) = sdk::generate(language, catalog, prepared, compilation.provenance.as_ref(), &stem);
    if options.deny_warnings {
        more.deny_warnings();
    }
    let refused = more.has_errors();
    compilation.diagnostics.extend(more.into_vec());
    if refused {
        log.report(compilation.diagnostics.as_slice(), "; no SDK was written");
        return Err(Failed::Refused);
    }
    log.report(compilation.diagnostics.as_slice(), "");
    Ok(files)
}

/// The findings of a drift check of the SDK `files` in `folder`, which the generator
/// owns but for the build products of the folder's own tooling.
fn sdk_drift(folder: &Path, files: &[Artifact]) -> std::io::Result<Vec<Finding>> {
    drift::compare(folder, files, Owned::Except(sdk::BUILD_PRODUCTS))
}

/// `protocol-artifacts`: the artifacts describing the catalog format, stamped with
/// `version` (default: this crate's), written into `root` (the text names each file
/// written or removed, or says it is up to date) or checked there (a stale, missing or
/// unexpected file is [`Failed::Refused`], its diff logged).
pub fn protocol_artifacts(
    root: &Path,
    version: Option<&semver::Version>,
    mode: Mode,
    log: &mut Log<'_>,
) -> Result<String, Failed> {
    let version = version
        .cloned()
        .unwrap_or_else(|| semver::Version::parse(env!("CARGO_PKG_VERSION")).expect("the crate version is semver"));
    let expected = artifacts::protocol_artifacts(&version);
    let findings = drift::compare(root, &expected, Owned::Yes).map_err(|e| log.fail(Failed::Unusable, e))?;
    if mode == Mode::Check {
        if findings.is_empty() {
            return Ok(String::new());
        }
        log.text(&drift::report(root, "protocol artifacts", &findings, artifacts::GENERATE_COMMAND));
        return Err(Failed::Refused);
    }
    let owned = artifacts::generated_folder(root);
    let remove: Vec<String> = findings
        .iter()
        .filter(|f| owned && matches!(f, Finding::Unexpected { .. }))
        .map(|f| f.path().to_owned())
        .collect();
    let written = drift::write(root, &expected, &remove).map_err(|e| {
        log.fail(Failed::Unusable, format!("cannot write the protocol artifacts to {}: {e}", root.display()))
    })?;
    let mut out = String::new();
    for path in &written {
        let _ = writeln!(out, "wrote {}", root.join(path).display());
    }
    for path in &remove {
        let _ = writeln!(out, "removed {}", root.join(path).display());
    }
    if written.is_empty() && remove.is_empty() {
        let _ = writeln!(out, "{} is up to date", root.display());
    }
    Ok(out)
}
