//! Process-wide settings for a short-lived run, made at the start of `main` by the
//! binary and by the yardstick `make bench` compares it with, so that both are
//! measured under the same allocator and kernel settings.

/// mimalloc's `mi_option_purge_delay` (mimalloc.h), which libmimalloc-sys does not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Keeps freed memory for the rest of the process and opts out of transparent huge
/// pages. Call first thing in `main`, before any other thread starts.
pub fn tune_for_a_short_run() {
    // mimalloc hands freed memory back to the kernel after 10 ms by default, and a
    // compilation that frees a parse tree and then builds a catalog faults it straight
    // back in, each page zeroed again (over half the time of a 10,000-tool registry).
    // The process ends in seconds: keep what it freed until then.
    // SAFETY: sets a process-wide allocator option; no other thread runs yet.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    // Transparent huge pages are zeroed 2 MB at a time, and each may wait for the
    // kernel to compact memory: with them a 10,000-tool registry peaked 30 MB higher
    // and spent anywhere from 0.1 to 1.3 s in the kernel on a busy machine. mimalloc
    // reads its own THP option before `main`, so the process opts out instead, and
    // mimalloc is built not to advise huge pages (libmimalloc-sys's `no_thp`, in
    // Cargo.toml) for the arena it reserves before this runs.
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with integer arguments only; failure just leaves THP as it was.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
