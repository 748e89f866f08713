//! The fuzz targets' checks (`fuzz/src/targets.rs`, included here as it is compiled
//! into the fuzz binaries) run on every seed `make fuzz` starts from and on every
//! input the fuzzer found a fault with (`fuzz/regressions/<target>/`): what was fixed
//! stays fixed, and the seeds hold every invariant before a fuzzer mutates them.
//!
//! A fault found and reported but not fixed yet keeps its input in
//! `fuzz/open/<target>/`: the check must still fail on it (once it passes, the input
//! moves to `fuzz/regressions/`), and a seed with the same bytes is that fault, not
//! replayed twice.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use crate::common;

#[path = "../../fuzz/src/targets.rs"]
#[allow(dead_code)]
pub(crate) mod targets;

use targets::{Seed, TARGETS, Target};

/// The inputs of `folder` (`regressions` or `open`) for `target`: `fuzz/<folder>/<target>/*`.
fn saved(folder: &str, target: &Target) -> Vec<Seed> {
    let dir = common::root().join("fuzz").join(folder).join(target.name);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    found.sort();
    found
        .into_iter()
        .map(|path| Seed { name: path.display().to_string(), bytes: std::fs::read(&path).unwrap() })
        .collect()
}

/// Runs `target`'s check on its regressions and seeds; fails naming every input whose
/// check failed.
fn replay(name: &str) {
    targets::use_work_dir(Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-work"));
    let target = targets::target(name).unwrap_or_else(|| panic!("no fuzz target {name}"));
    let seeds = (target.seeds)(&common::root());
    assert!(!seeds.is_empty(), "target {name} has no seeds");
    let open: Vec<Vec<u8>> = saved("open", target).into_iter().map(|s| s.bytes).collect();
    let seeds = seeds.into_iter().filter(|seed| !open.contains(&seed.bytes));
    let inputs = saved("regressions", target).into_iter().chain(seeds);
    let failed: Vec<String> = inputs
        .filter(|input| catch_unwind(AssertUnwindSafe(|| (target.check)(&input.bytes))).is_err())
        .map(|input| input.name)
        .collect();
    assert!(failed.is_empty(), "the {name} check failed on (see the panics above):\n{}", failed.join("\n"));
}

macro_rules! replayed {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                replay(stringify!($name));
            }
        )*

        /// Every target is replayed here.
        const REPLAYED: &[&str] = &[$(stringify!($name)),*];
    };
}

replayed!(
    declaration_json,
    declaration_yaml,
    declaration_toml,
    catalog,
    harn_exports,
    harn_script,
    harness,
    skill,
    config,
    import_mcp,
    import_docker,
    diff,
);

/// Every open fault is still there: its check fails.
#[test]
fn open_faults_still_fail() {
    targets::use_work_dir(Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-work"));
    for target in TARGETS {
        for input in saved("open", target) {
            let passed = catch_unwind(AssertUnwindSafe(|| (target.check)(&input.bytes))).is_ok();
            assert!(!passed, "{} passes its check now: move it to fuzz/regressions/{}/", input.name, target.name);
        }
    }
}

/// Every target has a fuzz binary (`fuzz/fuzz_targets/<name>.rs`) and is replayed
/// here; every binary and every regression folder belongs to a target.
#[test]
fn every_target_has_a_binary_a_replay_and_only_its_regressions() {
    let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
    assert_eq!(REPLAYED, names.as_slice(), "a target is not replayed, or not in TARGETS");
    let listed = |dir: &str, suffix: &str| -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(common::root().join(dir)) else {
            return Vec::new();
        };
        let mut found: Vec<String> = entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(suffix).map(str::to_owned))
            .collect();
        found.sort();
        found
    };
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(listed("fuzz/fuzz_targets", ".rs"), sorted, "fuzz/fuzz_targets/ and TARGETS differ");
    let manifest = std::fs::read_to_string(common::root().join("fuzz/Cargo.toml")).unwrap();
    for name in &names {
        assert!(manifest.contains(&format!("name = \"{name}\"")), "fuzz/Cargo.toml has no binary {name}");
    }
    for folder in ["regressions", "open"] {
        for name in listed(&format!("fuzz/{folder}"), "") {
            assert!(names.contains(&name.as_str()), "fuzz/{folder}/{name} names no target");
        }
    }
}
