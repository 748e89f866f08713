//! Where a run's messages go, and how a run that could not finish failed: what the
//! library's orchestration (`gen`/`check`, `sdk`, `diff`, …) hands back to the command
//! line, which writes the one to stderr and maps the other to an exit code. The
//! library itself never prints and never decides an exit code.

use std::fmt::Display;

use super::{Diagnostic, ErrorFormat, Renderer, SarifLog, SarifResult};

/// How a run that could not finish failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
    /// The input was refused, or what was checked is stale (exit 1).
    Refused,
    /// A usage error, or an input or output that could not be read or written (exit 2).
    Unusable,
}

/// The messages of a run for the user (diagnostics, notes, drift reports, errors), handed
/// to a writer as they are produced, and the [`Renderer`] of its diagnostics. A quiet
/// log (`--quiet`) hands on errors only: what makes a run fail, never what it noted.
/// In `--format sarif` the messages are gathered instead, and [`Log::finish`] hands on
/// the one SARIF document of the run.
pub struct Log<'a> {
    pub renderer: &'a Renderer,
    write: Box<dyn FnMut(&str) + 'a>,
    quiet: bool,
    /// Handed each diagnostic logged, before it is rendered: for a caller that judges
    /// a run by its findings rather than by their text (the rule fixtures' tests).
    observe: Option<Observer<'a>>,
    /// The SARIF log being gathered, in `--format sarif`.
    sarif: Option<SarifLog>,
}

/// What [`Log::observed`] hands each diagnostic to.
type Observer<'a> = Box<dyn FnMut(&Diagnostic) + 'a>;

impl<'a> Log<'a> {
    /// A log that renders with `renderer` and hands every message to `write`.
    pub fn new(renderer: &'a Renderer, write: impl FnMut(&str) + 'a) -> Self {
        Log { renderer, write: Box::new(write), quiet: false, observe: None, sarif: Self::gathered(renderer) }
    }

    /// A SARIF log to gather into, when that is how the run reports.
    fn gathered(renderer: &Renderer) -> Option<SarifLog> {
        (renderer.format == ErrorFormat::Sarif).then(SarifLog::new)
    }

    /// The log, handing on errors only when `quiet`: no diagnostic but errors (a
    /// warning made an error by `--deny-warnings` is one), no [`info`](Log::info).
    #[must_use]
    pub fn quiet(mut self, quiet: bool) -> Self {
        self.quiet = quiet;
        self
    }

    /// A log that also hands every diagnostic logged to `observe`, as it is.
    pub fn observed(
        renderer: &'a Renderer,
        write: impl FnMut(&str) + 'a,
        observe: impl FnMut(&Diagnostic) + 'a,
    ) -> Self {
        Log {
            renderer,
            write: Box::new(write),
            quiet: false,
            observe: Some(Box::new(observe)),
            sarif: Self::gathered(renderer),
        }
    }

    /// Hands `diagnostics` to the observer, if there is one.
    fn seen(&mut self, diagnostics: &[Diagnostic]) {
        if let Some(observe) = &mut self.observe {
            diagnostics.iter().for_each(observe);
        }
    }

    /// Hands `text` on as it is (in SARIF, as a notification of the run): an error, or
    /// the report of why a run fails (a stale file's diff).
    pub fn text(&mut self, text: &str) {
        if let Some(sarif) = &mut self.sarif {
            sarif.notification(text);
        } else if !text.is_empty() {
            (self.write)(text);
        }
    }

    /// Adds `result` to the SARIF log when the run reports in SARIF (unless the log is
    /// quiet and it is no error), and says whether the run does: a finding that is not
    /// a [`Diagnostic`] (a down-levelling change) is otherwise logged as text by its
    /// caller.
    pub fn sarif_result(&mut self, result: SarifResult<'_>) -> bool {
        let quiet = self.quiet && result.level != super::SarifLevel::Error;
        match &mut self.sarif {
            Some(sarif) => {
                if !quiet {
                    sarif.result(result);
                }
                true
            }
            None => false,
        }
    }

    /// Ends the run: in SARIF, hands on the document of everything logged, for a run
    /// that ended as `ended`; otherwise there is nothing left to say.
    pub fn finish(&mut self, ended: Result<(), Failed>) {
        if let Some(sarif) = self.sarif.take() {
            (self.write)(&sarif.finish(Some(ended)));
        }
    }

    /// Hands `text` on unless the log is quiet: what is no error (a note, what was
    /// done).
    pub fn info(&mut self, text: &str) {
        if !self.quiet {
            self.text(text);
        }
    }

    /// The diagnostics to print: all of them, or the errors alone when quiet.
    fn shown<'d>(&self, diagnostics: &'d [Diagnostic]) -> std::borrow::Cow<'d, [Diagnostic]> {
        if self.quiet && !diagnostics.iter().all(Diagnostic::is_error) {
            diagnostics.iter().filter(|d| d.is_error()).cloned().collect::<Vec<_>>().into()
        } else {
            diagnostics.into()
        }
    }

    /// `error: {message}` on a line of its own.
    pub fn error(&mut self, message: impl Display) {
        self.text(&format!("error: {message}\n"));
    }

    /// [`error`](Log::error), then `failed`: for the one-liners that end a run.
    pub fn fail(&mut self, failed: Failed, message: impl Display) -> Failed {
        self.error(message);
        failed
    }

    /// The diagnostics, rendered, without a closing summary.
    pub fn diagnostics(&mut self, diagnostics: &[Diagnostic]) {
        self.seen(diagnostics);
        let shown = self.shown(diagnostics);
        if let Some(sarif) = &mut self.sarif {
            shown.iter().for_each(|d| sarif.diagnostic(d));
            return;
        }
        let text = self.renderer.render_all(&shown);
        self.text(&text);
    }

    /// The diagnostics of a run that makes one thing, reported with its outcome: what
    /// it `made`, or `; nothing was written` and how the run failed.
    pub fn outcome<T>(&mut self, diagnostics: &[Diagnostic], made: Result<T, Failed>) -> Result<T, Failed> {
        let outcome = if made.is_ok() { "" } else { "; nothing was written" };
        self.report(diagnostics, outcome);
        made
    }

    /// The diagnostics, rendered, then the closing summary (`error: 2 errors; {outcome}`
    /// in human output; `outcome` is empty or starts with `; `); quiet, the errors
    /// alone, counted alone.
    pub fn report(&mut self, diagnostics: &[Diagnostic], outcome: &str) {
        self.seen(diagnostics);
        let shown = self.shown(diagnostics);
        if let Some(sarif) = &mut self.sarif {
            shown.iter().for_each(|d| sarif.diagnostic(d));
            return;
        }
        let mut text = self.renderer.render_all(&shown);
        text.extend(self.renderer.summary(&shown, outcome));
        self.text(&text);
    }
}
