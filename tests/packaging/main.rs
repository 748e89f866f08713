//! The packaging tests: the Python wheel (`wheel`) and the pre-commit hooks that install
//! it (`pre_commit`). They are a test binary of their own because building a wheel from
//! the tests' build has maturin link `target/debug/harn-catalog` again (stripped), and a
//! test of `it` starting that binary at that instant would find no file: cargo runs
//! test binaries one after another, so nothing else runs then. Within this binary the
//! tests take turns ([`MATURIN`]) for the same reason.

use std::sync::{Mutex, MutexGuard, PoisonError};

#[path = "../it/common.rs"]
mod common;
mod pre_commit;
mod wheel;

/// Held by a test for as long as it builds a wheel or runs the binary one rebuilds.
static MATURIN: Mutex<()> = Mutex::new(());

/// The turn of the calling test (a test that failed before gives its turn up all the same).
fn turn() -> MutexGuard<'static, ()> {
    MATURIN.lock().unwrap_or_else(PoisonError::into_inner)
}
