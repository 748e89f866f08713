//! The fields of a tool other than its schemas: what it is called and says it does,
//! what it promises (annotations, execution), who sees it (audiences) and how the
//! generated CLI spells it. One file per kind of change.

mod description;

use super::Change;
use super::tools::ToolPair;

/// Every change in the metadata of one tool present on both sides.
pub(super) fn compare(pair: &ToolPair<'_>, out: &mut Vec<Change>) {
    description::compare(pair, out);
}
