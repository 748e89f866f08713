//! `collect_seeds ROOT OUT [TARGET…]`: the seeds of each fuzz target (all, or those
//! named) copied from the repository at ROOT into `OUT/<target>/`, as `make fuzz`
//! starts AFL++ from them. Each folder is emptied first. A seed with the bytes of an
//! open fault (`fuzz/open/<target>/`) is left out, as `tests/it/fuzz_regressions.rs`
//! leaves it out: AFL++ would skip it as a crash and say nothing more.

use std::path::PathBuf;

use harn_catalog_fuzz::targets::{self, TARGETS};

fn main() {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let (Some(root), Some(out)) = (args.next(), args.next()) else {
        eprintln!("usage: collect_seeds ROOT OUT [TARGET…]");
        std::process::exit(2);
    };
    let named: Vec<String> = args.map(|a| a.to_string_lossy().into_owned()).collect();
    for target in TARGETS.iter().filter(|t| named.is_empty() || named.iter().any(|n| n == t.name)) {
        let dir = out.join(target.name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the seed folder can be made");
        let open: Vec<Vec<u8>> = std::fs::read_dir(root.join("fuzz/open").join(target.name))
            .map(|entries| entries.flatten().filter_map(|e| std::fs::read(e.path()).ok()).collect())
            .unwrap_or_default();
        let seeds: Vec<_> = (target.seeds)(&root).into_iter().filter(|s| !open.contains(&s.bytes)).collect();
        for seed in &seeds {
            std::fs::write(dir.join(&seed.name), &seed.bytes).expect("a seed can be written");
        }
        println!("{:<18} {} seeds", target.name, seeds.len());
    }
    let unknown: Vec<&String> = named.iter().filter(|n| targets::target(n).is_none()).collect();
    if !unknown.is_empty() {
        eprintln!("no fuzz target named {unknown:?}");
        std::process::exit(2);
    }
}
