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
/// to a writer as they are produced, and the [`Renderer`] of its diagnostics. In
/// `--format sarif` they are gathered instead, and [`Log::finish`] hands on the one
/// SARIF document of the run.
pub struct Log<'a> {
    pub renderer: &'a Renderer,
    write: Box<dyn FnMut(&str) + 'a>,
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
        Log { renderer, write: Box::new(write), observe: None, sarif: Self::gathered(renderer) }
    }

    /// A SARIF log to gather into, when that is how the run reports.
    fn gathered(renderer: &Renderer) -> Option<SarifLog> {
        (renderer.format == ErrorFormat::Sarif).then(SarifLog::new)
    }

    /// A log that also hands every diagnostic logged to `observe`, as it is.
    pub fn observed(
        renderer: &'a Renderer,
        write: impl FnMut(&str) + 'a,
        observe: impl FnMut(&Diagnostic) + 'a,
    ) -> Self {
        Log { renderer, write: Box::new(write), observe: Some(Box::new(observe)), sarif: Self::gathered(renderer) }
    }

    /// Hands `diagnostics` to the observer, if there is one.
    fn seen(&mut self, diagnostics: &[Diagnostic]) {
        if let Some(observe) = &mut self.observe {
            diagnostics.iter().for_each(observe);
        }
    }

    /// Hands `text` on as it is (in SARIF, as a notification of the run).
    pub fn text(&mut self, text: &str) {
        if let Some(sarif) = &mut self.sarif {
            sarif.notification(text);
        } else if !text.is_empty() {
            (self.write)(text);
        }
    }

    /// Adds `result` to the SARIF log when the run reports in SARIF, and says whether
    /// it did: a finding that is not a [`Diagnostic`] (a down-levelling change) is
    /// otherwise logged as text by its caller.
    pub fn sarif_result(&mut self, result: SarifResult<'_>) -> bool {
        match &mut self.sarif {
            Some(sarif) => {
                sarif.result(result);
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
        if let Some(sarif) = &mut self.sarif {
            diagnostics.iter().for_each(|d| sarif.diagnostic(d));
            return;
        }
        let text = self.renderer.render_all(diagnostics);
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
    /// in human output; `outcome` is empty or starts with `; `).
    pub fn report(&mut self, diagnostics: &[Diagnostic], outcome: &str) {
        self.seen(diagnostics);
        if let Some(sarif) = &mut self.sarif {
            diagnostics.iter().for_each(|d| sarif.diagnostic(d));
            return;
        }
        let mut text = self.renderer.render_all(diagnostics);
        text.extend(self.renderer.summary(diagnostics, outcome));
        self.text(&text);
    }
}
