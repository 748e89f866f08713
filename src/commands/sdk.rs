//! `harn-catalog sdk`: one input's typed SDK written into a folder (each file replaced
//! atomically, only once every file is written in full), or the folder checked.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{Mode, ModuleArgs, Outcome, Run, RunArgs};
use crate::compile::{self, Options};
use crate::diagnostics::{Failed, Log, Renderer};
use crate::drift::{self, Finding, Owned};
use crate::emit::artifacts::Artifact;
use crate::emit::sdk::{self, Language};
use crate::ingest::InputFile;
use crate::paths::Confinement;

#[derive(clap::Args, Clone, Debug)]
#[command(mut_arg("quiet", |arg| arg.help(
    "Print errors only: no warnings or notes, and no file written is named; what \
     --check finds stale is printed with its diff. The exit code is the same"
)))]
pub struct Request {
    /// The registry declaration, .harn module, catalog or harness directory; `-` reads
    /// standard input (name it with --stdin-filename).
    pub file: PathBuf,
    /// The language of the SDK.
    #[arg(long, value_enum)]
    pub lang: Language,
    /// The folder to write the SDK's files into (created if needed; each file is
    /// replaced atomically, and only once every file is written in full).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// The package or crate name (default: the registry's `info.name`, else the
    /// file's stem).
    #[arg(long)]
    pub name: Option<String>,
    /// Write nothing; report every file of DIR that is stale, missing or not
    /// generated, with a diff (exit 1).
    #[arg(long)]
    pub check: bool,
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
        let mode = if self.check { Mode::Check } else { Mode::Write };
        let options = self.run.options(self.module.options());
        self.generate(mode, options, log).into()
    }
}

impl Request {
    /// Renders the SDK and writes it into the folder (the text names each file
    /// written), or checks the folder (a stale file is [`Failed::Refused`], its diff
    /// logged).
    fn generate(&self, mode: Mode, options: Options, log: &mut Log<'_>) -> Result<String, Failed> {
        let input = self.module.input(&self.file).map_err(|e| log.fail(Failed::Unusable, e))?;
        let (folder, language) = (&self.output, self.lang);
        let files = files(&input, (language, self.name.as_deref()), options, &self.run.confinement(), log)?;
        let result = match mode {
            Mode::Check => drift(folder, &files).map(|findings| {
                if findings.is_empty() {
                    return Ok(String::new());
                }
                let name = self.name.as_ref().map(|n| format!(" --name {n:?}")).unwrap_or_default();
                // Standard input is named as it was given, for the command to be run alike.
                let file = match &self.module.stdin_filename {
                    Some(stdin) if input.is_stdin() => format!("- --stdin-filename {}", stdin.display()),
                    _ => self.file.display().to_string(),
                };
                let bless =
                    format!("harn-catalog sdk --lang {}{name} {file} -o {}", language.as_str(), folder.display());
                log.text(&drift::report(folder, "the SDK's files", &findings, &bless));
                Err(Failed::Refused)
            }),
            // Quiet, the files written are not named.
            Mode::Write => drift::write(folder, &files, &[]).map(|written| {
                let mut out = String::new();
                for path in written.iter().filter(|_| !self.run.quiet()) {
                    let _ = writeln!(out, "wrote {}", folder.join(path).display());
                }
                Ok(out)
            }),
        };
        result.unwrap_or_else(|e| Err(log.fail(Failed::Unusable, e)))
    }
}

/// Compiles `input` and renders its SDK in `language`, named `name` when one is given
/// (else after the input's file stem), logging the diagnostics (the compile's and the
/// SDK's own).
pub(super) fn files(
    input: &InputFile,
    (language, name): (Language, Option<&str>),
    options: Options,
    confinement: &Confinement,
    log: &mut Log<'_>,
) -> Result<Vec<Artifact>, Failed> {
    let options = Options { mcp_documents: language.mcp_documents(), ..options };
    let mut compilation = compile::compile_input(input, options, confinement);
    let (catalog, provenance, prepared) = compile::prepared(&compilation.result).inspect_err(|_| {
        log.report(compilation.diagnostics.as_slice(), "; no SDK was written");
    })?;
    let stem = input.path().file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let package = match name {
        Some(name) => sdk::Package::Given(name),
        None => sdk::Package::Default { stem: &stem },
    };
    let (files, more) = sdk::generate(language, catalog, prepared, Some(provenance), package);
    // Received as the compile's own were (`--deny-warnings`); the compile raised no error.
    compilation.diagnostics.extend(more);
    if compilation.diagnostics.has_errors() {
        log.report(compilation.diagnostics.as_slice(), "; no SDK was written");
        return Err(Failed::Refused);
    }
    log.report(compilation.diagnostics.as_slice(), "");
    Ok(files)
}

/// The findings of a drift check of the SDK `files` in `folder`, which the generator
/// owns but for the build products of the folder's own tooling.
pub(super) fn drift(folder: &Path, files: &[Artifact]) -> std::io::Result<Vec<Finding>> {
    drift::compare(folder, files, Owned::Except(sdk::BUILD_PRODUCTS))
}
