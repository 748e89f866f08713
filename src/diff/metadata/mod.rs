//! The fields of a tool other than its schemas: what it is called and says it does,
//! what it promises (annotations, execution, policy), who sees it (audiences) and how
//! the generated CLI spells it; and the catalog's own `info` and parent commands.
//! One file per kind of change; `other` reports what no rule of its own judges.

mod annotations;
mod audiences;
mod cli;
mod cli_arguments;
mod description;
mod execution;
mod other;
mod policy;

use super::Change;
use super::pair::ToolPair;
use crate::contract::ToolCatalog;

/// Every change in the metadata of one tool present on both sides.
pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    // Most tools of a large catalog are unchanged: one comparison settles them.
    if pair.old == pair.new {
        return;
    }
    description::compare(pair, out);
    annotations::compare(pair, out);
    audiences::compare(pair, out);
    cli::compare(pair, out);
    cli_arguments::compare(pair, out);
    execution::compare(pair, out);
    let level_reported = policy::compare(pair, out);
    other::compare(pair, level_reported, out);
}

/// Every change in the metadata of the catalog itself: its `info` and the aliases and
/// texts of its parent commands.
pub(super) fn compare_catalogs(old: &ToolCatalog, new: &ToolCatalog, out: &mut Vec<Change>) {
    other::compare_info(old, new, out);
    cli::compare_commands(old, new, out);
}
