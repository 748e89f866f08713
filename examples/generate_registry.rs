//! Prints a synthetic registry declaration of N tools (default 10,000) for `make bench`;
//! with `same-name`, N definitions of one tool on one line instead; with `changed`, the
//! registry with one tool in a hundred changed (the NEW side of `diff`); with
//! `shape=NAME`, a registry of one of `generate::SHAPES` (component graphs, legacy maps,
//! deep nesting).

#[path = "../benches/support/generate.rs"]
mod generate;

fn main() {
    let mut args = std::env::args().skip(1);
    let tools = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    match args.next().as_deref() {
        Some("same-name") => println!("{}", generate::same_named(tools)),
        Some("changed") => println!("{}", generate::changed(tools)),
        Some(other) if other.starts_with("shape=") => match generate::shaped(tools, &other["shape=".len()..]) {
            Some(registry) => println!("{registry}"),
            None => {
                eprintln!("unknown shape {other:?}; one of {:?}", generate::SHAPES);
                std::process::exit(2);
            }
        },
        _ => println!("{}", generate::registry(tools)),
    }
}
