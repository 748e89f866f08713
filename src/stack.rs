//! Stack growth for the recursive readers, walkers and comparers whose depth the
//! input decides: Harn source, and the schemas `diff` compares (`stacker`, as rustc
//! uses it). Library users and test threads run on small stacks; the binary's own
//! large one is not something a library may count on.

/// Below this much stack left, the next level runs on a new stack segment. It covers
/// the deepest path between two checks with room to spare: a level of the parser
/// takes about 10 KiB in a debug build, a level of the schema comparison more.
const RED_ZONE: usize = 128 * 1024;

/// The size of each new segment: a few hundred levels of a debug build.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, on a new stack segment if the current one is nearly used up.
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
