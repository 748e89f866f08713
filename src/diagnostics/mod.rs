//! Diagnostics: what went wrong, which rule says so, and where in which file.
//!
//! Every diagnostic is raised by a [`Rule`] declared with [`declare_rule!`](crate::declare_rule) next to
//! the code that checks it; the rule table (`harn-catalog rules`) is collected from
//! those declarations, never maintained by hand.

mod log;
mod render;
mod rule;
mod sarif;
mod suggest;

use std::ops::Range;
use std::sync::Arc;

pub use log::{Failed, Log};
pub use render::{ErrorFormat, Renderer};
pub(crate) use render::{Excerpt, escape_data, escape_property, plural, report_text, shortened, thousands};
pub use rule::{RULES_DOCS, RegisteredRule, Rule, all_rules, rule_docs_url};
pub use sarif::{SarifLevel, SarifLog, SarifResult, SarifRule};
pub use suggest::suggest;

use crate::pointer::{Part, Pointer};
use crate::source::{LineCol, SourceFile};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Something the user may want to know that is not wrong (a definition overridden
    /// on purpose, which of two skills of one name is used): never an error, not even
    /// with `--deny-warnings`.
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Which stage of the compiler raised a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Reading and parsing the input file.
    Input,
    /// Registry normalisation and `ToolCatalog::validate` (spec/contract.md a, b).
    Catalog,
    /// Adapter preparation: CLI arguments, command tree, MCP projection (spec/contract.md c, d).
    Prepare,
    /// Generating an SDK from the prepared catalog (`harn-catalog sdk`).
    Sdk,
    /// Turning an MCP server's tools into a registry declaration (`harn-catalog import`).
    Import,
    /// Reading the skills of a harness directory (`skills/<name>/SKILL.md`) for the
    /// discovery index.
    Skills,
    /// Checking the MCP projection against what one LLM client accepts
    /// (`harn-catalog lint --profile`).
    Profile,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Input => "input",
            Phase::Catalog => "catalog",
            Phase::Prepare => "prepare",
            Phase::Sdk => "sdk",
            Phase::Import => "import",
            Phase::Skills => "skills",
            Phase::Profile => "profile",
        }
    }
}

/// A place in a source file.
#[derive(Clone, Debug)]
pub struct Origin {
    pub source: Arc<SourceFile>,
    pub place: Place,
}

#[derive(Clone, Debug)]
pub enum Place {
    /// A value or a member name, named by a JSON Pointer.
    Pointer { pointer: Pointer, part: Part },
    /// A byte range, for errors found before there is a document (syntax errors).
    Span(Range<usize>),
    /// The file as a whole, not read as text (a binary, a definition only named):
    /// shown as its path alone, with no line or snippet.
    File,
}

impl Origin {
    /// The value or the member name `pointer` names.
    pub fn pointer_part(source: &Arc<SourceFile>, pointer: Pointer, part: Part) -> Self {
        Origin { source: source.clone(), place: Place::Pointer { pointer, part } }
    }

    pub fn value(source: &Arc<SourceFile>, pointer: Pointer) -> Self {
        Origin::pointer_part(source, pointer, Part::Value)
    }

    pub fn key(source: &Arc<SourceFile>, pointer: Pointer) -> Self {
        Origin::pointer_part(source, pointer, Part::Key)
    }

    pub fn span(source: &Arc<SourceFile>, range: Range<usize>) -> Self {
        Origin { source: source.clone(), place: Place::Span(range) }
    }

    /// The file at `path` as a whole, its text not read ([`Place::File`]).
    pub fn file(path: &std::path::Path) -> Self {
        let source = Arc::new(SourceFile::new(path, String::new(), crate::source::Format::Json));
        Origin { source, place: Place::File }
    }

    pub fn pointer(&self) -> Option<&Pointer> {
        match &self.place {
            Place::Pointer { pointer, .. } => Some(pointer),
            Place::Span(_) | Place::File => None,
        }
    }

