//! Diff rules: the code, levels and documentation of each kind of change `harn-catalog
//! diff` reports. A separate table from the compile rules', since a change's level
//! depends on the side it is found on: what rejects more values breaks callers who
//! send them (an input) and reassures callers who receive them (an output).

use super::{Level, Side};

/// The level of a rule's changes on each side it can be found on (`None`: never found
/// there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    pub input: Option<Level>,
    pub output: Option<Level>,
    pub error: Option<Level>,
    pub metadata: Option<Level>,
}

impl Levels {
    /// No side: the start of a rule's table in [`declare_diff_rule!`](crate::declare_diff_rule).
    pub const NONE: Levels = Levels { input: None, output: None, error: None, metadata: None };

    pub fn get(&self, side: Side) -> Option<Level> {
        match side {
            Side::Input => self.input,
            Side::Output => self.output,
            Side::Error => self.error,
            Side::Metadata => self.metadata,
        }
    }

    /// The sides with a level, in [`Side::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Side, Level)> + '_ {
        Side::ALL.into_iter().filter_map(|side| Some((side, self.get(side)?)))
    }
}

/// One kind of change. Declared with [`declare_diff_rule!`](crate::declare_diff_rule) in
/// the module that finds it; its doc comment is its documentation.
#[derive(Debug)]
pub struct DiffRule {
    /// Stable kebab-case code, shown as `breaking[code]`.
    pub code: &'static str,
    /// One line: what changed.
    pub summary: &'static str,
    pub levels: Levels,
    /// The doc comment: what it reports, why at that level, an example.
    pub doc: &'static str,
    /// The file that declares (and finds) the change, from the repository's root.
    pub file: &'static str,
}

impl DiffRule {
    /// The level of this rule's changes on `side`. A rule is only ever raised on the
    /// sides it declares (the fixtures cover each); were one raised elsewhere, it
    /// would be shown as a warning rather than silently passed.
    pub fn level(&self, side: Side) -> Level {
        debug_assert!(self.levels.get(side).is_some(), "{} has no level on the {} side", self.code, side.as_str());
        self.levels.get(side).unwrap_or(Level::Warning)
    }

    /// The documentation with the one leading space of each `///` line removed.
    pub fn documentation(&self) -> String {
        self.doc.lines().map(|l| l.strip_prefix(' ').unwrap_or(l)).collect::<Vec<_>>().join("\n").trim().to_owned()
    }

    /// `input: breaking, output: info` — the rule table's column.
    pub fn levels_text(&self) -> String {
        self.levels
            .iter()
            .map(|(side, level)| format!("{}: {}", side.as_str(), level.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Registration of a diff rule in the global table (see [`all_diff_rules`]).
pub struct RegisteredDiffRule(pub &'static DiffRule);

inventory::collect!(RegisteredDiffRule);

/// Every declared diff rule, ordered by code.
pub fn all_diff_rules() -> Vec<&'static DiffRule> {
    let mut rules: Vec<&'static DiffRule> = inventory::iter::<RegisteredDiffRule>().map(|r| r.0).collect();
    rules.sort_by_key(|rule| rule.code);
    rules
}

/// Declares a diff rule: a `pub static` [`DiffRule`] documented by its doc comment,
/// and its registration in the diff rule table.
///
/// ```
/// harn_catalog::declare_diff_rule! {
///     /// What it reports, why at that level, an example.
///     pub static EXAMPLE_CHANGE = {
///         code: "example-change",
///         summary: "an example changed",
///         levels: { input: Breaking, output: Info },
///     }
/// }
///
/// use harn_catalog::diff::{Level, Side};
/// assert_eq!(EXAMPLE_CHANGE.level(Side::Input), Level::Breaking);
/// assert_eq!(EXAMPLE_CHANGE.levels.error, None);
/// assert!(harn_catalog::diff::all_diff_rules().iter().any(|rule| rule.code == "example-change"));
/// ```
#[macro_export]
macro_rules! declare_diff_rule {
    (
        $(#[doc = $doc:literal])*
        pub static $name:ident = {
            code: $code:literal,
            summary: $summary:literal,
            levels: { $($side:ident: $level:ident),+ $(,)? }
            $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub static $name: &$crate::diff::DiffRule = &$crate::diff::DiffRule {
            code: $code,
            summary: $summary,
            levels: $crate::diff::Levels {
                $($side: Some($crate::diff::Level::$level),)+
                ..$crate::diff::Levels::NONE
            },
            doc: concat!($($doc, "\n"),*),
            file: file!(),
        };
        $crate::inventory::submit! { $crate::diff::RegisteredDiffRule($name) }
    };
}
