//! `harn-catalog protocol-artifacts`: the files that describe the catalog format
//! itself (its JSON Schema, TypeScript declarations and manifest), written or checked.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::{Mode, Outcome, Run};
use crate::diagnostics::{ErrorFormat, Failed, Log, Renderer};
use crate::drift::{self, Finding, Owned};
use crate::emit::artifacts;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
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
    /// Print errors only: not the files written or removed, nor that the folder is up
    /// to date; a stale file's diff under --check is printed. The exit code is the same.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Every protocol artifact at `version`: the catalog format's and the editors'
/// schemas (the declaration format's and `harn-catalog.toml`'s), with the manifest.
pub fn protocol_artifacts(version: &semver::Version) -> Vec<artifacts::Artifact> {
    artifacts::protocol_artifacts(version, &crate::config::json_schema())
}

/// harn-catalog's own version, which the artifacts are stamped with by default.
pub(super) fn crate_version() -> semver::Version {
    semver::Version::parse(env!("CARGO_PKG_VERSION")).expect("the crate version is semver")
}

impl Run for Request {
    /// Its messages are drift reports and errors, never diagnostics.
    fn renderer(&self) -> Renderer {
        Renderer::new(ErrorFormat::Human, false)
    }

    fn quiet(&self) -> bool {
        self.quiet
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let mode = if self.check { Mode::Check } else { Mode::Write };
        let done = self.generate(mode, log);
        done.map(|text| if self.quiet { String::new() } else { text }).into()
    }
}

impl Request {
    /// The artifacts, stamped with the version asked for (default: this crate's),
    /// written into the folder (the text names each file written or removed, or says
    /// it is up to date) or checked there (a stale, missing or unexpected file is
    /// [`Failed::Refused`], its diff logged).
    fn generate(&self, mode: Mode, log: &mut Log<'_>) -> Result<String, Failed> {
        let root = &self.output_dir;
        let version = self.artifact_version.clone().unwrap_or_else(crate_version);
        let expected = protocol_artifacts(&version);
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
}
