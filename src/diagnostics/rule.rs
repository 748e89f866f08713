//! Rules: the code, phase, default severity and documentation of each check.

use super::{Diagnostic, Phase, Severity};

/// One check of the contract. Declared with [`declare_rule!`](crate::declare_rule) in the
/// module that implements it; its doc comment is its documentation.
#[derive(Debug)]
pub struct Rule {
    /// Stable kebab-case code, shown as `error[code]`.
    pub code: &'static str,
    pub phase: Phase,
    pub severity: Severity,
    /// One line: what the rule refuses.
    pub summary: &'static str,
    /// A help line attached to every diagnostic of the rule, unless the diagnostic
    /// brings a more specific one.
    pub help: Option<&'static str>,
    /// The doc comment: what it checks, why, an example.
    pub doc: &'static str,
    /// The file that declares (and implements) the rule, from the repository's root.
    pub file: &'static str,
}

impl Rule {
    /// A diagnostic of this rule with the given message.
    pub fn diag(&'static self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self, message)
    }

    /// The documentation with the one leading space of each `///` line removed.
    pub fn documentation(&self) -> String {
        self.doc.lines().map(|l| l.strip_prefix(' ').unwrap_or(l)).collect::<Vec<_>>().join("\n").trim().to_owned()
    }
}

/// The rule reference, `docs/rules.md` as the repository publishes it, where every rule
/// of every kind has a section headed by its code.
pub const RULES_DOCS: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/rules.md");

/// The address of the section of `docs/rules.md` that documents the rule `code`
/// (a diagnostic's rule or a diff rule).
pub fn rule_docs_url(code: &str) -> String {
    format!("{RULES_DOCS}#{code}")
}

/// Registration of a rule in the global table (see [`all_rules`]).
pub struct RegisteredRule(pub &'static Rule);

inventory::collect!(RegisteredRule);

/// Every declared rule, ordered by phase and then code.
pub fn all_rules() -> Vec<&'static Rule> {
    let mut rules: Vec<&'static Rule> = inventory::iter::<RegisteredRule>().map(|r| r.0).collect();
    rules.sort_by(|a, b| (a.phase, a.code).cmp(&(b.phase, b.code)));
    rules
}

/// Declares a rule: a `pub static` [`Rule`] documented by its doc comment, and its
/// registration in the rule table.
///
/// ```
/// harn_catalog::declare_rule! {
///     /// What it checks, why, an example.
///     pub static EXAMPLE_RULE = {
///         code: "example-rule",
///         phase: Catalog,
///         severity: Error,
///         summary: "an example",
///         help: "fix the example",
///     }
/// }
///
/// let table = harn_catalog::diagnostics::all_rules();
/// assert!(table.iter().any(|rule| rule.code == "example-rule" && rule.help == Some("fix the example")));
/// assert_eq!(EXAMPLE_RULE.doc, " What it checks, why, an example.\n");
/// ```
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        pub static $name:ident = {
            code: $code:literal,
            phase: $phase:ident,
            severity: $severity:ident,
            summary: $summary:literal
            $(, help: $help:literal)?
            $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub static $name: &$crate::diagnostics::Rule = &$crate::diagnostics::Rule {
            code: $code,
            phase: $crate::diagnostics::Phase::$phase,
            severity: $crate::diagnostics::Severity::$severity,
            summary: $summary,
            help: $crate::declare_rule!(@help $($help)?),
            doc: concat!($($doc, "\n"),*),
            file: file!(),
        };
        $crate::inventory::submit! { $crate::diagnostics::RegisteredRule($name) }
    };
    (@help) => { None };
    (@help $help:literal) => { Some($help) };
}
