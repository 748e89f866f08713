//! Links the binary (and the benchmarks' yardstick beside it) at a fixed address on
//! Linux.

fn main() {
    // A position-independent executable has its 41,000 pointers to its own code and
    // data rewritten by the dynamic loader at every start: 160 pages written, and of a
    // 117-tool TypeScript SDK's 9 ms of CPU, 0.8 ms; of `--version`, 40%. harn-catalog
    // is a short process run many times (commit hooks, CI steps, editors), so its
    // pointers are settled once, at link time. What it gives up is the randomised
    // address of its own code (its libraries, heap and stack stay randomised), a
    // hardening against memory corruption, which its safe Rust does not invite.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
        println!("cargo:rustc-link-arg-examples=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
