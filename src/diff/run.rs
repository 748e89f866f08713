//! `harn-catalog diff` end to end: which catalogs to compare (OLD and NEW, or files
//! against a git revision: one, or every input of the configuration), both sides of
//! each compiled at once, their changes found and the accepted ones marked.

use std::path::{Path, PathBuf};

use super::{Change, Compared, DiffFormat, Report, accept, git};
use crate::compile::{self, Options};
use crate::config::{self, Accepted, Config};
use crate::contract::ToolCatalog;
use crate::diagnostics::{Failed, Log};
use crate::paths::Confinement;

/// What to compare, as `diff`'s arguments say.
pub struct Request<'a> {
    /// OLD and NEW; with `against`, the one file to compare with its old version, or
    /// none for every input of the configuration.
    pub files: &'a [PathBuf],
    /// The git revision OLD is taken from.
    pub against: Option<&'a str>,
    /// The configuration listing inputs and accepted changes, read when it exists.
    pub config: &'a Path,
    pub options: Options,
    pub confinement: &'a Confinement,
}

/// What a diff run found.
pub struct Diffed {
    /// Every change of every pair, the accepted ones marked with their reason.
    pub changes: Vec<Change>,
    /// The accepted fingerprints that matched no change.
    pub unused: Vec<Accepted>,
    /// The configuration, when it exists.
    pub config: Option<Config>,
}

/// One comparison: where OLD and NEW come from.
struct Pair {
    old: OldSide,
    new: PathBuf,
}

enum OldSide {
    File(PathBuf),
    AtRevision { revision: String, path: PathBuf },
}

/// Compiles both sides of each pair the request names, compares them and marks the
/// changes the configuration accepts. Diagnostics of a refused side are logged, and
/// stop the run as a usage error: there is nothing to compare.
pub fn compare(request: &Request<'_>, log: &mut Log<'_>) -> Result<Diffed, Failed> {
    let config = config::load_if_present(request.config).map_err(|e| log.fail(Failed::Unusable, e))?;
    let pairs = pairs(request, config.as_ref(), log)?;
    let (options, confinement) = (request.options, request.confinement);
    let mut changes: Vec<Change> = Vec::new();
    for pair in &pairs {
        // The two sides are compiled at once: on a large catalog each takes most of a run.
        let compile_old = || match &pair.old {
            OldSide::File(path) => Ok(Some(compile::compile_file_in(path, options, confinement))),
            OldSide::AtRevision { revision, path } => git::compile_at(revision, path, options, confinement),
        };
        let (old, new) = rayon::join(compile_old, || compile::compile_file_in(&pair.new, options, confinement));
        let old = old.map_err(|e| log.fail(Failed::Unusable, e))?;
        for refused in old.iter().chain([&new]).filter(|c| c.catalog.is_none()) {
            log.report(refused.diagnostics.as_slice(), "; nothing was compared");
        }
        let empty = ToolCatalog::empty();
        let old_side = match &old {
            Some(old) => Compared::of(old),
            None => Some(Compared { catalog: &empty, provenance: None }),
        };
        let (Some(old_side), Some(new_side)) = (old_side, Compared::of(&new)) else {
            return Err(Failed::Unusable);
        };
        changes.extend(super::diff(&old_side, &new_side));
        // The command ends soon: freeing two large catalogs piece by piece would only
        // cost time (a tenth of a run on 10,000 tools).
        std::mem::forget((old, new));
    }
    let accepted = config.as_ref().map_or(&[][..], |c| c.accepted.as_slice());
    let unused = accept::apply(&mut changes, accepted).into_iter().cloned().collect();
    Ok(Diffed { changes, unused, config })
}

/// The pairs `request` names; a usage error (logged) when its arguments do not fit.
fn pairs(request: &Request<'_>, config: Option<&Config>, log: &mut Log<'_>) -> Result<Vec<Pair>, Failed> {
    Ok(match (request.against, request.files) {
        (None, [old, new]) => vec![Pair { old: OldSide::File(old.clone()), new: new.clone() }],
        (None, _) => {
            return Err(log.fail(Failed::Unusable, "diff needs OLD and NEW, or --against REV with one FILE or none"));
        }
        (Some(revision), [file]) => {
            vec![Pair {
                old: OldSide::AtRevision { revision: revision.to_owned(), path: file.clone() },
                new: file.clone(),
            }]
        }
        (Some(revision), []) => {
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
            inputs
                .into_iter()
                .map(|path| Pair {
                    old: OldSide::AtRevision { revision: revision.to_owned(), path: path.clone() },
                    new: path,
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
        let report =
            Report { changes: &self.changes, unused: &unused, config: self.config.as_ref().map(|c| &*c.source) };
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
        log.text(&format!("accepted {count} breaking change(s) in {}\n", path.display()));
        Ok(true)
    }

    /// Whether a breaking change is not accepted.
    pub fn fails(&self) -> bool {
        self.changes.iter().any(Change::fails)
    }
}
