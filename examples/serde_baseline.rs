//! The yardstick of `make bench`: a plain serde_json parse and serialise of a file,
//! with the same allocator, process settings and JSON settings as harn-catalog.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    harn_catalog::process::tune_for_a_short_run();
    let mut args = std::env::args().skip(1);
    let (input, output) =
        (args.next().expect("usage: serde_baseline IN OUT"), args.next().expect("usage: serde_baseline IN OUT"));
    let text = std::fs::read_to_string(input).expect("readable input");
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut out = serde_json::to_string(&value).expect("serialisable");
    out.push('\n');
    std::fs::write(output, out).expect("writable output");
}
