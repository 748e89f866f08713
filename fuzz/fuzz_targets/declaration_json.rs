//! Fuzz target `declaration_json`: each input AFL++ makes goes through its check in
//! `src/targets.rs`.

fn main() {
    harn_catalog_fuzz::run("declaration_json");
}
