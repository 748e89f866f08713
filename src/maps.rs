//! Hash maps and sets for the lookups every tool goes through (names, command paths,
//! argument spellings), hashed with foldhash rather than std's SipHash: a catalog's
//! keys are short, and SipHash alone was several percent of a compile.

/// A [`std::collections::HashMap`] with foldhash's hasher; make one with `default()`
/// or `with_capacity_and_hasher(n, Default::default())`.
pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A [`std::collections::HashSet`] with foldhash's hasher.
pub type HashSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;
