//! `harn-too-large`: the bounds on what a module's types and constants may expand to,
//! checked while they expand, so that neither a deep chain nor a doubling one can
//! exhaust the stack, the memory or the time of the compiler (or of a later reader).

use std::cell::Cell;
use std::sync::Arc;

use crate::declare_rule;
use crate::diagnostics::{Diagnostic, Origin, thousands};
use crate::ingest::MAX_DEPTH;
use crate::ingest::harn::ast::Span;
use crate::source::SourceFile;

declare_rule! {
    /// ## What it checks
    /// That what a `.harn` module expands to stays within two bounds. On the exports
    /// surface, each schema projected from a signature, once type aliases are expanded
    /// and structs and enums resolved, must leave the catalog at most 128 levels of
    /// arrays and objects deep (the bound every input is held to; a type itself may nest
    /// at most 128 levels once its aliases are expanded). On the script surface, the
    /// registry `main` publishes, once its constants are evaluated, must be at most 128
    /// levels deep. And expanding a module's types, or evaluating its registry, may
    /// build at most 1,000,000 nodes. The error points at the type alias, struct,
    /// constant or signature where the bound was crossed.
    ///
    /// Nominal types keep upstream Harn's behaviour (see
    /// [spec/harn.md](../spec/harn.md#types)), because the exports surface must match
    /// upstream's output: a struct or enum that refers to itself projects as `{}` where
    /// it recurs, and so does one nested more than 128 structs and enums deep (a
    /// cut-off the depth bound meets first, each struct taking at least two levels).
    /// Everything else that would go past a bound is refused.
    ///
    /// ## Why
    /// An alias, struct or constant may name another, so a short module can expand to a
    /// schema as deep as its author likes (a chain), or to one twice as large per line (a
    /// doubling chain, `type B2 = {a: B1, b: B1}`). A catalog deeper than 128 levels could
    /// not be read back by harn-catalog, and reading or freeing one much deeper exhausts
    /// the stack; a doubling chain of 40 lines would never finish. Both are refused while
    /// they expand, so the cost is bounded by the limits, not by the final size.
    ///
    /// ## Example
    /// ```harn
    /// type B1 = {a: string, b: string}
    /// type B2 = {a: B1, b: B1}
    /// // … each alias twice the size of the one before
    /// type B40 = {a: B39, b: B39}
    /// pub fn f(x: B40) -> string { … }
    /// ```
    pub static HARN_TOO_LARGE = {
        code: "harn-too-large",
        phase: Catalog,
        severity: Error,
        summary: "a .harn module's types or registry expand deeper than 128 levels or larger than 1,000,000 nodes",
    }
}

/// The most nodes a module may build while its types are expanded and projected, or
/// its registry evaluated. Real modules build a few thousand; a million takes well
/// under a second even in a debug build, yet stops a doubling chain after about 20
/// steps.
pub const MAX_NODES: usize = 1_000_000;

/// Which bound was crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Deeper than [`MAX_DEPTH`]: the depth reached when it is known exactly (the whole
    /// value was built), else `None` (the expansion stopped at the first level past).
    Depth(Option<usize>),
    /// More than [`MAX_NODES`] nodes.
    Size,
}

/// The declaration in whose expansion a bound was crossed.
#[derive(Clone, Debug)]
pub struct Within {
    /// `type alias`, `struct`, `enum` or `constant`.
    pub kind: &'static str,
    pub name: String,
    /// Where it is declared, when that is in the module at hand (an imported
    /// declaration's span belongs to another file).
    pub declared: Option<Span>,
}

/// A bound crossed, and the innermost declaration being expanded when it was.
#[derive(Clone, Debug)]
pub struct Exceeded {
    pub limit: Limit,
    pub within: Option<Within>,
}

impl Exceeded {
    pub fn new(limit: Limit) -> Self {
        Exceeded { limit, within: None }
    }

    /// Records `within`, called on the way out of each declaration expanded. A depth
    /// is crossed in the innermost one, which is kept; a size in the whole expansion,
    /// so the outermost is kept (in a doubling chain, the innermost is a small link).
    pub fn within(mut self, within: impl FnOnce() -> Within) -> Self {
        if self.within.is_none() || self.limit == Limit::Size {
            self.within = Some(within());
        }
        self
    }

    /// The diagnostic for `subject` (what overflowed, e.g. "the return type of `f`"),
    /// at the declaration where the bound was crossed, or else at `fallback`.
    pub fn diagnostic(&self, subject: &str, fallback: Span, source: &Arc<SourceFile>) -> Diagnostic {
        let crossed = match (&self.within, self.limit) {
            (None, _) => String::new(),
            (Some(w), Limit::Size) => format!(" (in expanding {} `{}`)", w.kind, w.name),
            (Some(w), Limit::Depth(_)) => format!(" (the bound was crossed in {} `{}`)", w.kind, w.name),
        };
        let (message, help) = match self.limit {
            Limit::Depth(reached) => {
                let how_deep = match reached {
                    Some(levels) => {
                        format!(
                            "makes the document {} levels deep, more than the {MAX_DEPTH} allowed",
                            thousands(levels)
                        )
                    }
                    None => format!("nests deeper than the {MAX_DEPTH} levels allowed"),
                };
                (
                    format!("{subject}, once expanded, {how_deep}{crossed}"),
                    "flatten it: fewer lists, dicts, shapes or unions inside one another, or a shorter chain of aliases, structs or constants naming each other",
                )
            }
            Limit::Size => (
                format!("{subject}, once expanded, has more than {} nodes{crossed}", thousands(MAX_NODES)),
                "an alias or constant named twice is written out twice, so a chain that names the one before it twice doubles at each step: break the chain, or name a struct, which is resolved once per use",
            ),
        };
        let span = self.within.as_ref().and_then(|w| w.declared).unwrap_or(fallback);
        HARN_TOO_LARGE.diag(message).help(help).at(Origin::span(source, span.range()))
    }
}

/// The nodes a module may still build.
#[derive(Default)]
pub struct Budget {
    built: Cell<usize>,
    reported: Cell<bool>,
}

impl Budget {
    /// Counts `nodes` more; past [`MAX_NODES`], the size limit is crossed.
    pub fn spend(&self, nodes: usize) -> Result<(), Exceeded> {
        let built = self.built.get().saturating_add(nodes);
        self.built.set(built);
        if built > MAX_NODES { Err(Exceeded::new(Limit::Size)) } else { Ok(()) }
    }

    /// True the first time it is asked only: the size limit is reported once.
    pub fn first_report(&self) -> bool {
        !self.reported.replace(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No fixture can build exactly a million nodes; the bound itself is tested here.
    #[test]
    fn the_budget_holds_max_nodes_and_not_one_more() {
        let budget = Budget::default();
        assert!(budget.spend(MAX_NODES - 1).is_ok());
        assert!(budget.spend(1).is_ok(), "MAX_NODES nodes are allowed");
        assert_eq!(budget.spend(1).map_err(|e| e.limit), Err(Limit::Size), "one more is not");

        // Crossing the bound in one step, without passing through it.
        let budget = Budget::default();
        assert!(budget.spend(MAX_NODES - 1).is_ok());
        assert!(budget.spend(2).is_err());
    }
}
