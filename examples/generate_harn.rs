//! Prints a synthetic `.harn` module of about N lines (default 50,000) for `make bench`.

#[path = "../benches/support/generate_harn.rs"]
mod generate_harn;

fn main() {
    let lines = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(50_000);
    print!("{}", generate_harn::module(lines));
}
