//! `harn-catalog lint`: each input's MCP projection checked against the client
//! profiles named, and optionally the closed-objects lint; also what `check` runs
//! for a configuration's `[lint]`.

use std::path::PathBuf;

use super::{ModuleArgs, Outcome, Run, RunArgs};
use crate::compile::{self, Compilation, Options};
use crate::diagnostics::{Diagnostic, Failed, Log, Renderer};
use crate::ingest::InputFile;
use crate::lint::rules::open_input_object;
use crate::lint::{self, Profile, Target};
use crate::paths::Confinement;
use crate::prepare::McpDocuments;

#[derive(clap::Args, Clone, Debug)]
pub struct Request {
    /// The registry declarations (.json, .yaml, .toml), .harn modules, catalogs or harness
    /// directories, each linted on its own (as a pre-commit hook passes the files
    /// changed); `-` reads standard input (name it with --stdin-filename).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The client profiles to check, comma-separated, or `all`: openai, openai-strict,
    /// gemini, gemini-json-schema, anthropic, anthropic-strict, claude-code,
    /// claude-desktop, vscode-copilot, cursor, mcp-2025-11-25.
    #[arg(long, value_name = "NAME[,NAME…]", required_unless_present = "closed_objects")]
    pub profile: Vec<String>,
    /// The server name clients prefix tool names with, for every FILE (default: each
    /// registry's `info.name`, else its file's stem).
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

impl Run for Request {
    fn renderer(&self) -> Renderer {
        self.run.renderer()
    }

    fn quiet(&self) -> bool {
        self.run.quiet()
    }

    fn run(&self, log: &mut Log<'_>) -> Outcome {
        let profiles = match lint::profiles_to_run(&self.profile, self.closed_objects) {
            Ok(profiles) => profiles,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let inputs = match self.module.input_list(self.files.iter().map(PathBuf::as_path)) {
            Ok(inputs) => inputs,
            Err(e) => return Outcome::failed(log.fail(Failed::Unusable, e)),
        };
        let options = self.run.options(self.module.options());
        let (server, confinement) = (self.server.as_deref(), self.run.confinement());
        let (mut diagnostics, mut failed) = (Vec::new(), None);
        for input in &inputs {
            let linted = Linted::of(input, options, &confinement, &profiles, server, self.closed_objects);
            // An input that could not be read (exit 2) outweighs one that was refused.
            failed = match (failed, linted.failed()) {
                (Some(Failed::Unusable), _) | (_, Some(Failed::Unusable)) => Some(Failed::Unusable),
                (earlier, this) => earlier.or(this),
            };
            diagnostics.extend(linted.diagnostics);
        }
        // One closing count for every file, as for one.
        log.report(&diagnostics, "");
        Outcome { ended: failed.map_or(Ok(()), Err), ..Outcome::text(String::new()) }
    }
}

/// What linting one input produced.
pub(super) struct Linted {
    /// The compile's diagnostics, then every profile's findings.
    pub diagnostics: Vec<Diagnostic>,
    /// How the compile failed, when it did (both phases ran and the MCP projection was
    /// built otherwise).
    compiled: Result<(), Failed>,
}

impl Linted {
    /// Compiles `input` through both phases and checks its MCP projection against each
    /// of `profiles` (and the closed-objects lint with `closed_objects`); `server`
    /// names the server for prefixed names (default: the registry's `info.name`, else
    /// the file's stem, as the generated CLI is named).
    pub fn of(
        input: &InputFile,
        options: Options,
        paths: &Confinement,
        profiles: &[Profile],
        server: Option<&str>,
        closed_objects: bool,
    ) -> Linted {
        let options = Options { mcp_documents: McpDocuments::Build, every_audience: true, ..options };
        let Compilation { mut diagnostics, result } = compile::compile_input(input, options, paths);
        let (catalog, provenance, prepared) = match compile::prepared(&result) {
            Ok(parts) => parts,
            Err(failed) => return Linted { diagnostics: diagnostics.into_vec(), compiled: Err(failed) },
        };
        let server = server.unwrap_or(&prepared.cli_name);
        let target = Target { tools: &prepared.mcp, catalog, provenance, server };
        // Received as the compile's own were (`--deny-warnings`).
        diagnostics.extend(profiles.iter().flat_map(|profile| lint::lint(&target, profile)));
        if closed_objects {
            diagnostics.extend(open_input_object::check(catalog, provenance));
        }
        Linted { diagnostics: diagnostics.into_vec(), compiled: Ok(()) }
    }

    /// How linting failed: the input could not be read, or it was refused (it did not
    /// compile, or a profile refuses a tool); `None` when every tool passed.
    pub fn failed(&self) -> Option<Failed> {
        match self.compiled {
            Err(failed) => Some(failed),
            Ok(()) if self.diagnostics.iter().any(Diagnostic::is_error) => Some(Failed::Refused),
            Ok(()) => None,
        }
    }
}