    /// The byte range this origin covers in its file, if it can be found (never for
    /// a whole file).
    pub fn range(&self) -> Option<Range<usize>> {
        match &self.place {
            Place::Pointer { pointer, part } => self.source.locate(pointer, *part),
            Place::Span(range) => Some(range.clone()),
            Place::File => None,
        }
    }

    /// Line and column of the start of this origin (1:1 when it cannot be found).
    pub fn line_col(&self) -> LineCol {
        self.range().map_or(LineCol { line: 1, column: 1 }, |r| self.source.line_col(r.start))
    }
}

/// A second place a diagnostic talks about ("first defined here").
#[derive(Clone, Debug)]
pub struct Related {
    pub origin: Origin,
    pub message: String,
}

/// One finding of one rule.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    pub severity: Severity,
    pub message: String,
    pub origin: Option<Origin>,
    pub help: Option<String>,
    pub related: Vec<Related>,
    /// For a finding of a client profile: the profile, the tool and where in its
    /// `tools/list` entry.
    pub profile: Option<Box<ProfileFinding>>,
}

/// Which client profile a finding is about, and where in the MCP projection.
#[derive(Clone, Debug)]
pub struct ProfileFinding {
    /// The profile's name (`openai-strict`).
    pub profile: &'static str,
    /// The tool, or none for a finding about the whole `tools/list` (a tool count).
    pub tool: Option<String>,
    /// A JSON Pointer into the tool's `tools/list` entry (`/inputSchema/properties/id`).
    pub pointer: String,
}

impl Diagnostic {
    pub fn new(rule: &'static Rule, message: impl Into<String>) -> Self {
        Diagnostic {
            rule,
            severity: rule.severity,
            message: message.into(),
            origin: None,
            help: rule.help.map(str::to_owned),
            related: Vec::new(),
            profile: None,
        }
    }

    /// Marks the diagnostic as a finding of a client profile.
    #[must_use]
    pub fn for_profile(mut self, finding: ProfileFinding) -> Self {
        self.profile = Some(Box::new(finding));
        self
    }

    #[must_use]
    pub fn at(mut self, origin: Origin) -> Self {
        self.origin = Some(origin);
        self
    }

    #[must_use]
    pub fn at_opt(mut self, origin: Option<Origin>) -> Self {
        self.origin = origin;
        self
    }

    /// The same finding told in other words (a rule's check reused where its own
    /// wording would mislead).
    #[must_use]
    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    #[must_use]
    pub fn related(mut self, origin: Origin, message: impl Into<String>) -> Self {
        self.related.push(Related { origin, message: message.into() });
        self
    }

    pub fn code(&self) -> &'static str {
        self.rule.code
    }

    pub fn phase(&self) -> Phase {
        self.rule.phase
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Makes a warning an error (`--deny-warnings`); a note stays a note.
    pub fn deny_warning(&mut self) {
        if self.severity == Severity::Warning {
            self.severity = Severity::Error;
        }
    }
}

/// Diagnostics of one run, in the order they were found. Under `--deny-warnings` it
/// makes every warning it holds or receives an error (notes stay notes): the one place
/// that policy is applied.
#[derive(Debug, Default)]
pub struct Diagnostics {
    found: Vec<Diagnostic>,
    deny_warnings: bool,
}

impl Diagnostics {
    /// An empty list; with `deny_warnings`, warnings are received as errors.
    pub fn new(deny_warnings: bool) -> Self {
        Diagnostics { found: Vec::new(), deny_warnings }
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.extend([diagnostic]);
    }

    pub fn extend(&mut self, more: impl IntoIterator<Item = Diagnostic>) {
        let deny = self.deny_warnings;
        self.found.extend(more.into_iter().map(|mut diagnostic| {
            if deny {
                diagnostic.deny_warning();
            }
            diagnostic
        }));
    }

    pub fn has_errors(&self) -> bool {
        self.found.iter().any(Diagnostic::is_error)
    }

    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.found
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.found.iter()
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.found
    }

    /// Turns every warning held into an error, and every one received from now on
    /// (`--deny-warnings`).
    pub fn deny_warnings(&mut self) {
        self.deny_warnings = true;
        self.found.iter_mut().for_each(Diagnostic::deny_warning);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.found.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.found.iter()
    }
}
