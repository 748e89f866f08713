//! The flags several commands share: which input is read and how (`-` for standard
//! input, `--stdin-filename`, `--surface`, `--scopes`), where its paths may lead
//! (`--allow-outside-project`), and how a run reports (`--format`, `--deny-warnings`,
//! `--color`, `--quiet`).

use std::ffi::OsStr;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::compile::Options;
use crate::diagnostics::{ErrorFormat, Renderer};
use crate::ingest::harn::Surface;
use crate::ingest::{InputFile, STDIN};
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

    pub fn quiet(&self) -> bool {
        self.report.quiet
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
    /// When to colour human diagnostics (auto: on a terminal, unless NO_COLOR is set;
    /// CLICOLOR_FORCE colours them elsewhere too).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Print errors only: no warnings, notes or closing counts on stderr (a warning
    /// that --deny-warnings makes an error is printed). What the command prints on
    /// stdout is kept, and the exit code is the same.
    #[arg(short, long)]
    pub quiet: bool,
}

impl Default for ReportArgs {
    /// Human diagnostics, uncoloured unless on a terminal; warnings stay warnings and
    /// are printed.
    fn default() -> Self {
        ReportArgs { format: ErrorFormat::Human, deny_warnings: false, color: Color::Auto, quiet: false }
    }
}

impl ReportArgs {
    pub fn renderer(&self) -> Renderer {
        Renderer::new(self.format, self.color.enabled(&std::io::stderr()))
    }
}

/// How the input is read, for every command that compiles one: FILE `-` is standard
/// input, named by `--stdin-filename`; a .harn module's surface; harness scopes.
#[derive(clap::Args, Clone, Debug, Default)]
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
    /// With `-` as FILE (standard input): the file it stands for. Its extension gives
    /// the format (.json, .yaml, .yml, .toml, .harn; required, nothing is guessed),
    /// diagnostics show it (`tools.yaml:3:5`), and a .harn module's imports are found
    /// from its folder, which is the project they must stay inside.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,
}

impl ModuleArgs {
    /// The compile options of how the input is read; the others default.
    pub fn options(&self) -> Options {
        Options { surface: self.surface, scopes: self.scopes, ..Options::default() }
    }

    /// The input FILE names; see [`ModuleArgs::inputs`].
    pub fn input(&self, file: &Path) -> Result<InputFile, UsageError> {
        self.inputs([file]).map(|[input]| input)
    }

    /// The inputs `files` name, in order: `-` is standard input, read whole now under
    /// the name `--stdin-filename` gives it. A usage error when the files and flags do
    /// not fit together: `-` more than once (standard input is read once), `-` with
    /// `--scopes` (harness scopes are folders on disk), or `--stdin-filename` without
    /// `-` (it would name nothing; the FILE given is not set aside for standard input,
    /// as some tools do, since a named file is what was asked for).
    pub fn inputs<const N: usize>(&self, files: [&Path; N]) -> Result<[InputFile; N], UsageError> {
        self.fit(&files)?;
        Ok(files.map(|file| self.input_of(file)))
    }

    /// [`inputs`](ModuleArgs::inputs) of any number of files (`lint FILE…`).
    pub fn input_list<'f>(&self, files: impl IntoIterator<Item = &'f Path>) -> Result<Vec<InputFile>, UsageError> {
        let files: Vec<&Path> = files.into_iter().collect();
        self.fit(&files)?;
        Ok(files.into_iter().map(|file| self.input_of(file)).collect())
    }

    /// Whether `files` and the flags fit together (see [`ModuleArgs::inputs`]).
    fn fit(&self, files: &[&Path]) -> Result<(), UsageError> {
        let from_stdin = files.iter().filter(|file| file.as_os_str() == OsStr::new(STDIN)).count();
        if from_stdin > 1 {
            return Err(UsageError::new(
                "`-` is given twice, but standard input can be read only once",
                "read one input from standard input and the others from their files (`diff OLD -`, `lint - b.yaml`)",
            ));
        }
        if from_stdin == 1 && self.scopes {
            return Err(UsageError::new(
                "--scopes reads the harness directories of a folder on disk; `-` is standard input",
                "give the folder as FILE (`--scopes DIR`), or leave out --scopes to read one file from standard input",
            ));
        }
        if from_stdin == 0 {
            if let Some(name) = &self.stdin_filename {
                return Err(UsageError::new(
                    format!("--stdin-filename {} names standard input, but no FILE is `-`", name.display()),
                    "give `-` as FILE to read standard input, or leave out --stdin-filename",
                ));
            }
        }
        Ok(())
    }

    /// The input `file` names: `-` is standard input, read whole now.
    fn input_of(&self, file: &Path) -> InputFile {
        if file.as_os_str() == OsStr::new(STDIN) {
            InputFile::stdin(self.stdin_filename.clone())
        } else {
            InputFile::Path(file.to_path_buf())
        }
    }
}

