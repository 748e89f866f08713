//! Prints a synthetic registry declaration of N tools (default 10,000) for `make bench`.

#[path = "../benches/support/generate.rs"]
mod generate;

fn main() {
    let tools = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(10_000);
    println!("{}", generate::registry(tools));
}
