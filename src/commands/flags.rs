//! The flags several commands share: how an input is read (`--surface`, `--scopes`),
//! where its paths may lead (`--allow-outside-project`), and how a run reports
//! (`--format`, `--deny-warnings`, `--color`).

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::ValueEnum;

use crate::compile::Options;
use crate::diagnostics::{ErrorFormat, Renderer};
use crate::ingest::harn::Surface;
use crate::paths::Confinement;

/// How every command that compiles an input runs: where its paths may lead, and how
/// it reports.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RunArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    #[command(flatten)]
    pub report: ReportArgs,
}

impl RunArgs {
    /// `options` with `--deny-warnings` applied.
    pub fn options(&self, options: Options) -> Options {
        Options { deny_warnings: self.report.deny_warnings, ..options }
    }

    pub fn confinement(&self) -> Confinement {
        self.paths.confinement()
    }

    pub fn renderer(&self) -> Renderer {
        self.report.renderer()
    }
}

#[derive(clap::Args, Clone, Debug, Default)]
pub struct PathArgs {
    /// Follow paths out of the project: let the inputs and outputs a configuration
    /// names, and the imports of a .harn module, resolve outside the folder of the
    /// configuration or module and the git work tree that holds it.
    #[arg(long)]
    pub allow_outside_project: bool,
}

impl PathArgs {
    /// Where an input's imports may lead: inside its own project unless allowed out.
    pub fn confinement(&self) -> Confinement {
        if self.allow_outside_project { Confinement::Anywhere } else { Confinement::InputProject }
    }
}

#[derive(clap::Args, Clone, Debug)]
pub struct ReportArgs {
    /// How to print diagnostics on stderr.
    #[arg(long, value_enum, default_value = "human")]
    pub format: ErrorFormat,
    /// Treat warnings as errors.
    #[arg(long)]
    pub deny_warnings: bool,
    /// When to colour human diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

impl Default for ReportArgs {
    /// Human diagnostics, uncoloured unless on a terminal; warnings stay warnings.
    fn default() -> Self {
        ReportArgs { format: ErrorFormat::Human, deny_warnings: false, color: Color::Auto }
    }
}

impl ReportArgs {
    pub fn renderer(&self) -> Renderer {
        Renderer::new(self.format, self.color.enabled(&std::io::stderr()))
    }
}

/// How a .harn input is read, for every command that compiles one.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct ModuleArgs {
    /// Which registry a .harn module stands for: its public functions (exports), the
    /// registry its main publishes (script), or exports when it has public ones (auto).
    #[arg(long, value_enum, default_value = "auto")]
    pub surface: Surface,
    /// Read FILE as a directory DIR (`--scopes DIR`) and compile every `.harness/`
    /// from DIR up to the root together; a tool defined in several wins in the most
    /// local one (noted).
    #[arg(long)]
    pub scopes: bool,
}

impl ModuleArgs {
    /// The compile options of how the input is read; the others default.
    pub fn options(&self) -> Options {
        Options { surface: self.surface, scopes: self.scopes, ..Options::default() }
    }
}

/// What every command reading one input through the index takes.
#[derive(clap::Args, Clone, Debug)]
pub struct IndexInput {
    /// The registry declaration (.json, .yaml, .toml), .harn module or catalog; or a
    /// harness directory (`.harness/`, or a folder holding one), whose tools and
    /// skills are indexed.
    pub file: PathBuf,
    #[command(flatten)]
    pub module: ModuleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

impl IndexInput {
    /// The input at `file`, read as by default.
    pub fn new(file: impl Into<PathBuf>) -> IndexInput {
        IndexInput { file: file.into(), module: ModuleArgs::default(), run: RunArgs::default() }
    }
}

/// When to colour what a command prints.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum Color {
    #[default]
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour what goes to `stream`.
    pub fn enabled(self, stream: &impl IsTerminal) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => stream.is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}
