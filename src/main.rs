//! The `harn-catalog` command line: clap parses the arguments, the command runs, what
//! it hands back is printed, and how it ended becomes the exit code (0 success, 1
//! rejected input, 2 usage or unreadable input; spec/decisions.md 12).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use harn_catalog::commands::{Cli, Outcome, Run};
use harn_catalog::diagnostics::{Failed, Log};

// glibc's allocator degrades badly (free-list scans) on the many short-lived
// allocations of schema compilation over a large live heap; mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code: success.
const OK: u8 = 0;
/// Exit code: the input was rejected.
const REJECTED: u8 = 1;
/// Exit code: a usage error, or an input that could not be read.
const USAGE: u8 = 2;

fn main() -> ExitCode {
    harn_catalog::process::tune_for_a_short_run();
    let cli = Cli::parse();
    // Inputs are bounded in depth, but the schema compiler and the serialisers recurse:
    // a generous stack keeps every bounded input far from its end.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || {
        // The thread is worker 0 of the pool the command's parallel parts use, so that
        // it takes part in them rather than wake the pool and sleep until they are done.
        // Without the pool (a thread it could not start), they run on rayon's default.
        let _ = rayon::ThreadPoolBuilder::new().use_current_thread().build_global();
        let code = run(&cli.command);
        // The process ends here rather than back in `main`: the thread's own ending
        // (its allocator heap collected, its 256 MB stack unmapped) would be work
        // that the end of the process does anyway.
        std::process::exit(i32::from(code))
    });
    // The worker ends the process; `join` returns only when it panicked.
    if let Ok(handle) = worker {
        let _ = handle.join();
    }
    eprintln!("error: harn-catalog stopped unexpectedly; please report this with the input that caused it");
    ExitCode::from(USAGE)
}

/// Runs the command, its messages on stderr as they come; prints what it hands back;
/// the exit code.
fn run(command: &impl Run) -> u8 {
    let renderer = command.renderer();
    let mut log = Log::new(&renderer, |text| {
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    })
    .quiet(command.quiet());
    let outcome = command.run(&mut log);
    log.finish(outcome.ended);
    let code = exit_code(&outcome);
    // The process ends next: freeing a large catalog piece by piece would only cost time.
    let Outcome { stdout, leftovers, .. } = outcome;
    std::mem::forget(leftovers);
    let mut out = std::io::stdout().lock();
    // A closed pipe is a usage problem, not a crash.
    let printed = stdout.write_to(&mut out).and_then(|()| out.flush());
    std::mem::forget(stdout);
    if printed.is_err() { USAGE } else { code }
}

fn exit_code(outcome: &Outcome) -> u8 {
    match outcome.ended {
        Ok(()) => OK,
        Err(Failed::Refused) => REJECTED,
        Err(Failed::Unusable) => USAGE,
    }
}