/// Arguments that do not fit together: what is wrong, and how to fix it.
#[derive(Debug, thiserror::Error)]
#[error("{message}\nhelp: {help}")]
pub struct UsageError {
    pub message: String,
    pub help: String,
}

impl UsageError {
    pub fn new(message: impl Into<String>, help: impl Into<String>) -> UsageError {
        UsageError { message: message.into(), help: help.into() }
    }
}

/// What every command reading one input through the index takes.
#[derive(clap::Args, Clone, Debug)]
pub struct IndexInput {
    /// The registry declaration (.json, .yaml, .toml), .harn module or catalog; or a
    /// harness directory (`.harness/`, or a folder holding one), whose tools and
    /// skills are indexed; `-` reads standard input (name it with --stdin-filename).
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

    /// The input FILE names (see [`ModuleArgs::inputs`]).
    pub fn input(&self) -> Result<InputFile, UsageError> {
        self.module.input(&self.file)
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
    /// Whether to colour what goes to `stream`, for every command that colours
    /// anything: `always` and `never` as they say, over the environment; under `auto`,
    /// not when `NO_COLOR` is set (to anything but ""), else yes when `CLICOLOR_FORCE`
    /// is set (to anything but "" or "0"), else when `stream` is a terminal.
    pub fn enabled(self, stream: &impl IsTerminal) -> bool {
        let var = |name| std::env::var_os(name);
        self.decide(var("NO_COLOR").as_deref(), var("CLICOLOR_FORCE").as_deref(), || stream.is_terminal())
    }

    /// [`Color::enabled`] of the two variables' values and whether the stream is a
    /// terminal (asked only when they leave it open). Written out rather than taken
    /// from anstyle-query (in the tree through clap), whose CLICOLOR_FORCE check counts
    /// "0" as forcing, where the convention says it does not.
    fn decide(self, no_color: Option<&OsStr>, clicolor_force: Option<&OsStr>, terminal: impl FnOnce() -> bool) -> bool {
        let set = |value: Option<&OsStr>| value.is_some_and(|v| !v.is_empty());
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto if set(no_color) => false,
            Color::Auto if set(clicolor_force) && clicolor_force != Some(OsStr::new("0")) => true,
            Color::Auto => terminal(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value each variable can take as the conventions tell them apart, with
    /// and without a terminal: the flag wins, then NO_COLOR, then CLICOLOR_FORCE.
    #[test]
    fn the_flag_wins_then_no_color_then_clicolor_force_then_the_terminal() {
        let values = [None, Some(""), Some("0"), Some("1")];
        for color in [Color::Auto, Color::Always, Color::Never] {
            for no_color in values {
                for force in values {
                    for terminal in [false, true] {
                        let expected = match color {
                            Color::Always => true,
                            Color::Never => false,
                            Color::Auto => match (no_color, force) {
                                (Some("0" | "1"), _) => false,
                                (_, Some("1")) => true,
                                _ => terminal,
                            },
                        };
                        let got = color.decide(no_color.map(OsStr::new), force.map(OsStr::new), || terminal);
                        assert_eq!(
                            got, expected,
                            "{color:?}, NO_COLOR={no_color:?}, CLICOLOR_FORCE={force:?}, terminal {terminal}"
                        );
                    }
                }
            }
        }
    }
}
