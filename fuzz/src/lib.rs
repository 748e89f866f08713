//! The fuzz targets of harn-catalog's front ends: the checks each target runs on
//! every input and the seeds it starts from ([`targets`]), shared with the
//! regression test (`tests/it/fuzz_regressions.rs`), which includes the same file.

pub mod targets;

/// Runs the target `name` under AFL++: every input goes through its check. The
/// folders a check touches are made under `HARN_FUZZ_WORK` (else a temporary folder),
/// before AFL++'s fork server starts, so that every process it forks shares them.
pub fn run(name: &str) {
    let target = targets::target(name).unwrap_or_else(|| panic!("no fuzz target {name:?}"));
    if let Some(work) = std::env::var_os("HARN_FUZZ_WORK") {
        targets::use_work_dir(work.into());
    }
    targets::prepare(target);
    afl::fuzz!(|data: &[u8]| {
        (target.check)(data);
    });
}
