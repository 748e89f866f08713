//! Context budgets (`[[budget]]` in `harn-catalog.toml`): whether the tools a client
//! preloads fit what their definitions may cost its context.

use super::{Capability, Cost, Index};

/// What a budget allows and which tools it preloads.
pub struct Limits<'b> {
    /// Tool names or canonical IDs; `None`: every model-discoverable tool not loaded on
    /// demand.
    pub preload: Option<&'b [String]>,
    pub tokens: Option<usize>,
    pub bytes: Option<usize>,
}

/// How many of the largest preloaded tools an overrun names.
pub const NAMED: usize = 5;

/// The outcome of holding an index to a budget.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The preloaded tools fit: their total cost.
    Fits(Cost),
    /// They do not: their total, and the largest of them (at most [`NAMED`]), largest
    /// first, each with its cost.
    Over { total: Cost, largest: Vec<(String, Cost)> },
    /// Some names of `preload` are no tool's.
    Unknown(Vec<String>),
}

/// Holds `index` to `limits`.
pub fn check(index: &Index, limits: &Limits<'_>) -> Verdict {
    let preloaded: Vec<&Capability> = match limits.preload {
        Some(names) => {
            let unknown: Vec<String> = names
                .iter()
                .filter(|n| !index.capabilities.iter().any(|c| &c.id == *n || &c.name == *n))
                .cloned()
                .collect();
            if !unknown.is_empty() {
                return Verdict::Unknown(unknown);
            }
            index.capabilities.iter().filter(|c| names.iter().any(|n| n == &c.id || n == &c.name)).collect()
        }
        None => index.capabilities.iter().filter(|c| c.model_discoverable && !c.defer_loading).collect(),
    };
    let total = Cost::total(preloaded.iter().map(|c| &c.cost));
    let over = limits.tokens.is_some_and(|t| total.tokens > t) || limits.bytes.is_some_and(|b| total.bytes > b);
    if !over {
        return Verdict::Fits(total);
    }
    let mut largest: Vec<&Capability> = preloaded;
    largest.sort_by(Capability::by_cost);
    Verdict::Over { total, largest: largest.into_iter().take(NAMED).map(|c| (c.id.clone(), c.cost)).collect() }
}

/// The message of a budget `name` that `verdict` says is not met; `None` when it is.
pub fn message(name: &str, limits: &Limits<'_>, verdict: &Verdict) -> Option<String> {
    match verdict {
        Verdict::Fits(_) => None,
        Verdict::Unknown(names) => Some(format!(
            "budget {name:?}: preload names no tool {}; give tool names or IDs as `harn-catalog index` prints them",
            names.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(", ")
        )),
        Verdict::Over { total, largest } => {
            let allowed = match (limits.tokens, limits.bytes) {
                (Some(t), Some(b)) => format!("{t} tokens and {b} bytes"),
                (Some(t), None) => format!("{t} tokens"),
                (None, Some(b)) => format!("{b} bytes"),
                (None, None) => "nothing".to_owned(),
            };
            let named = largest
                .iter()
                .map(|(id, cost)| format!("{id} ({} tokens, {} bytes)", cost.tokens, cost.bytes))
                .collect::<Vec<_>>()
                .join(", ");
            Some(format!(
                "budget {name:?}: the preloaded tools take {} tokens ({} bytes), over its {allowed}; the largest: {named}; defer or trim them, or raise the budget",
                total.tokens, total.bytes
            ))
        }
    }
}
